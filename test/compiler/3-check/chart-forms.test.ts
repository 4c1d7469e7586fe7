/**
 * Column shifts ("Left 2", "None", "Right 1") and die-roll modifiers ("+1", "-2", "−1") are
 * whole numbers a chart prints in its own way: `shift` and `drm` read them, as cells and as
 * headers, without a notation; anywhere else they are integers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../../../compiler/compile.ts";
import { parseForm } from "../../../compiler/3-check/chart-forms.ts";
import { compiledEngines, type EngineModule } from "../../support/engines.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

function document(terrainCell: string): string {
  return `${frontMatter("Chart forms")}
# 1.0 Chart forms

**1.1** Close terrain shifts the barrage left; density shifts it by the REs in the hex.

\`\`\`rules
enum terrain "Terrain" { open "Open", close "Close", very_close "Very Close" }
input target_terrain: terrain
input density_row: integer >= -1 <= 2
input modifier_row: integer >= -2 <= 1
table terrain_shifts = chart "terrain-shifts" { rows: terrain, columns: enum { shift "Shift" }, cells: shift }
table terrain_drms = chart "terrain-drms" { rows: terrain, columns: enum { drm "DRM" }, cells: drm }
table density = chart "density" { rows: shift, columns: drm, cells: integer }
let terrain_shift = terrain_shifts[target_terrain, shift]
let terrain_drm = terrain_drms[target_terrain, drm]
let density_value = density[density_row, modifier_row]
procedure p {
  output terrain_shift, terrain_drm, density_value
}
\`\`\`

:::chart[Terrain shifts]{#terrain-shifts}
| Terrain    | Shift   |
|------------|---------|
| Open       | ${terrainCell} |
| Close      | Left 1  |
| Very Close | Left 2  |
:::

:::chart[Terrain DRMs]{#terrain-drms}
| Terrain    | DRM |
|------------|-----|
| Open       | +1  |
| Close      | 0   |
| Very Close | −2  |
:::

:::chart[Density]{#density}
| Shift   | -2 | −1 | 0 | +1 |
|---------|----|----|---|----|
| Left 1  | 1  | 2  | 3 | 4  |
| None    | 5  | 6  | 7 | 8  |
| Right 1 | 9  | 10 | 11 | 12 |
| Right 2 | 13 | 14 | 15 | 16 |
:::
`;
}

describe("shift and drm cells and headers", () => {
  let root: string;
  let engine: EngineModule;
  beforeAll(async () => {
    root = documentCorpus(document("None")).root;
    const [named] = await compiledEngines(root, "chart-forms");
    engine = await named.load();
  });
  afterAll(() => removeTemp(root));

  const resolve = (input: object) => {
    const checked = engine.check(input);
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    return engine.resolve(checked.value, {}).outputs;
  };

  it("reads Left n as −n, None as 0, Right n as n", () => {
    expect(resolve({ target_terrain: "open", density_row: 0, modifier_row: 0 }).terrain_shift).toBe(0);
    expect(resolve({ target_terrain: "close", density_row: 0, modifier_row: 0 }).terrain_shift).toBe(-1);
    expect(resolve({ target_terrain: "very_close", density_row: 0, modifier_row: 0 }).terrain_shift).toBe(-2);
  });

  it("reads +1 as 1 and −2 as −2", () => {
    expect(resolve({ target_terrain: "open", density_row: 0, modifier_row: 0 }).terrain_drm).toBe(1);
    expect(resolve({ target_terrain: "close", density_row: 0, modifier_row: 0 }).terrain_drm).toBe(0);
    expect(resolve({ target_terrain: "very_close", density_row: 0, modifier_row: 0 }).terrain_drm).toBe(-2);
  });

  it("finds a row by its shift and a column by its modifier, signs printed either way", () => {
    expect(resolve({ target_terrain: "open", density_row: -1, modifier_row: -2 }).density_value).toBe(1);
    expect(resolve({ target_terrain: "open", density_row: 0, modifier_row: -1 }).density_value).toBe(6);
    expect(resolve({ target_terrain: "open", density_row: 2, modifier_row: 1 }).density_value).toBe(16);
  });
});

describe("parseForm", () => {
  it("reads what charts print and nothing else", () => {
    expect(parseForm("Left 2", "shift")).toMatchObject({ min: -2, max: -2 });
    expect(parseForm("right  3", "shift")).toMatchObject({ min: 3, max: 3 });
    expect(parseForm("None", "shift")).toMatchObject({ min: 0, max: 0 });
    expect(Object.is(parseForm("Left 0", "shift")!.min, -0)).toBe(false);
    for (const text of ["L2", "Left", "Up 1", "+1", "Left -1"]) expect(parseForm(text, "shift")).toBeNull();
    expect(parseForm("+1", "drm")).toMatchObject({ min: 1, max: 1 });
    expect(parseForm("−1", "drm")).toMatchObject({ min: -1, max: -1 });
    expect(parseForm("-2", "drm")).toMatchObject({ min: -2, max: -2 });
    expect(parseForm("+3 or more", "drm")).toMatchObject({ min: 3, max: Infinity });
    for (const text of ["Left 1", "+", "one"]) expect(parseForm(text, "drm")).toBeNull();
  });
});

describe("a cell that is no shift", () => {
  it("is refused, saying how shifts are written", async () => {
    const { root } = documentCorpus(document("Lft 1"));
    try {
      const result = await compile({ root });
      const refused = result.diagnostics.filter((d) => d.code === "HX0402");
      expect(refused).toHaveLength(1);
      expect(refused[0].message).toContain("`Lft 1` is not a column shift: shifts are written Left 2, None, Right 1");
    } finally {
      removeTemp(root);
    }
  });
});
