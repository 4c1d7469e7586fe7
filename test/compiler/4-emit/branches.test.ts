/**
 * A definition written as if/elif/else may cite a paragraph and quote for each branch:
 * its trace step then cites the branch that gave the value (read after resolving, from
 * the memoized values). An input written `| unknown` may be left out; what depends on
 * it is then "not known", never "none".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledEngines, type EngineModule } from "../../support/engines.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

const DOCUMENT = `${frontMatter("Branches")}
# 1.0 Branches

**1.1** Odds below 1:1 start on the first column. Odds above 9:1 start on the last column.

**1.2** Otherwise use the column of the odds. A unit without strength takes no part.

\`\`\`rules
enum kind { regular "Regular", overrun "Overrun" }
input attack_type: kind = regular
input odds: integer >= 0 "The odds, as a whole number"
record unit { strength: number >= 0 }
input units: list of unit min 1
input result "Result": integer | unknown "The result, once the table has been read"
let column "Column" =
  if odds < 1 then 1 @1.1 "Odds below 1:1 start on the first column."
  elif odds > 9 then 9 @1.1 "Odds above 9:1 start on the last column."
  else odds "Otherwise use the column of the odds."
let u.counts for u in units "Takes part" =
  if u.strength == 0 then false "A unit without strength takes no part."
  else true "Otherwise use the column of the odds."
let shift "Shift" =
  if attack_type == overrun then 1 @1.1 "Odds above 9:1 start on the last column."
  else 0 "Otherwise use the column of the odds."
let final "Final" = result + shift "Otherwise use the column of the odds."
let kind_of_attack "Kind" = attack_type "Otherwise use the column of the odds."
procedure regular_attack {
  with attack_type = regular
  output column, units.counts, shift, final, kind_of_attack
}
procedure overrun_attack {
  with attack_type = overrun
  output shift, kind_of_attack
}
\`\`\`
`;

let root: string;
let regular: EngineModule;
let overrun: EngineModule;

beforeAll(async () => {
  root = documentCorpus(DOCUMENT).root;
  const engines = await compiledEngines(root, "branches");
  const named = (name: string) => engines.find((e) => e.name.endsWith(`/${name}`))!.load();
  regular = await named("regular_attack");
  overrun = await named("overrun_attack");
});

afterAll(() => removeTemp(root));

function resolve(engine: EngineModule, input: object) {
  const checked = engine.check(input);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return engine.resolve(checked.value, {});
}

const step = (trace: { name: string; item?: number; paragraph: string; quote: string }[], name: string, item?: number) =>
  trace.find((s) => s.name === name && s.item === item);

describe("a definition citing each branch", () => {
  it("cites the branch that gave its value", () => {
    for (const [odds, paragraph, quote] of [
      [0, "1.1", "Odds below 1:1 start on the first column."],
      [12, "1.1", "Odds above 9:1 start on the last column."],
      [4, "1.2", "Otherwise use the column of the odds."],
    ] as const) {
      const trace = resolve(regular, { odds, units: [{ strength: 1 }], result: 2 }).trace;
      expect(step(trace, "column"), `odds ${odds}`).toMatchObject({ paragraph, quote });
    }
  });

  it("cites each unit's branch for a per-unit definition", () => {
    const trace = resolve(regular, { odds: 3, units: [{ strength: 0 }, { strength: 2 }], result: 1 }).trace;
    expect(step(trace, "units.counts", 0)).toMatchObject({ quote: "A unit without strength takes no part." });
    expect(step(trace, "units.counts", 1)).toMatchObject({ quote: "Otherwise use the column of the odds." });
  });

  it("keeps the citation of the branch a procedure's fixed inputs decide", () => {
    expect(step(resolve(overrun, {}).trace, "shift")).toMatchObject({ paragraph: "1.1", quote: "Odds above 9:1 start on the last column." });
    expect(step(resolve(regular, { odds: 1, units: [{ strength: 1 }], result: 1 }).trace, "shift")).toMatchObject({ paragraph: "1.2" });
  });
});

describe("an input that may be left out", () => {
  it("is optional in check(), in the schema and in the input type", () => {
    expect(regular.check({ odds: 1, units: [{ strength: 1 }] }).ok).toBe(true);
    expect(regular.schema.inputs.find((f) => f.name === "result")).toMatchObject({ optional: true });
  });

  it("leaves what depends on it not known, and says so", () => {
    const result = resolve(regular, { odds: 1, units: [{ strength: 1 }] });
    expect(result.outputs).not.toHaveProperty("final");
    expect((result.pending as Record<string, { message: string }>).final.message).toBe("not known until Result is given");
    expect(result.outputs).toMatchObject({ column: 1, shift: 0 });
  });

  it("is read like any input once given", () => {
    expect(resolve(regular, { odds: 1, units: [{ strength: 1 }], result: 4 }).outputs).toMatchObject({ final: 4 });
  });
});
