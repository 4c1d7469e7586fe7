/**
 * Engines record nothing while resolving: the trace is read afterwards from the
 * memoized definitions, in the order the compiler fixed (each step after the steps
 * it reads). Checked on the generated OCS overrun with the 9.8 example.
 */
import { describe, expect, it } from "vitest";
import * as overrun from "../../../generated/ocs/4.3/overrun.ts";
import index from "../../../generated/ocs/4.3/index.json" with { type: "json" };

const SITUATION = {
  attackers: [{ strength: 4, ar: 5, terrain_effect: 1 }, { strength: 2, ar: 3, terrain_effect: 1 }],
  defenders: [{ strength: 1, ar: 0, terrain_effect: 1 }],
  terrain: "open",
  entry_cost: 1,
  stack_mp_left: 8,
  attacker_supply: 4,
};
const DICE = { surprise_roll: 8, shift_roll: 3, combat_roll: 7 };

function resolved(dice: Partial<overrun.Dice> = DICE, options?: { trace?: boolean }) {
  const checked = overrun.check(SITUATION);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return overrun.resolve(checked.value, dice, options);
}

const key = (step: { name: string; item?: number }) => (step.item === undefined ? step.name : `${step.name}[${step.item}]`);

describe("the trace", () => {
  it("lists every step after the steps it reads", () => {
    const steps = resolved().trace.map(key);
    const before = (a: string, b: string) => {
      expect(steps).toContain(a);
      expect(steps).toContain(b);
      expect(steps.indexOf(a), `${a} before ${b}`).toBeLessThan(steps.indexOf(b));
    };
    for (const name of ["attack_total", "defense_total", "odds", "start_column", "final_column", "combat_modified", "result"]) {
      expect(steps).toContain(name);
    }
    before("attackers.attack_strength[0]", "attack_total");
    before("attackers.attack_strength[1]", "attack_total");
    before("attack_total", "odds");
    before("odds", "start_column");
    before("surprise_roll", "surprise_modified");
    before("column_shift", "final_column");
    before("combat_roll", "combat_modified");
    before("combat_modified", "result");
    expect(new Set(steps).size).toBe(steps.length);
  });

  it("holds only what was computed: no dice, no roll and no result", () => {
    const steps = resolved({}).trace.map(key);
    expect(steps).toContain("odds");
    expect(steps).not.toContain("combat_roll");
    expect(steps).not.toContain("result");
  });

  it("gives each requirement's result and each unit's values with their paragraphs", () => {
    const trace = resolved().trace;
    const check = trace.find((s) => s.kind === "check");
    expect(check).toMatchObject({ value: true, display: "yes" });
    expect(trace.filter((s) => s.name === "attackers.attack_strength").map((s) => [s.item, s.value])).toEqual([[0, 4], [1, 2]]);
    for (const step of trace) expect(Object.keys(index.paragraphs)).toContain(step.paragraph);
  });

  it("is empty when the caller asks for none, and the answers are the same", () => {
    const quiet = resolved(DICE, { trace: false });
    expect(quiet.trace).toEqual([]);
    expect(quiet.outputs).toEqual(resolved().outputs);
  });
});
