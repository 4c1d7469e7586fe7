/** `hexlaw mutate` as a user runs it (what it finds: test/compiler/mutate/mutate.test.ts). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EditionMutation } from "../../../compiler/mutate/types.ts";
import { DOCUMENT } from "../mutate/odds-document.ts";
import { documentCorpus, hexlaw, removeTemp } from "../../support/repo.ts";

let root: string;
beforeAll(() => {
  root = documentCorpus(DOCUMENT).root;
});
afterAll(() => removeTemp(root));

describe("hexlaw mutate", () => {
  it("prints the kill rate and the survivors by paragraph, and exits with 0", () => {
    const run = hexlaw(["mutate", "t/1", "--root", root, "--samples", "0"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^t\/1: kill rate \d+\.\d% — \d+ mutants/m);
    expect(run.stdout).toContain("1.1:");
    expect(run.stdout).toContain("rounding `half_up` → `up`");
    const json = JSON.parse(hexlaw(["mutate", "t/1", "--root", root, "--samples", "0", "--json"]).stdout) as EditionMutation;
    expect(json.mutants.length).toBeGreaterThan(0);
    expect(json.mutants.some((m) => m.status === "killed") && json.mutants.some((m) => m.status === "survived")).toBe(true);
    expect(hexlaw(["mutate", "--help"]).stdout).toContain("Usage: hexlaw mutate");
    expect(hexlaw(["mutate", "t/2", "--root", root]).status).toBe(2);
  });

  it("with no edition named, mutates every edition (each in a process of its own) and reports them all", () => {
    const all = hexlaw(["mutate", "--root", root, "--samples", "0", "--json"]);
    expect(all.status).toBe(0);
    const reports = JSON.parse(all.stdout) as EditionMutation[];
    expect(reports.map((r) => `${r.ruleset}/${r.edition}`)).toEqual(["t/1"]);
    const one = JSON.parse(hexlaw(["mutate", "t/1", "--root", root, "--samples", "0", "--json"]).stdout) as EditionMutation;
    expect(reports[0]!.mutants.map((m) => [m.change, m.status])).toEqual(one.mutants.map((m) => [m.change, m.status]));
  });
});
