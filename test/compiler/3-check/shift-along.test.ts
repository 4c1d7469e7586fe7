/**
 * `shift key by n along keys … at the ends …`: the key n places along a chart's columns (or
 * rows), stopping at the first or the last; the trace step cites the paragraph of the shift,
 * or, when the shift went past an end, the paragraph that says where it stops (OCS 9.1g).
 * Whole-number columns, range columns ("3-4", "5-7", "8+") and enum keys alike.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../../../compiler/compile.ts";
import { along, pastEnds } from "../../../compiler/runtime/lists.ts";
import { compiledEngines, generatedEngines, type EngineModule } from "../../support/engines.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

const DOCUMENT = `${frontMatter("Shifts")}
# 1.0 Shifts

**1.1** Shift the column by the shift rolled, and the row by the weather.

\`\`\`rules
enum weather "Weather" { clear "Clear", rain "Rain", storm "Storm" }
input start: integer >= 1 <= 9
input shift_by: integer >= -9 <= 9
input sky: weather
input worse_by: integer >= -3 <= 3
table fire = chart "fire" { rows: weather, columns: integer, cells: integer }
let shifted_column "Shifted column" =
  shift start by shift_by along columns(fire) "Shift the column by the shift rolled"
  at the ends @1.2 "Shifts past the edge of the chart stop at its last column."
let shifted_row "Shifted row" =
  shift sky by worse_by along rows(fire) "and the row by the weather"
  at the ends @1.2 "Shifts past the edge of the chart stop at its last column."
let shifted_cell "Shifted cell" = fire[shifted_row, shifted_column]
procedure p {
  output shifted_column, shifted_row, shifted_cell
}
\`\`\`

:::chart[Fire]{#fire}
| Weather | 1-2 | 3-4 | 5-7 | 8+ |
|---------|-----|-----|-----|----|
| Clear   | 1   | 2   | 3   | 4  |
| Rain    | 5   | 6   | 7   | 8  |
| Storm   | 9   | 10  | 11  | 12 |
:::

**1.2** Shifts past the edge of the chart stop at its last column.
`;

describe("shifting along a chart's columns and rows", () => {
  let root: string;
  let engine: EngineModule;
  beforeAll(async () => {
    root = documentCorpus(DOCUMENT).root;
    const [named] = await compiledEngines(root, "shift-along");
    engine = await named.load();
  });
  afterAll(() => removeTemp(root));

  const resolve = (input: object) => {
    const checked = engine.check(input);
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    return engine.resolve(checked.value, {});
  };
  const step = (result: ReturnType<typeof resolve>, name: string) => result.trace.find((s) => s.name === name)!;

  it("moves along range columns by place, a value inside a range starting from it", () => {
    // 6 is in the 5-7 column; two places right is past 8+: it stops there, citing 1.2.
    const past = resolve({ start: 6, shift_by: 2, sky: "clear", worse_by: 0 });
    expect(past.outputs).toMatchObject({ shifted_column: 8, shifted_cell: 4 });
    expect(step(past, "shifted_column").paragraph).toBe("1.2");
    const inside = resolve({ start: 6, shift_by: -1, sky: "clear", worse_by: 0 });
    expect(inside.outputs).toMatchObject({ shifted_column: 3, shifted_cell: 2 });
    expect(step(inside, "shifted_column").paragraph).toBe("1.1");
  });

  it("stops at the first column when shifted left past it", () => {
    const result = resolve({ start: 3, shift_by: -5, sky: "rain", worse_by: 0 });
    expect(result.outputs).toMatchObject({ shifted_column: 1, shifted_cell: 5 });
    expect(step(result, "shifted_column").paragraph).toBe("1.2");
  });

  it("moves along enum rows, stopping at the last", () => {
    expect(resolve({ start: 1, shift_by: 0, sky: "clear", worse_by: 1 }).outputs).toMatchObject({ shifted_row: "rain", shifted_cell: 5 });
    const past = resolve({ start: 1, shift_by: 0, sky: "rain", worse_by: 3 });
    expect(past.outputs).toMatchObject({ shifted_row: "storm", shifted_cell: 9 });
    expect(step(past, "shifted_row").paragraph).toBe("1.2");
    expect(step(resolve({ start: 1, shift_by: 0, sky: "storm", worse_by: -2 }), "shifted_row").paragraph).toBe("1.1");
  });
});

describe("the runtime", () => {
  const odds = [{ a: 1, d: 2 }, { a: 1, d: 1 }, { a: 2, d: 1 }];
  it("starts a key before the first or after the last from that end, and odds by value", () => {
    expect(along([1, 3, 5], 0, 1, "x")).toBe(3);
    expect(along([1, 3, 5], 9, -1, "x")).toBe(3);
    expect(pastEnds([1, 3, 5], 9, 1, "x")).toBe(1);
    expect(pastEnds([1, 3, 5], 1, -3, "x")).toBe(-3);
    expect(pastEnds([1, 3, 5], 3, 1, "x")).toBe(0);
    expect(along(odds, { a: 3, d: 2 }, 1, "x")).toEqual({ a: 2, d: 1 });
    expect(() => along(["a", "b"], "c", 1, "x")).toThrow();
  });
});

describe("OCS 9.1g's final column", () => {
  const ground = generatedEngines().find((e) => e.name === "ocs/4.3/ground_combat");
  it("cites 9.1g when a Surprise shift went past the last available column, 9.8 otherwise", async () => {
    const engine = await ground!.load();
    const given = (attack: number, defend: number) => {
      const checked = engine.check({
        attackers: [{ strength: attack, ar: 3, terrain_effect: 1 }], defenders: [{ strength: defend, ar: 3, terrain_effect: 1 }], terrain: "open", attacker_supply: 4,
      });
      if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
      return checked.value;
    };
    const past = engine.resolve(given(1, 4), { shift_roll: 5 }, { assume: { surprise: "defender" } });
    const final = (r: typeof past) => r.trace.find((s) => s.name === "final_column")!;
    expect(past.outputs.final_column).toBe(1);
    expect(final(past).paragraph).toBe("9.1g");
    expect(final(past).quote).toContain("using the last available column");
    const inside = engine.resolve(given(1, 12), { shift_roll: 6 }, { assume: { surprise: "attacker" } });
    expect(inside.outputs.final_column).toBe(7);
    expect(final(inside).paragraph).toBe("9.8");
  });
});

describe("a shift along keys of another type", () => {
  it("is refused, naming what the key must be", async () => {
    const { root } = documentCorpus(DOCUMENT.replace("shift start by shift_by along columns(fire)", "shift sky by shift_by along columns(fire)"));
    try {
      const result = await compile({ root });
      expect(result.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toEqual(["HX0301"]);
    } finally {
      removeTemp(root);
    }
  });
});
