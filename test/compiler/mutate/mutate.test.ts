/**
 * Mutation testing of the formal rules: each mutant is one change to a rules
 * block or a chart cell; a vector kills it when its answer changes. Checked on a
 * small edition whose examples pin some rules and not others, and through the CLI.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile, editionBuild } from "../../../compiler/compile.ts";
import { mutateEdition } from "../../../compiler/mutate/mutate-edition.ts";
import type { EditionMutation, MutantResult } from "../../../compiler/mutate/types.ts";
import { documentCorpus, frontMatter, hexlaw, removeTemp } from "../../support/repo.ts";

const DOCUMENT = `${frontMatter("Odds")}
# 1.0 Odds

**1.1** Round the final odds. Units with fewer than 3 MP cannot attack.

\`\`\`rules
input attack "Attack": number >= 0
input defense "Defense": number >= 1
input mp "MP": number >= 0
table bonus_table "Bonus" = chart "bonus" { rows: integer, columns: integer, cells: integer }
let odds "Odds" = round(attack : defense, half_up) "Round the final odds."
let bonus "Bonus" = bonus_table[1, 2] "Round the final odds."
let unused "Not in any procedure" = attack + 1 "Round the final odds."
require enough_mp: mp >= 3 else "Units with fewer than 3 MP cannot attack"
procedure attack_odds {
  check enough_mp
  output odds, bonus
}
example "6 to 2 is 3:1" {
  procedure attack_odds
  given attack = 6, defense = 2, mp = 3
  expect odds = 3:1, allowed
}
\`\`\`

:::chart[Bonus]{#bonus}
| roll | 1 | 2 |
|------|---|---|
| 1    | 5 | 7 |
:::
`;

let root: string;
let report: EditionMutation;
const find = (change: string): MutantResult => {
  const found = report.mutants.find((m) => m.change.includes(change));
  if (!found) throw new Error(`no mutant ${change}; mutants: ${report.mutants.map((m) => m.change).join("; ")}`);
  return found;
};

beforeAll(async () => {
  root = documentCorpus(DOCUMENT).root;
  const result = await compile({ root });
  report = await mutateEdition(editionBuild(result, "t", "1")!, result.sources, { samples: 20, seed: 1 });
});

afterAll(() => removeTemp(root));

describe("hexlaw mutate", () => {
  it("kills a mutant a vector notices: the requirement's `>=` made `>` refuses the example's 3 MP", () => {
    expect(find("`>=` → `>`")).toMatchObject({ status: "killed", paragraph: "1.1", operator: "comparison" });
  });

  it("reports a mutant no vector notices: 6 to 2 rounds to 3:1 up or half up", () => {
    const survivor = find("rounding `half_up` → `up`");
    const line = DOCUMENT.split("\n").findIndex((l) => l.includes("round(attack")) + 1;
    expect(survivor).toMatchObject({ status: "survived", distinguishable: true, file: "rules/t/1/01-test.md", line });
  });

  it("changes chart cells to a neighbour's value; a cell no vector reads survives, one nothing reads is probably equivalent", () => {
    expect(find("row 1, column 2: `7` → `5`")).toMatchObject({ status: "survived", operator: "chart-cell", distinguishable: true });
    expect(find("row 1, column 1: `5` → `7`")).toMatchObject({ status: "survived", distinguishable: false });
  });

  it("counts a change no engine reads as equivalent", () => {
    expect(find("`+` → `-`")).toMatchObject({ status: "equivalent" });
    expect(report.counts.equivalent).toBe(report.mutants.filter((m) => m.status === "equivalent").length);
    const { killed, survived } = report.counts;
    expect(report.killRate).toBeCloseTo(killed / (killed + survived));
  });

  it("prints the kill rate and the survivors by paragraph, and exits with 0", () => {
    const run = hexlaw(["mutate", "t/1", "--root", root, "--samples", "0"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^t\/1: kill rate \d+\.\d% — \d+ mutants/m);
    expect(run.stdout).toContain("1.1:");
    expect(run.stdout).toContain("rounding `half_up` → `up`");
    const json = JSON.parse(hexlaw(["mutate", "t/1", "--root", root, "--samples", "0", "--json"]).stdout) as EditionMutation;
    expect(json.mutants.length).toBe(report.mutants.length);
    expect(hexlaw(["mutate", "--help"]).stdout).toContain("Usage: hexlaw mutate");
    expect(hexlaw(["mutate", "t/2", "--root", root]).status).toBe(2);
  });

  it("with no edition named, mutates every edition (each in a process of its own) and reports them all", () => {
    const all = hexlaw(["mutate", "--root", root, "--samples", "0", "--json"]);
    expect(all.status).toBe(0);
    const reports = JSON.parse(all.stdout) as EditionMutation[];
    expect(reports.map((r) => `${r.ruleset}/${r.edition}`)).toEqual(["t/1"]);
    expect(reports[0].mutants.map((m) => [m.change, m.status])).toEqual(report.mutants.map((m) => [m.change, m.status]));
  });
});
