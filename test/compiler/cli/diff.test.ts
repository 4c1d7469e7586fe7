/** `hexlaw diff` as a user runs it, on the real corpus's errata edition (the fixture editions' diff: test/editions/diff.test.ts). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { EditionDiff } from "../../../compiler/diff/types.ts";
import { GENERATED, hexlaw } from "../../support/repo.ts";

describe("hexlaw diff of an errata edition (the real OCS 4.3 errata of 6 Sep 2019)", () => {
  it("lists each erratum, the reworded paragraphs, and no changed answer; it exits 0", async () => {
    const report = JSON.parse(readFileSync(join(GENERATED, "ocs/4.3-errata-2019/changes-from-4.3.json"), "utf8")) as EditionDiff;
    const run = hexlaw(["diff", "ocs/4.3", "ocs/4.3-errata-2019"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`Errata: 4.3-errata-2019 applies ${report.errata.length} to 4.3`);
    for (const erratum of report.errata) {
      expect(run.stdout).toContain(erratum.printed === undefined ? `! ${erratum.paragraph}: clarification` : `! ${erratum.paragraph}: “${erratum.printed}” → “${erratum.corrected}”`);
    }
    // Each correction rewords its paragraph; the engines answer alike.
    const reworded = report.text.filter((c) => c.kind === "reworded").map((c) => ("to" in c ? c.to : ""));
    expect(reworded.sort()).toEqual([...new Set(report.errata.filter((e) => e.printed !== undefined).map((e) => e.paragraph))].sort());
    expect(run.stdout).toContain("Behaviour: no answer differs");
    // The same report as `hexlaw diff ocs 4.3 4.3-errata-2019`, in JSON.
    const json = hexlaw(["diff", "ocs", "4.3", "4.3-errata-2019", "--json"]);
    expect(JSON.parse(json.stdout).errata).toEqual(report.errata);
  }, 300_000);
});
