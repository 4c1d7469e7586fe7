/**
 * Enum members qualified by their enum: `barrage_result.dg` and `terrain_category.open` are
 * read wherever a bare member is (a comparison, a set, a `with` binding, an example's given
 * and expected values), and the same member of two enums is told apart by its qualified form.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../../../compiler/compile.ts";
import { enginesOf, resolveVector, type EngineModule, type NamedEngine } from "../../support/engines.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

const DOCUMENT = `${frontMatter("Barrage")}
# 1.0 Barrage

**1.1** A barrage result of DG disrupts a hex in the open; in close terrain it takes a DG or a hit.

\`\`\`rules
enum barrage_result "Barrage result" { miss "Miss", dg "DG", hit "Hit" }
enum terrain_category "Terrain category" { open "Open", close "Close" }
enum weather "Weather" { open "Open skies", storm "Storm" }
input result "Result": barrage_result "The barrage result"
input terrain "Terrain": terrain_category = terrain_category.open "The hex's terrain"
input sky "Weather": weather = weather.open "The weather"
let disrupted "Disrupted" = result == barrage_result.dg and terrain == terrain_category.open and sky == weather.open "A barrage result of DG disrupts a hex in the open"
let struck "Struck" = terrain == terrain_category.close and result in {barrage_result.dg, hit} "in close terrain it takes a DG or a hit"
let ground "Ground" = terrain "in close terrain"
procedure barrage { output disrupted, struck }
procedure close_barrage {
  with terrain = terrain_category.close
  output struck, ground
}
example "Constructed: 1.1 DG in the open" {
  procedure barrage
  given result = barrage_result.dg, terrain = terrain_category.open
  expect disrupted = true, struck = false
}
example "Constructed: 1.1 a hit in close terrain" {
  procedure close_barrage
  given result = barrage_result.hit
  expect struck = true, ground = terrain_category.close
}
\`\`\`
`;

describe("members qualified by their enum", () => {
  let root: string;
  let engines: NamedEngine[];

  beforeAll(async () => {
    root = documentCorpus(DOCUMENT).root;
    engines = enginesOf(await compile({ root }), "qualified members");
  });
  afterAll(() => removeTemp(root));

  const engine = (name: string): Promise<EngineModule> => engines.find((e) => e.name.endsWith(`/${name}`))!.load();

  it("reads them in comparisons, sets and defaults, and the engine computes with them", async () => {
    const barrage = await engine("barrage");
    const outputs = (input: object) => barrage.resolve(input).outputs;
    expect(outputs({ result: "dg" })).toEqual({ disrupted: true, struck: false });
    expect(outputs({ result: "dg", sky: "storm" })).toEqual({ disrupted: false, struck: false });
    expect(outputs({ result: "dg", terrain: "close" })).toEqual({ disrupted: false, struck: true });
    expect(outputs({ result: "miss", terrain: "close" })).toEqual({ disrupted: false, struck: false });
  });

  it("reads them in `with` bindings and in examples, whose vectors pass through the engine", async () => {
    const vectors = engines.flatMap((e) => e.vectors().map((v) => ({ e, v })));
    expect(vectors.map(({ v }) => v.input)).toEqual([{ result: "dg", terrain: "open", sky: "open" }, { result: "hit" }]);
    expect(vectors.map(({ v }) => v.expect.outputs)).toEqual([{ disrupted: true, struck: false }, { struck: true, ground: "close" }]);
    for (const { e, v } of vectors) expect(resolveVector(await e.load(), v).outputs).toEqual(v.expect.outputs);
    expect((await engine("close_barrage")).resolve({ result: "dg" }).outputs).toEqual({ struck: true, ground: "close" });
  });
});

describe("mistakes with qualified members", () => {
  const diagnostics = async (rules: string) => {
    const { root } = documentCorpus(`${frontMatter("Members")}\n# 1.0 Members\n\n**1.1** Units move.\n\n\`\`\`rules\n${rules}\n\`\`\`\n`);
    try {
      return (await compile({ root })).diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.message} ${d.hint}`);
    } finally {
      removeTemp(root);
    }
  };
  const ENUMS = `enum terrain_category { open, close }\nenum weather { open, storm }\ninput terrain: terrain_category\n`;

  it("names the enum's members when the member is not one of them", async () => {
    expect(await diagnostics(`${ENUMS}let x = terrain == terrain_category.opne`)).toEqual([expect.stringMatching(/^HX0203 Unknown name `terrain_category.opne`.* did you mean `terrain_category.open`\?$/)]);
    expect(await diagnostics(`${ENUMS}let x = terrain == terrain_category.swamp`)).toEqual([expect.stringMatching(/^HX0203 .*`terrain_category.swamp`.* members of terrain_category: open, close$/)]);
  });

  it("refuses a member of another enum, qualified or not", async () => {
    expect(await diagnostics(`${ENUMS}let x = terrain == weather.storm`)).toEqual([expect.stringMatching(/^HX0302 `==` cannot combine weather .* and terrain_category/)]);
    expect(await diagnostics(`${ENUMS}input sky: weather = terrain_category.open`)).toEqual([expect.stringMatching(/^HX0301 The default of `sky`/)]);
  });

  it("suggests the qualified forms for a bare member two enums share", async () => {
    expect(await diagnostics(`${ENUMS}let x = open`)).toEqual([expect.stringContaining("name it with its enum: `terrain_category.open` or `weather.open`")]);
  });
});
