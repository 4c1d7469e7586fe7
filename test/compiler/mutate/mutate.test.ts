/**
 * Mutation testing of the formal rules: each mutant is one change to a rules
 * block or a chart cell; a vector kills it when its answer changes. Checked on a
 * small edition whose examples pin some rules and not others (and through the CLI:
 * test/compiler/cli/mutate.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile, editionBuild } from "../../../compiler/compile.ts";
import { formatRate } from "../../../compiler/mutate/format-report.ts";
import { mutateEdition } from "../../../compiler/mutate/mutate-edition.ts";
import { readTranscription } from "../../../compiler/mutate/transcription.ts";
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

describe("hexlaw mutate --transcription", () => {
  const mutateWith = async (transcribed: string) => {
    const result = await compile({ root });
    return mutateEdition(editionBuild(result, "t", "1")!, result.sources, { samples: 0, seed: 1, transcription: readTranscription(transcribed, "charts.md") });
  };
  const of = (mutation: EditionMutation, change: string) => mutation.mutants.find((m) => m.change.includes(change))!;

  it("kills a chart cell's mutant no vector reads when the chart then differs from its transcription, and counts it apart", async () => {
    const mutation = await mutateWith("#### bonus\n\n| roll | 1 | 2 |\n|---|---|---|\n| 1 | 5 | 7 |\n");
    for (const change of ["row 1, column 2: `7` → `5`", "row 1, column 1: `5` → `7`"]) {
      expect(of(mutation, change)).toMatchObject({ status: "killed", byTranscription: true });
      expect(of(mutation, change).detail).toMatch(/^the transcription: bonus, row 1, column/);
    }
    // Mutants of the rules blocks are judged by the vectors alone.
    expect(of(mutation, "rounding `half_up` → `up`")).toMatchObject({ status: "survived" });
    expect(formatRate(mutation)).toContain(`(${mutation.counts.killed - 2} by vectors, 2 chart cells no vector reads by the charts' transcription)`);
  });

  it("kills none by a difference the chart had before the mutant (a cell the transcription gives otherwise)", async () => {
    const mutation = await mutateWith("#### bonus\n\n| roll | 1 | 2 |\n|---|---|---|\n| 1 | 5 | 9 |\n");
    // `7` → `5` changes column 2, which already differed from the transcription's 9: nothing new differs.
    expect(of(mutation, "row 1, column 2: `7` → `5`")).toMatchObject({ status: "survived" });
    // `5` → `7` makes column 1 differ, which it did not.
    expect(of(mutation, "row 1, column 1: `5` → `7`")).toMatchObject({ status: "killed", byTranscription: true });
  });
});
