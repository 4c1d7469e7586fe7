/**
 * What `resolve` answers beyond the vectors (issue 9.1): a refused action withholds what
 * does not apply, notation text can be assumed, exact odds, and out-of-range arithmetic
 * stops instead of giving NaN.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { straightOptions, type EngineModule, type Pending, type Wire } from "../../../compiler/runtime/runtime.ts";
import type { VectorFile } from "../../../compiler/5-verify/vector.ts";
import { GENERATED } from "../../support/repo.ts";

const overrun = (await import(join(GENERATED, "ocs/4.3/overrun.ts"))) as EngineModule;
const groundCombat = (await import(join(GENERATED, "ocs/4.3/ground_combat.ts"))) as EngineModule;
const vectors = (name: string) => (JSON.parse(readFileSync(join(GENERATED, `ocs/4.3/${name}.vectors.json`), "utf8")) as VectorFile).vectors;
/** The 9.8 example: AR 5 overruns AR 0 at 4:1, surprise, three shifts, 9:1. */
const example = vectors("overrun").find((v) => v.id.startsWith("9.8-ar-5"))!;

function checked(engine: EngineModule, input: Record<string, Wire>): Record<string, Wire> {
  const result = engine.check(input);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

describe("a refused action (8.1a: fewer than 3 MP left)", () => {
  const refused = overrun.resolve(checked(overrun, { ...example.input, stack_mp_left: 2 }), example.dice);
  const pending = refused.pending as Record<string, Pending>;
  const outputs = refused.outputs as Record<string, Wire>;

  it("is not allowed, citing the requirement", () => {
    expect(refused.allowed).toBe(false);
    expect(refused.violations.map((v) => v.name)).toEqual(["enough_mp"]);
  });

  it("withholds what does not apply — MP left (−1), odds, columns, the result — saying why", () => {
    for (const name of ["mp_left_after", "odds", "start_column", "final_column", "result"]) {
      expect(outputs, name).not.toHaveProperty(name);
      expect(pending[name], name).toEqual({
        kind: "refused",
        requirement: "enough_mp",
        paragraph: "8.1a",
        message: "not applicable: Units with fewer than 3 MP remaining cannot overrun",
      });
    }
  });

  it("still gives what the requirements read, which says why (the overrun costs 3 MP)", () => {
    expect(outputs.overrun_cost).toBe(3);
    // Every output is given or withheld, never both, and none is given that the same situation, allowed, would not give.
    const allowed = overrun.resolve(checked(overrun, example.input), example.dice).outputs as Record<string, Wire>;
    for (const name of overrun.metadata.outputs.flatMap((g) => g.names)) {
      expect(name in outputs !== name in pending, name).toBe(true);
      if (name in outputs) expect(Object.keys(allowed)).toContain(name);
    }
    expect(Object.values(pending).filter((p) => p.kind === "refused").length).toBeGreaterThan(Object.keys(outputs).length);
  });

  it("is shown the same way by the trace: the check failed, and the steps it read", () => {
    const failed = refused.trace.find((s) => s.kind === "check" && s.name === "enough_mp");
    expect(failed?.value).toBe(false);
    expect(refused.trace.map((s) => s.name)).not.toContain("mp_left_after");
  });
});

describe("assumed values (a worked example's “assume the result was …”)", () => {
  const ground = vectors("ground_combat");
  const withResult = ground.find((v) => v.assume && typeof v.assume.result === "object");

  it("a notation may be assumed as the rules files write it, and means what its record form means", () => {
    expect(withResult, "a ground combat vector that assumes a result").toBeDefined();
    const record = withResult!.assume.result as { text: string };
    const input = checked(groundCombat, withResult!.input);
    const asRecord = groundCombat.resolve(input, withResult!.dice, { assume: { result: record } });
    const asText = groundCombat.resolve(input, withResult!.dice, { assume: { result: record.text } });
    expect(asText.outputs).toEqual(asRecord.outputs);
    expect((asText.outputs as Record<string, Wire>).result).toMatchObject(record);
  });

  it("“Ao1e4, DL1o2” is read by the chart's grammar, not left as nulls", () => {
    const input = checked(groundCombat, { attackers: [{ strength: 4, ar: 4, terrain_effect: 1 }], defenders: [{ strength: 1, ar: 2, terrain_effect: 1 }], attacker_supply: 4 });
    const result = groundCombat.resolve(input, {}, { assume: { result: "Ao1e4, DL1o2" } });
    expect((result.outputs as Record<string, Wire>).result).toEqual({
      text: "Ao1e4, DL1o2", attacker_loss: 0, attacker_option: 1, attacker_exploit: 4, defender_loss: 1, defender_option: 2, defender_dg: false,
    });
  });

  it("a value that is not of the definition's type is refused, by checkAssume and by resolve", () => {
    const input = checked(groundCombat, { attackers: [{ strength: 4, ar: 4, terrain_effect: 1 }], defenders: [{ strength: 1, ar: 2, terrain_effect: 1 }], attacker_supply: 4 });
    for (const assume of [{ result: "Zq9" }, { odds: "four to one" }, { odds: 4 }, { attack_total: "0x10" }, { no_such_definition: 1 }]) {
      const check = groundCombat.checkAssume(assume);
      expect(check.ok, JSON.stringify(assume)).toBe(false);
      if (!check.ok) expect(check.errors[0].path).toBe(Object.keys(assume)[0]);
      expect(() => groundCombat.resolve(input, {}, { assume }), JSON.stringify(assume)).toThrow(/assume\./);
    }
    expect(groundCombat.checkAssume({ odds: "4:1", result: "AL1o1, Do1" })).toMatchObject({ ok: true, value: { odds: "4:1", result: { defender_option: 1 } } });
  });
});

describe("exact odds (9.7: round the final odds)", () => {
  const withStrengths = (attack: number, defense: number) =>
    overrun.resolve(checked(overrun, { ...example.input, attackers: [{ strength: attack, ar: 5, terrain_effect: 1 }], defenders: [{ strength: defense, ar: 0, terrain_effect: 1 }] }), example.dice);

  it("0.7 against 0.2 is exactly 3.5:1, which rounds half up to 4:1 (floating point made it 3:1)", () => {
    expect((withStrengths(0.7, 0.2).outputs as Record<string, Wire>).odds).toBe("4:1");
    expect((withStrengths(0.7, 0.3).outputs as Record<string, Wire>).odds).toBe("2:1");
  });

  it("strengths near 1e308 are refused by check(); sums too large to compute exactly stop the outputs that need them", () => {
    const huge = overrun.check({ ...example.input, attackers: [{ strength: 1e308, ar: 5, terrain_effect: 1 }] });
    expect(huge.ok).toBe(false);
    const large = withStrengths(9e15, 0.5);
    expect(large.outputs).not.toHaveProperty("odds");
    expect((large.pending as Record<string, Pending>).odds).toMatchObject({ kind: "undefined", message: expect.stringContaining("too large to compute exactly") });
    expect(JSON.stringify(large.outputs)).not.toMatch(/NaN|Infinity/);
  });
});

describe("when resolve() may answer straight through", () => {
  const outputs = { odds: {}, result: {} };
  it("without options, with nothing assumed and with only outputs asked for", () => {
    expect(straightOptions(undefined, outputs)).toBe(true);
    expect(straightOptions({ trace: false }, outputs)).toBe(true);
    expect(straightOptions({ assume: {} }, outputs)).toBe(true);
    expect(straightOptions({ also: ["odds", "result"] }, outputs)).toBe(true);
  });

  it("not when asked to go step by step, to assume a value or for a definition that is no output (or with options it must refuse)", () => {
    expect(straightOptions({ stepwise: true }, outputs)).toBe(false);
    expect(straightOptions({ assume: { odds: "4:1" } }, outputs)).toBe(false);
    expect(straightOptions({ also: ["odds", "start_column"] }, outputs)).toBe(false);
    expect(straightOptions({ also: ["__proto__"] }, outputs)).toBe(false);
    expect(straightOptions({ assume: "odds" as unknown as Record<string, unknown> }, outputs)).toBe(false);
    expect(straightOptions({ assume: Object.create({ odds: "4:1" }) }, outputs)).toBe(false);
    expect(straightOptions({ also: "odds" as unknown as string[] }, outputs)).toBe(false);
  });
});
