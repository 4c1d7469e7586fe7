/**
 * Result notations declared in the rules language (`notation r = "-" | "DG" -> dg | steps { … }`):
 * the Barrage Table's, the Barrage vs Facility Table's and the OCS Combat Table's results are read
 * into records with defaults for absent parts, by a parser compiled from the declaration; the
 * declared combat notation reads every cell of the OCS Combat Table as grammar/ocs-combat-result.peggy
 * does; cells the notation cannot read and malformed declarations are coded errors at their place.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile, type CompileResult } from "../../../compiler/compile.ts";
import { MAX_NOTATION_PARTS } from "../../../compiler/3-check/compile-notation.ts";
import { GRAMMAR_DIR, grammarParser } from "../../../compiler/grammars.ts";
import { enginesOf, type NamedEngine } from "../../support/engines.ts";
import { documentCorpus, frontMatter, REPO, removeTemp } from "../../support/repo.ts";

const BARRAGE = `notation barrage_result "Barrage result" =
  "-" | "DG" -> dg | "[1/2]" -> half, bracketed | "1/2" -> half | steps -> dg
{
  steps "Steps lost": integer = 0
  dg "DG": boolean = false
  half "Roll for a step": boolean = false
  bracketed "Bracketed": boolean = false
}`;

const FACILITY = `notation facility_result "Facility result" =
  "-" | [levels " "] ["✳ " -> trainbusting] ["(" plane_check ")"]
{
  levels "Levels or hits": integer = 0
  trainbusting "Trainbusting": boolean = false
  plane_check "Plane check": integer | none
}`;

const COMBAT = `notation combat_result "Combat result" =
  "A" ("L" attacker_loss ["o" attacker_option] ["e" attacker_exploit] | "o" attacker_option ["e" attacker_exploit] | "e" attacker_exploit)
  [[" "] [","] [" "] "D" ("L" defender_loss ["o" defender_option] ["DG" -> defender_dg] | "o" defender_option ["DG" -> defender_dg] | "DG" -> defender_dg)]
{
  attacker_loss: integer = 0, attacker_option: integer = 0, attacker_exploit: integer | none,
  defender_loss: integer = 0, defender_option: integer = 0, defender_dg: boolean = false
}`;

const DOCUMENT = `${frontMatter("Barrage")}
# 1.0 Barrage

**1.1** Roll two dice on the Barrage Table; roll one die on the Barrage vs Facility Table.

:::chart[Barrage Table]{#barrage}
| Roll | 1 | 2     | 3   | 4 | 5 |
|------|---|-------|-----|---|---|
| 1    | - | DG    | 1/2 | 1 | 2 |
| 2    | - | [1/2] | 1/2 | 2 | 3 |
:::

:::chart[Barrage vs Facility]{#facility}
| Roll | 1   | 2     | 3       | 4       |
|------|-----|-------|---------|---------|
| 1    | -   | (5)   | ✳ (6)   | 1 (4)   |
| 2    | (6) | 1 (5) | 1 ✳ (4) | 2 ✳ (3) |
:::

\`\`\`rules
${BARRAGE}
${FACILITY}
${COMBAT}
input column "Column": integer 1..5
input facility_column "Facility column": integer 1..4
dice roll "Roll": 1d2
table barrage "Barrage Table" = chart "barrage" { rows: integer, columns: integer, cells: barrage_result }
table facility "Barrage vs Facility" = chart "facility" { rows: integer, columns: integer, cells: facility_result }
let result "Result" = barrage[roll, column] "Roll two dice on the Barrage Table"
let steps "Steps" = result.steps "Roll two dice on the Barrage Table"
let facility_result_read "Facility result" = facility[roll, facility_column] "roll one die on the Barrage vs Facility Table"
let check "Plane check" = facility_result_read.plane_check "roll one die on the Barrage vs Facility Table"
procedure barrage_fire { output result, steps }
procedure facility_fire { output facility_result_read, check }
example "A 2 in column 2" { procedure barrage_fire  given column = 2  dice roll = 2  expect result = "[1/2]", steps = 0 }
example "A 1 in column 4" { procedure facility_fire  given facility_column = 4  dice roll = 1  expect facility_result_read = "1 (4)", check = 4 }
\`\`\`
`;

describe("notations declared in the rules", () => {
  let root: string;
  let result: CompileResult;
  let engines: NamedEngine[];

  beforeAll(async () => {
    root = documentCorpus(DOCUMENT).root;
    result = await compile({ root });
    engines = enginesOf(result, "declared notations");
  });
  afterAll(() => removeTemp(root));

  const resolve = async (name: string, input: object, dice: object) =>
    (await engines.find((e) => e.name.endsWith(`/${name}`))!.load()).resolve(input, dice).outputs as Record<string, unknown>;

  it("reads the Barrage Table's marks into records, absent parts taking their defaults", async () => {
    const read = async (column: number, roll: number) => (await resolve("barrage_fire", { column }, { roll })).result;
    expect(await read(1, 1)).toEqual({ text: "-", steps: 0, dg: false, half: false, bracketed: false });
    expect(await read(2, 1)).toEqual({ text: "DG", steps: 0, dg: true, half: false, bracketed: false });
    expect(await read(2, 2)).toEqual({ text: "[1/2]", steps: 0, dg: false, half: true, bracketed: true });
    expect(await read(3, 1)).toEqual({ text: "1/2", steps: 0, dg: false, half: true, bracketed: false });
    expect(await read(5, 2)).toEqual({ text: "3", steps: 3, dg: true, half: false, bracketed: false });
  });

  it("reads the Barrage vs Facility Table's levels, star and parenthesized check, in any combination", async () => {
    const read = async (facility_column: number, roll: number) => (await resolve("facility_fire", { facility_column }, { roll })).facility_result_read;
    expect(await read(1, 1)).toEqual({ text: "-", levels: 0, trainbusting: false, plane_check: null });
    expect(await read(2, 1)).toEqual({ text: "(5)", levels: 0, trainbusting: false, plane_check: 5 });
    expect(await read(3, 1)).toEqual({ text: "✳ (6)", levels: 0, trainbusting: true, plane_check: 6 });
    expect(await read(3, 2)).toEqual({ text: "1 ✳ (4)", levels: 1, trainbusting: true, plane_check: 4 });
    expect(await read(4, 2)).toEqual({ text: "2 ✳ (3)", levels: 2, trainbusting: true, plane_check: 3 });
  });

  it("reads every cell of the OCS Combat Table as grammar/ocs-combat-result.peggy does, in the engines too", async () => {
    const module = (path: string) => import(pathToFileURL(join(engines[0]!.dir!, "generated", path)).href) as Promise<{ parse(text: string): unknown }>;
    const declared = [...result.files.keys()].find((p) => /^notations\/combat-result-[0-9a-f]{8}\.js$/.test(p));
    expect(declared).toBeDefined();
    const ours = await module(declared!);
    const grammar = grammarParser(new URL("ocs-combat-result.peggy", GRAMMAR_DIR));
    const charts = readFileSync(join(REPO, "rules/ocs/4.3/charts.md"), "utf8");
    const grid = charts.slice(charts.indexOf("{#combat-table-results"), charts.indexOf(":::", charts.indexOf("{#combat-table-results")));
    const cells = [
      ...new Set(
        grid
          .split("\n")
          .filter((l) => /^\|\s*\d/.test(l))
          .flatMap((l) =>
            l
              .split("|")
              .slice(2, -1)
              .map((c) => c.trim()),
          ),
      ),
    ];
    expect(cells.length).toBeGreaterThan(10);
    for (const cell of [...cells, "AL1o1, Do1", "AL1o1,Do1", "AL1o1Do1", "AL1o1 ,  Do1", "Ae2 DL2o3DG", "Ae4 DDG"])
      expect(ours.parse(cell), cell).toEqual(grammar.parse(cell));
    for (const wrong of ["A", "AL1 D", "Ao1 DLo1x", "Ae4 DG", "-"]) {
      expect(() => grammar.parse(wrong), wrong).toThrow();
      expect(() => ours.parse(wrong), wrong).toThrow();
    }
  });

  it("writes one module for each declared notation that engines use, named after it", () => {
    const modules = [...result.files.keys()].filter((p) => p.startsWith("notations/")).sort();
    expect(modules.map((p) => p.replace(/-[0-9a-f]{8}\./, "-#."))).toEqual(
      expect.arrayContaining(["notations/barrage-result-#.js", "notations/facility-result-#.js"]),
    );
  });
});

describe("mistakes in declared notations", () => {
  const diagnostics = async (rules: string, chart = "") => {
    const { root } = documentCorpus(`${frontMatter("Notations")}\n# 1.0 Notations\n\n**1.1** Results.\n\n${chart}\`\`\`rules\n${rules}\n\`\`\`\n`);
    try {
      return (await compile({ root })).diagnostics
        .filter((d) => d.severity === "error")
        .map((d) => `${d.code} ${d.place?.start.line}:${d.place?.start.column} ${d.message} ${d.hint}`);
    } finally {
      removeTemp(root);
    }
  };

  it("names a part that reads or sets no field of the notation", async () => {
    expect(await diagnostics(`notation r = "x" -> hit | steps { hits: boolean = false, step: integer = 0 }`)).toEqual([
      expect.stringMatching(/^HX0214 \d+:21 Notation `r`: `hit` is not one of its fields\. .*its fields are `hits`, `step`/),
      expect.stringMatching(/^HX0214 \d+:27 Notation `r`: `steps` is not one of its fields/),
    ]);
  });

  it("says a boolean is set by the text that marks it, not read, and a value is given to a non-boolean", async () => {
    expect(await diagnostics(`notation r = dg | "1" -> steps { dg: boolean = false, steps: integer = 0 }`)).toEqual([
      expect.stringMatching(
        /^HX0214 \d+:14 Notation `r`: `dg` is boolean, which cannot be read from a cell\. a boolean is set by the text that marks it: `"DG" -> dg`/,
      ),
      expect.stringMatching(/^HX0214 \d+:26 Notation `r`: `-> steps` sets a boolean, but `steps` is integer\. give the value it takes: `-> steps = …`/),
    ]);
  });

  it("checks set values and defaults against the fields' types, and refuses empty text", async () => {
    expect(await diagnostics(`notation r = "" | "1" -> steps = true { steps: integer = none }`)).toEqual([
      expect.stringMatching(/^HX0214 \d+:14 Notation `r`: its pattern has empty text/),
      expect.stringMatching(/^HX0301 \d+:34 The value set for `steps` must be integer/),
      expect.stringMatching(/^HX0301 \d+:58 The default of `r.steps`/),
    ]);
  });

  it("bounds a pattern's size", async () => {
    const parts = Array.from({ length: MAX_NOTATION_PARTS }, (_, i) => `"${i}"`).join(" | ");
    expect(await diagnostics(`notation r = ${parts} { n: integer = 0 }`)).toEqual([]);
    expect(await diagnostics(`notation r = ${parts} | "x" { n: integer = 0 }`)).toEqual([
      expect.stringMatching(new RegExp(`^HX0214 \\d+:\\d+ Notation \`r\`: its pattern has more than ${MAX_NOTATION_PARTS} parts`)),
    ]);
  });

  it("reports a cell the notation cannot read, and a field a cell leaves without a value or default, at the cell", async () => {
    const chart = ":::chart[R]{#r}\n| Roll | 1 | 2 |\n|------|---|---|\n| 1    | 2 | DG |\n| 2    | (3) | - |\n:::\n\n";
    const rules = `notation r = "-" | "DG" -> dg | steps { steps: integer, dg: boolean = false }\ntable t = chart "r" { rows: integer, columns: integer, cells: r }`;
    expect(await diagnostics(rules, chart)).toEqual([
      expect.stringMatching(/^HX0402 \d+:\d+ Chart `r`, row `1`, column `2`: `DG` is not a r result: it gives no value for `steps`, which has no default/),
      expect.stringMatching(/^HX0402 \d+:\d+ Chart `r`, row `2`, column `1`: `\(3\)` is not a r result: Expected .*but "\(" found/),
      expect.stringMatching(/^HX0402 \d+:\d+ Chart `r`, row `2`, column `2`: `-` is not a r result: it gives no value for `steps`/),
    ]);
  });
});
