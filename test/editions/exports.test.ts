import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { REPO } from "../support/repo.ts";

/**
 * A program outside the compiler imports engines by the package's exports
 * (`hexlaw/engines/<ruleset>/<edition>/<procedure>`), two editions at once,
 * and runs the same overrun under both.
 */
const PROGRAM = `
import * as earlier from "hexlaw/engines/europa/second-front/overrun";
import * as later from "hexlaw/engines/europa/later/overrun";
import vectors from "hexlaw/engines/europa/later/overrun.vectors.json" with { type: "json" };
import { oddsText, ratio } from "hexlaw/engines/runtime";
const pz = { strength: 30, ma: 10, terrain_mp: 1 };
const run = (engine, input, dice) => {
  const checked = engine.check(input);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  const r = engine.resolve(checked.value, dice);
  return { edition: engine.metadata.edition, allowed: r.allowed, outputs: r.outputs, pending: r.pending };
};
console.log(JSON.stringify({
  earlier: run(earlier, { attackers: [pz], defenders: [{ strength: 3 }] }, {}),
  later: run(later, { attackers: [{ ...pz, overrun_mp: 2 }], defenders: [{ strength: 3 }], terrain_drm: 0 }, { overrun_roll: 1 }),
  vectors: vectors.vectors.length,
  odds: oddsText(ratio(30, 3)),
}));
`;

describe("engines through the package's exports", () => {
  it("run two editions of the Europa overrun side by side in one program", () => {
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", PROGRAM], { cwd: REPO, encoding: "utf8" });
    expect(run.stderr).toBe("");
    const answer = JSON.parse(run.stdout);
    expect(answer.earlier).toMatchObject({ edition: "second-front", allowed: true, outputs: { odds: "10:1", overrun_succeeds: true } });
    expect(answer.earlier.outputs).not.toHaveProperty("result");
    expect(answer.later).toMatchObject({ edition: "later", allowed: true, outputs: { odds: "10:1" } });
    // The later rule rolls a die (13.A's +1 above 10:1); the seed's chart lacks that cell, so the result stays unknown.
    expect(answer.later.outputs).toMatchObject({ high_odds_drm: 1, modified_roll: 2 });
    expect(answer.later.pending.result).toMatchObject({ kind: "unknown", paragraph: "13.A" });
    expect(answer.vectors).toBeGreaterThan(0);
    expect(answer.odds).toBe("10:1");
  });
});
