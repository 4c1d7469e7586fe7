/**
 * Properties of every engine: the ones generated/index.json lists (new engines
 * are picked up without editing this file) and those of the test fixtures.
 *
 * - `check()` never throws, and rejects anything that is not an object;
 * - `resolve()` never throws on an input that `check()` accepted, with any dice
 *   the schema allows (or none), and never produces NaN;
 * - `distribution()` accounts for every combination of dice: the outcomes' ways
 *   sum to the total, and so does each output's marginal distribution.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Wire } from "../../compiler/runtime/runtime.ts";
import { diceOf, everyDieOf, garbage, inputOf, notAnObject, propertyOptions } from "../support/arbitraries.ts";
import { fixtureEngines, generatedEngines, type EngineModule } from "../support/engines.ts";

const engines = [...generatedEngines(), ...(await fixtureEngines())];

function finiteNumbers(value: Wire | undefined, path: string, problems: string[]): void {
  if (typeof value === "number" && !Number.isFinite(value)) problems.push(`${path} is ${value}`);
  else if (Array.isArray(value)) value.forEach((item, i) => finiteNumbers(item, `${path}[${i}]`, problems));
  else if (value && typeof value === "object") for (const [key, item] of Object.entries(value)) finiteNumbers(item, `${path}.${key}`, problems);
}

/** Accepted inputs only: what `check()` returns for a generated input, paired with generated dice. */
function accepted(engine: EngineModule) {
  return fc.tuple(inputOf(engine.schema), diceOf(engine.schema.dice)).map(([input, dice]) => ({ input, dice, checked: engine.check(input) }));
}

describe.each(engines)("engine $name", (named) => {
  const { load } = named;
  it("exports metadata, a schema, check, checkDice, resolve and distribution", async () => {
    const engine = await load();
    for (const name of ["check", "checkDice", "resolve", "distribution"] as const) expect(typeof engine[name]).toBe("function");
    expect(engine.schema.inputs.length + engine.schema.dice.length).toBeGreaterThan(0);
    expect(engine.metadata.procedure).toMatch(/^[a-z_][a-z0-9_]*$/);
  });

  it("check() never throws on garbage and rejects non-objects", async () => {
    const engine = await load();
    fc.assert(
      fc.property(garbage, (value) => {
        const result = engine.check(value);
        expect(typeof result.ok).toBe("boolean");
        if (!result.ok) for (const error of result.errors) expect(typeof error.message).toBe("string");
      }),
      propertyOptions(200),
    );
    fc.assert(
      fc.property(notAnObject, (value) => {
        const result = engine.check(value);
        expect(result.ok).toBe(false);
      }),
      propertyOptions(100),
    );
    fc.assert(
      fc.property(garbage, (value) => {
        expect(typeof engine.checkDice(value).ok).toBe("boolean");
      }),
      propertyOptions(100),
    );
  });

  it("check() never throws on an input with one field replaced by garbage", async () => {
    const engine = await load();
    const names = engine.schema.inputs.map((i) => i.name);
    fc.assert(
      fc.property(inputOf(engine.schema), fc.constantFrom(...names, "unknown_field"), garbage, (input, name, value) => {
        const result = engine.check({ ...input, [name]: value });
        if (!result.ok) for (const error of result.errors) expect(error.path.startsWith(name) || error.path === "", `${error.path}: ${error.message}`).toBe(true);
      }),
      propertyOptions(200),
    );
  });

  it("check() accepts every input its schema describes", async () => {
    const engine = await load();
    fc.assert(
      fc.property(inputOf(engine.schema), (input) => {
        const result = engine.check(input);
        expect(result.ok ? [] : result.errors).toEqual([]);
      }),
      propertyOptions(200),
    );
  });

  it("resolve() never throws on an accepted input, and computes no NaN", async () => {
    const engine = await load();
    fc.assert(
      fc.property(accepted(engine), ({ checked, dice }) => {
        fc.pre(checked.ok);
        if (!checked.ok) return;
        const result = engine.resolve(checked.value, dice);
        expect(result.allowed).toBe(result.violations.length === 0);
        const problems: string[] = [];
        for (const [name, value] of Object.entries(result.outputs)) finiteNumbers(value as Wire, name, problems);
        expect(problems).toEqual([]);
        for (const step of result.trace) expect(step.display).not.toMatch(/NaN|undefined/);
        for (const name of engine.metadata.outputs.flatMap((g) => g.names)) {
          expect(name in result.outputs || name in result.pending, `${name} is either computed or pending`).toBe(true);
        }
      }),
      propertyOptions(200),
    );
  });

  it("resolve() answers straight through what it answers step by step: outputs, pending, violations and trace", async () => {
    const engine = await load();
    const examples = named.vectors().map((v) => engine.check(v.input)).filter((c) => c.ok);
    const same = (input: unknown, dice: Record<string, number>): boolean => {
      const straight = engine.resolve(input, dice);
      const stepwise = engine.resolve(input, dice, { stepwise: true });
      expect(JSON.parse(JSON.stringify(straight))).toEqual(JSON.parse(JSON.stringify(stepwise)));
      return straight.allowed && Object.keys(straight.pending).length === 0;
    };
    let answered = 0;
    fc.assert(
      fc.property(accepted(engine), ({ checked, dice }) => {
        fc.pre(checked.ok);
        if (checked.ok && same(checked.value, dice)) answered++;
      }),
      propertyOptions(200),
    );
    // The rulebook's examples with every die rolled: mostly allowed actions, so mostly answered straight through.
    if (examples.length > 0) {
      fc.assert(
        fc.property(fc.constantFrom(...examples), everyDieOf(engine.schema.dice), (checked, dice) => {
          if (checked.ok && same(checked.value, dice)) answered++;
        }),
        propertyOptions(200),
      );
      expect(answered, "some situations were allowed with every output computed").toBeGreaterThan(0);
    }
  });

  it("distribution() sums to the number of dice combinations, jointly and per output", async () => {
    const engine = await load();
    const combinations = engine.schema.dice.reduce((n, d) => n * d.sides ** d.count, 1);
    fc.assert(
      fc.property(accepted(engine), ({ checked }) => {
        fc.pre(checked.ok);
        if (!checked.ok) return;
        const distribution = engine.distribution(checked.value);
        expect(distribution.total).toBe(combinations);
        expect(distribution.outcomes.reduce((n, o) => n + o.ways, 0)).toBe(distribution.total);
        expect(distribution.outcomes.reduce((p, o) => p + o.p, 0)).toBeCloseTo(1, 9);
        for (const [name, marginal] of Object.entries(distribution.marginals)) {
          expect(marginal!.reduce((n, m) => n + m.ways, 0), name).toBe(distribution.total);
        }
      }),
      propertyOptions(40),
    );
  });
});
