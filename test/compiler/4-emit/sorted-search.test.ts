/**
 * A search along one row of a chart — `max(c for c in columns(T) where T[r, c] <= x)`, 9.7a's
 * "highest column that is less than or equal to the odds" — bisects in the straight-line
 * `resolve` when every row of the chart is non-decreasing and every cell is known (checked when
 * compiled); otherwise it scans every column, as the step-by-step evaluation always does. Both
 * are checked against the chart read column by column, for every row and every value.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledEngines, type EngineModule } from "../../support/engines.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

/** Rows by roll, columns 1 to 6 (the last "6+"); `unsorted` is `sorted` with one row not in order. */
const SORTED = [
  [0, 1, 1, 3, 5, 8],
  [1, 1, 2, 2, 2, 9],
  [2, 4, 6, 8, 10, 12],
];
const UNSORTED = [SORTED[0], [1, 3, 2, 2, 2, 9], SORTED[2]];
const COLUMNS = [1, 2, 3, 4, 5, 6];

function chart(id: string, rows: number[][]): string {
  return [
    `:::chart[${id}]{#${id}}`,
    "| roll | 1 | 2 | 3 | 4 | 5 | 6+ |",
    "|------|---|---|---|---|---|----|",
    ...rows.map((row, r) => `| ${r + 1} | ${row.join(" | ")} |`),
    ":::",
  ].join("\n");
}

const DOCUMENT = `${frontMatter("Sorted search")}
# 1.0 Sorted search

**1.1** The highest column not above the value, and the lowest column not below it.

\`\`\`rules
input n: integer
dice d: 1d3
table sorted = chart "sorted" { rows: integer, columns: integer, cells: integer }
table unsorted = chart "unsorted" { rows: integer, columns: integer, cells: integer }
let highest = max(c for c in columns(sorted) where sorted[d, c] <= n)
let below = max(c for c in columns(sorted) where n > sorted[d, c])
let lowest = min(c for c in columns(sorted) where sorted[d, c] >= n)
let above = min(c for c in columns(sorted) where n < sorted[d, c])
let highest_unsorted = max(c for c in columns(unsorted) where unsorted[d, c] <= n)
let lowest_at_most = min(c for c in columns(sorted) where sorted[d, c] <= n)
procedure p {
  output highest, below, lowest, above, highest_unsorted, lowest_at_most
}
\`\`\`

${chart("sorted", SORTED)}

${chart("unsorted", UNSORTED)}
`;

let root: string;
let engine: EngineModule;
let source: string;

beforeAll(async () => {
  root = documentCorpus(DOCUMENT).root;
  const [named] = await compiledEngines(root, "sorted-search");
  engine = await named.load();
  source = readFileSync(join(named.dir!, "generated/t/1/p.ts"), "utf8");
});

afterAll(() => removeTemp(root));

/** The body of an emitted function, by name. */
function body(name: string): string {
  const start = source.indexOf(`function ${name}(`);
  expect(start, name).toBeGreaterThanOrEqual(0);
  return source.slice(start, source.indexOf("\n}\n", start));
}

/** What the search answers, read column by column from the chart itself. */
function scan(rows: number[][], roll: number, keep: (cell: number) => boolean, fn: "max" | "min"): number | null {
  const kept = COLUMNS.filter((_, c) => keep(rows[roll - 1][c]));
  return kept.length === 0 ? null : fn === "max" ? Math.max(...kept) : Math.min(...kept);
}

describe("a search along a chart row", () => {
  it("bisects where the rows are sorted and the search keeps one end of the row, and scans every column otherwise", () => {
    for (const name of ["highest", "below", "lowest", "above"]) expect(body(`straight$${name}$each1`)).toContain("while (low < high)");
    // A row out of order, or a search that keeps the first columns but asks for the lowest: every column.
    for (const name of ["highest_unsorted", "lowest_at_most"]) expect(body(`straight$${name}$each1`)).not.toContain("while");
    // The step-by-step evaluation always reads every column.
    expect(body("highest$each1")).not.toContain("while");
  });

  it("answers what the chart read column by column answers, for every row and value, straight through and step by step", () => {
    let searched = 0;
    for (let roll = 1; roll <= SORTED.length; roll++) {
      for (let n = -1; n <= 13; n++) {
        const expected = {
          highest: scan(SORTED, roll, (cell) => cell <= n, "max"),
          below: scan(SORTED, roll, (cell) => n > cell, "max"),
          lowest: scan(SORTED, roll, (cell) => cell >= n, "min"),
          above: scan(SORTED, roll, (cell) => n < cell, "min"),
          highest_unsorted: scan(UNSORTED, roll, (cell) => cell <= n, "max"),
          lowest_at_most: scan(SORTED, roll, (cell) => cell <= n, "min"),
        };
        const checked = engine.check({ n });
        if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
        const straight = engine.resolve(checked.value, { d: roll });
        expect(straight.outputs, `roll ${roll}, n ${n}`).toEqual(expected);
        expect(engine.resolve(checked.value, { d: roll }, { stepwise: true }).outputs).toEqual(expected);
        searched++;
      }
    }
    expect(searched).toBe(SORTED.length * 15);
  });
});
