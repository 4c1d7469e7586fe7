/**
 * Mutation testing of the formal rules: each mutant is one change to a rules
 * block or a chart cell; a vector kills it when its answer changes. Checked on a
 * small edition whose examples pin some rules and not others (and through the CLI:
 * test/compiler/cli/mutate.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile, editionBuild } from "../../../compiler/compile.ts";
import { mutateEdition } from "../../../compiler/mutate/mutate-edition.ts";
import type { EditionMutation, MutantResult } from "../../../compiler/mutate/types.ts";
import { documentCorpus, removeTemp } from "../../support/repo.ts";
import { DOCUMENT } from "./odds-document.ts";


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
});
