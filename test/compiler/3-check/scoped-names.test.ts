/**
 * Names scoped by chapter (issue 25.3): 9.0 and 10.0 each define `column_shift` and
 * `final_column`, and each procedure reads its own chapter's; 11.0 reads `base_column`, which
 * only 9.0 defines, and 10.0's `final_column` by its qualified name `ch10.final_column`. Outside
 * the language a definition keeps its name, but in an engine that reads two of one name each is
 * called by its chapter (`ch9.final_column`).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile, type CompileResult } from "../../../compiler/compile.ts";
import { enginesOf, type NamedEngine } from "../../support/engines.ts";
import { copyCorpus, EMPTY, frontMatter, removeTemp } from "../../support/repo.ts";

const CHAPTER_9 = `${frontMatter("Ground Combat", "9.0")}
# 9.0 Ground Combat

**9.1** Combat starts on the column of the odds. Surprise shifts it 1 column to the right.

\`\`\`rules
input odds_column "Odds column": integer 1..10 "The column of the odds"
input surprise "Surprise": boolean = false
let base_column "Base column" = odds_column "Combat starts on the column of the odds."
let column_shift "Surprise shift" = if surprise then 1 else 0 "Surprise shifts it 1 column to the right."
let final_column "Combat column" = base_column + column_shift "Surprise shifts it 1 column to the right."
procedure ground_combat { output base_column, column_shift, final_column }
example "Surprise at the 4th column" {
  procedure ground_combat
  given odds_column = 4, surprise = true
  expect column_shift = 1, final_column = 5, ch9.final_column = 5
}
\`\`\`
`;

const CHAPTER_10 = `${frontMatter("Barrage", "10.0")}
# 10.0 Barrage

**10.1** Barrage starts on the column of the barrage points. Spotters shift it 2 columns to the right.

\`\`\`rules
input points_column "Barrage points column": integer 1..10 "The column of the barrage points"
input spotter "Spotter": boolean = false
let column_shift "Spotter shift" = if spotter then 2 else 0 "Spotters shift it 2 columns to the right."
let final_column "Barrage column" = points_column + column_shift "Spotters shift it 2 columns to the right."
procedure barrage { output column_shift, final_column }
example "A spotted barrage at the 3rd column" {
  procedure barrage
  given points_column = 3, spotter = true
  expect column_shift = 2, final_column = 5
}
\`\`\`
`;

const CHAPTER_11 = `${frontMatter("Exploitation", "11.0")}
# 11.0 Exploitation

**11.1** Exploitation uses the base column of combat, and compares it with the barrage column.

\`\`\`rules
let exploit_column "Exploitation column" = base_column "Exploitation uses the base column of combat"
let above_barrage "Above the barrage column" = exploit_column > ch10.final_column "compares it with the barrage column"
procedure exploitation { output exploit_column, above_barrage, ch9.final_column }
example "The 6th column against a barrage on the 5th" {
  procedure exploitation
  given odds_column = 6, points_column = 3
  assume ch10.column_shift = 2
  expect exploit_column = 6, above_barrage = true, ch9.final_column = 6
}
\`\`\`
`;

describe("names scoped by chapter", () => {
  let root: string;
  let result: CompileResult;
  let engines: NamedEngine[];
  beforeAll(async () => {
    root = copyCorpus(EMPTY);
    writeFileSync(join(root, "rules/t/1/09-ground-combat.md"), CHAPTER_9);
    writeFileSync(join(root, "rules/t/1/10-barrage.md"), CHAPTER_10);
    writeFileSync(join(root, "rules/t/1/11-exploitation.md"), CHAPTER_11);
    result = await compile({ root });
    engines = enginesOf(result, "scoped-names");
  });
  afterAll(() => removeTemp(root));

  it("compiles two chapters that define the same names, and runs every example", () => {
    expect(result.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([]);
    expect(result.ok).toBe(true);
  });

  const resolve = async (procedure: string, input: Record<string, unknown>) => {
    const engine = await engines.find((e) => e.name.endsWith(`/${procedure}`))!.load();
    const checked = engine.check(input);
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    return engine.resolve(checked.value, {});
  };

  it("reads each chapter's own definition, called by its name in an engine that reads only that one", async () => {
    const combat = await resolve("ground_combat", { odds_column: 4, surprise: true });
    expect(combat.outputs).toEqual({ base_column: 4, column_shift: 1, final_column: 5 });
    const barrage = await resolve("barrage", { points_column: 3, spotter: true });
    expect(barrage.outputs).toEqual({ column_shift: 2, final_column: 5 });
    const shift = barrage.trace.find((s) => s.name === "column_shift");
    expect(shift).toMatchObject({ label: "Spotter shift", paragraph: "10.1", value: 2 });
  });

  it("reaches a name one other chapter defines, and any chapter's by its qualified name, which an engine reading both answers with", async () => {
    const exploitation = await resolve("exploitation", { odds_column: 6, points_column: 6 });
    expect(exploitation.outputs).toEqual({ exploit_column: 6, above_barrage: false, "ch9.final_column": 6 });
    const names = exploitation.trace.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(["ch9.final_column", "ch10.final_column", "ch9.column_shift", "ch10.column_shift", "base_column"]));
  });

  it("names shared definitions by their chapter in the vectors (assume and expect)", () => {
    const vector = JSON.parse(result.files.get("t/1/exploitation.vectors.json") ?? "null");
    expect(vector, [...result.files.keys()].filter((k) => k.includes("vectors")).join(", ")).not.toBeNull();
    const [first] = vector.vectors;
    expect(first.assume).toEqual({ "ch10.column_shift": 2 });
    expect(first.expect.outputs).toEqual({ exploit_column: 6, above_barrage: true, "ch9.final_column": 6 });
    // 9.0's example expects `ch9.final_column` of an engine that reads only 9.0's: there it is `final_column`.
    const combat = JSON.parse(result.files.get("t/1/ground_combat.vectors.json") ?? "null");
    expect(combat.vectors[0].expect.outputs).toEqual({ column_shift: 1, final_column: 5 });
  });
});
