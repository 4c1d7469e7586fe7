/** `hexlaw explain` on a refused action: what does not apply says so, with the requirement's paragraph. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { VectorFile } from "../../../compiler/5-verify/vector.ts";
import { GENERATED, hexlaw } from "../../support/repo.ts";

const example = (JSON.parse(readFileSync(join(GENERATED, "ocs/4.3/overrun.vectors.json"), "utf8")) as VectorFile).vectors.find((v) => v.id.startsWith("9.8-ar-5"))!;

describe("hexlaw explain, an overrun with 2 MP left", () => {
  const run = hexlaw(["explain", "ocs/4.3/overrun", "--input", JSON.stringify({ ...example.input, stack_mp_left: 2 }), "--dice", JSON.stringify(example.dice)]);

  it("is not allowed, and prints no figure of the overrun that cannot happen", () => {
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("Not allowed:");
    expect(run.stdout).toContain("MP left after the overrun: not applicable: Units with fewer than 3 MP remaining cannot overrun (8.1a)");
    expect(run.stdout).toMatch(/Odds: not applicable: .* \(8\.1a\)/);
    expect(run.stdout).not.toMatch(/MP left after the overrun: -?−?1/);
  });

  it("still prints what the requirement read", () => {
    expect(run.stdout).toMatch(/Overrun cost \(MP\): 3 \(8\.1a\)/);
  });
});
