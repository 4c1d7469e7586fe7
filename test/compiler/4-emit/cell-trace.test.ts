/**
 * A definition that reads a chart cell (`T[row, column]`) names in its trace step the cell it
 * read, as a reader finds it on the printed chart: its caption, its row and column headers as
 * printed, and the cell ("Combat Table (9.9), row 7, column 9: Ao1 DL1o1"). A value an example
 * assumed is named only when the chart holds it there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TraceStep } from "../../../compiler/runtime/runtime.ts";
import { compiledEngines, generatedEngines, type EngineModule } from "../../support/engines.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

const DOCUMENT = `${frontMatter("Cells")}
# 1.0 Cells

**1.1** Read the fire chart on the row of the weather and the column of the guns.

\`\`\`rules
enum weather "Weather" { clear "Clear", heavy_rain "Rain" }
input sky: weather
input guns: integer >= 1 <= 9
table fire = chart "fire" { rows: weather, columns: integer, cells: integer }
let hits "Hits" = fire[sky, guns] "Read the fire chart on the row of the weather and the column of the guns."
let double_hits "Double hits" = 2 * fire[sky, guns] "Read the fire chart"
procedure p {
  output hits, double_hits
}
\`\`\`

:::chart[Fire Chart (1.1)]{#fire}
| Weather | 1-2 | 3-4 | 5+ |
|---------|-----|-----|----|
| Clear   | 1   | 2   | 3  |
| Rain    | 0   | 1   | 2  |
:::
`;

const step = (trace: readonly TraceStep[], name: string) => trace.find((s) => s.name === name)!;

/** The engine of a one-chapter document, compiled before the tests of a block and resolved by them. */
function documentEngine(document: string, name: string) {
  let root: string;
  let engine: EngineModule;
  beforeAll(async () => {
    root = documentCorpus(document).root;
    const [named] = await compiledEngines(root, name);
    engine = await named.load();
  });
  afterAll(() => removeTemp(root));
  return (input: object, assume?: Record<string, unknown>) => {
    const checked = engine.check(input);
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    return engine.resolve(checked.value, {}, assume ? { assume } : undefined);
  };
}

describe("the trace step of a definition that reads a chart cell", () => {
  const resolve = documentEngine(DOCUMENT, "cell-trace");

  it("names the chart, the row and column headers as printed, and the cell", () => {
    const { trace } = resolve({ sky: "heavy_rain", guns: 4 });
    expect(step(trace, "hits").cell).toBe("Fire Chart (1.1), row Rain, column 3-4: 1");
    expect(step(trace, "hits").quote).toContain("Read the fire chart");
  });

  it("is not given to a definition that computes with a cell", () => {
    expect(step(resolve({ sky: "clear", guns: 9 }).trace, "double_hits").cell).toBeUndefined();
  });

  it("does not name a cell for a value the chart does not hold there", () => {
    expect(step(resolve({ sky: "clear", guns: 9 }, { hits: 5 }).trace, "hits").cell).toBeUndefined();
    expect(step(resolve({ sky: "clear", guns: 9 }, { hits: 3 }).trace, "hits").cell).toBe("Fire Chart (1.1), row Clear, column 5+: 3");
  });
});

describe("OCS ground combat", () => {
  it("names the Combat Table's row and column of the result", async () => {
    const engine = await generatedEngines().find((e) => e.name === "ocs/4.3/ground_combat")!.load();
    const checked = engine.check({ attackers: [{ strength: 9, ar: 3, terrain_effect: 1 }], defenders: [{ strength: 2, ar: 3, terrain_effect: 1 }], terrain: "open", attacker_supply: 4 });
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const { trace } = engine.resolve(checked.value, { surprise_roll: 5, shift_roll: 1, combat_roll: 7 });
    const result = trace.find((s) => s.name === "result") as { cell?: string };
    expect(result.cell).toMatch(/^Combat Table \(9\.9\): .*, row 7, column \d+: A\S* D\S*$/);
  });
});

const SEARCH = `${frontMatter("Searches")}
# 1.0 Searches

**1.1** Roll two dice in the column of the unit's rating: the row whose range holds the roll is the loss.

\`\`\`rules
enum loss "Loss" { no_loss "No Loss", one_step "-1 Step", two_steps "-2 Steps" }
input rating "Rating": integer 1..2
input roll "Roll": integer 2..12
table loss_table "Loss Table" = chart "loss-table" { rows: loss, columns: integer, cells: range }
let result "Result" = first(r for r in rows(loss_table) where roll in loss_table[r, rating])
  "Roll two dice in the column of the unit's rating"
let rating_needed "Rating needed" = last(c for c in columns(loss_table) where roll in loss_table[two_steps, c])
  "the row whose range holds the roll is the loss"
procedure losses { output result, rating_needed }
\`\`\`

:::chart[Loss Table (1.1)]{#loss-table}
| Result    | 2    | 1   |
|-----------|------|-----|
| No Loss   | 2-8  | -   |
| -1 Step   | 9-11 | 2-9 |
| -2 Steps  | 12+  | 10+ |
:::
`;

describe("the trace step of a definition that searches along a chart", () => {
  const resolve = documentEngine(SEARCH, "search-trace");
  const trace = (input: object) => resolve(input).trace;

  it("names the row it found in the column it searched, as printed", () => {
    expect(step(trace({ rating: 1, roll: 9 }), "result").cell).toBe("Loss Table (1.1), row -1 Step, column 1: -1 Step");
    expect(step(trace({ rating: 2, roll: 9 }), "result").cell).toBe("Loss Table (1.1), row -1 Step, column 2: -1 Step");
  });

  it("names the column it found along the row it searched", () => {
    expect(step(trace({ rating: 1, roll: 12 }), "rating_needed").cell).toBe("Loss Table (1.1), row -2 Steps, column 1: 1");
  });

  it("names no cell when the search found nothing", () => {
    expect(step(trace({ rating: 1, roll: 5 }), "rating_needed").cell).toBeUndefined();
  });
});

describe("OCS attrition", () => {
  it("names the Attrition Table's row and column of the result", async () => {
    const engine = await generatedEngines().find((e) => e.name === "ocs/4.3/attrition")!.load();
    const checked = engine.check({ oos_units: [{ ar: 3, steps: 2 }] });
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const { trace } = engine.resolve(checked.value, { attrition_roll: 7 });
    const result = trace.find((s) => s.name === "attrition_result") as { cell?: string };
    expect(result.cell).toMatch(/^Attrition Table \(12\.8b\).*, row -1 Step, column 3: -1 Step$/);
  });
});
