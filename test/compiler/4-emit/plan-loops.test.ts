/**
 * The loop plan of a comprehension (4-emit/plan-loops.ts), decided on the checked rules before
 * anything is printed: what its loop computes once beforehand, which lookups read the loop's own
 * column, and whether a search along a chart row bisects. What the printed engines then compute
 * is checked by hoisting.test.ts and sorted-search.test.ts; this checks the decisions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../../../compiler/compile.ts";
import type { CheckedEdition, ProcedureModel } from "../../../compiler/3-check/types.ts";
import type { AggregateExpr, Expr } from "../../../compiler/language/ast.ts";
import { planLoop, sortedSearch, type Hoist } from "../../../compiler/4-emit/plan-loops.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

const DOCUMENT = `${frontMatter("Plans")}
# 1.0 Plans

**1.1** Every column is read along the row the die gives.

\`\`\`rules
record unit { strength: number >= 0, armor: boolean = false }
input stack: list of unit
input x: integer
dice d: 1d3
table gaps = chart "gaps" { rows: integer, columns: integer, cells: integer }
table sorted = chart "sorted" { rows: integer, columns: integer, cells: integer }
let best = max(c for c in columns(gaps) where gaps[d, c] <= count(u in stack))
let strongest = max(u.strength for u in stack where gaps[d, 1] > 0)
let armored = sum(u.strength for u in stack where u.armor and d > 3)
let highest = max(c for c in columns(sorted) where sorted[d, c] <= x)
let written_backwards = max(c for c in columns(sorted) where x >= sorted[d, c])
let lowest = min(c for c in columns(sorted) where sorted[d, c] >= x)
let lowest_below = min(c for c in columns(sorted) where sorted[d, c] <= x)
procedure p {
  output best, strongest, armored, highest, written_backwards, lowest, lowest_below
}
\`\`\`

:::chart[Gaps]{#gaps}
| roll | 1 | 2 | 3 |
|------|---|---|---|
| 1-2  | 0 | 1 | 2 |
| 3    | 1 | 2 | ? |
:::

:::chart[Sorted]{#sorted}
| roll | 1 | 2 | 3 |
|------|---|---|---|
| 1-2  | 0 | 1 | 2 |
| 3    | 1 | 1 | 5 |
:::
`;

let root: string;
let checked: CheckedEdition;
let procedure: ProcedureModel;

beforeAll(async () => {
  root = documentCorpus(DOCUMENT).root;
  const result = await compile({ root });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  checked = result.editions[0];
  procedure = checked.procedures.find((p) => p.name === "p")!;
});

afterAll(() => removeTemp(root));

/** A definition's value, which is a comprehension. */
function comprehension(name: string): AggregateExpr {
  const value = procedure.lets.find((l) => l.name === name)!.value;
  expect(value.type).toBe("Aggregate");
  return value as AggregateExpr;
}

/** An expression as the rules write it (places are offsets in the document). */
function sourceText(e: Expr): string {
  return DOCUMENT.slice(e.loc.start.offset, e.loc.end.offset);
}

/** What a hoist computes, as the rules write it. */
function written(hoist: Hoist): string {
  return hoist.kind === "value" ? `value ${sourceText(hoist.expr)}` : `row of ${sourceText(hoist.lookup)}`;
}

describe("the loop plan of a comprehension", () => {
  it("finds a chart row once when the row does not change, reads the loop's own column at its index, and computes an invariant comprehension once", () => {
    const plan = planLoop(comprehension("best"), checked.facts);
    expect(plan.hoisted.map(written)).toEqual(["row of gaps[d, c]", "value count(u in stack)"]);
    expect([...plan.columns].map(sourceText)).toEqual(["gaps[d, c]"]);
  });

  it("computes a filter that does not change once, whole", () => {
    const plan = planLoop(comprehension("strongest"), checked.facts);
    expect(plan.hoisted.map(written)).toEqual(["value gaps[d, 1] > 0"]);
    expect(plan.columns.size).toBe(0);
  });

  it("computes nothing the loop might not: the right side of `and` stays in the loop", () => {
    expect(planLoop(comprehension("armored"), checked.facts).hoisted).toEqual([]);
  });
});

describe("sorted-row bisection", () => {
  const charts = () => new Map(procedure.tables.map((t) => [t.name, t]));

  it("bisects a search along a row of a chart whose rows are sorted: the first columns for max(… <= x), the last for min(… >= x)", () => {
    expect(sortedSearch(comprehension("highest"), checked.facts, charts())).toBe("first");
    expect(sortedSearch(comprehension("written_backwards"), checked.facts, charts())).toBe("first");
    expect(sortedSearch(comprehension("lowest"), checked.facts, charts())).toBe("last");
  });

  it("scans where a bisection could be wrong: a chart with an unknown cell, or min over the first columns", () => {
    expect(sortedSearch(comprehension("best"), checked.facts, charts())).toBeNull();
    expect(sortedSearch(comprehension("lowest_below"), checked.facts, charts())).toBeNull();
  });

  it("scans a chart it is not given (the step-by-step evaluation is given none)", () => {
    expect(sortedSearch(comprehension("highest"), checked.facts, new Map())).toBeNull();
  });
});
