/**
 * `distribution()` enumerates the dice lazily: each die by its totals, only where the
 * rules read it, an output only below the dice it reads. This proves that fast path
 * equal to brute force — every combination of every die's totals resolved on its own
 * with `resolve()` and counted — for every engine (generated/ and the test fixtures),
 * on random inputs and on the rulebook's worked examples.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diceTotals, type Distribution, type EngineModule, type Pending, type Wire } from "../../compiler/runtime/runtime.ts";
import { inputOf, propertyOptions } from "../support/arbitraries.ts";
import { fixtureEngines, generatedEngines } from "../support/engines.ts";

const engines = [...generatedEngines(), ...(await fixtureEngines())];

/** An output's value at one combination, as the distribution groups it (why it has none, when it has none). */
function valueAt(outputs: Record<string, Wire>, pending: Record<string, Pending>, name: string): Wire {
  if (name in outputs) return outputs[name];
  const why = pending[name];
  if (why?.kind === "unknown") return { pending: "unknown", message: "not known: consult the printed chart" };
  return { pending: why?.kind ?? "undefined", message: why?.message ?? "" };
}

interface Counts {
  total: number;
  allowed: boolean;
  violations: unknown;
  outcomes: Map<string, number>;
  marginals: Map<string, Map<string, number>>;
}

function add(counts: Map<string, number>, key: string, ways: number): void {
  counts.set(key, (counts.get(key) ?? 0) + ways);
}

/** Every combination of the dice's totals, each resolved by itself and counted with its ways. */
function bruteForce(engine: EngineModule, input: Record<string, Wire>): Counts {
  const dice = engine.schema.dice;
  const random = engine.metadata.outputs.flatMap((g) => g.names).filter((name) => engine.metadata.definitions[name]?.random);
  const base = engine.resolve(input, {}, { trace: false });
  const counts: Counts = {
    total: dice.reduce((n, d) => n * d.sides ** d.count, 1),
    allowed: base.allowed,
    violations: base.violations,
    outcomes: new Map(),
    marginals: new Map(random.map((name) => [name, new Map()])),
  };
  let combinations: { roll: Record<string, number>; ways: number }[] = [{ roll: {}, ways: 1 }];
  for (const die of dice) {
    combinations = combinations.flatMap(({ roll, ways }) => diceTotals(die.count, die.sides).map(([total, w]) => ({ roll: { ...roll, [die.name]: total }, ways: ways * w })));
  }
  for (const { roll, ways } of combinations) {
    const result = engine.resolve(input, roll, { trace: false });
    const outputs = result.outputs as Record<string, Wire>;
    const pending = result.pending as Record<string, Pending>;
    add(counts.outcomes, JSON.stringify(Object.fromEntries(engine.metadata.outcome.map((name) => [name, valueAt(outputs, pending, name)]))), ways);
    for (const name of random) add(counts.marginals.get(name)!, JSON.stringify(valueAt(outputs, pending, name)), ways);
  }
  return counts;
}

function countsOf(distribution: Distribution<Record<string, Wire>>): Counts {
  const outcomes = new Map<string, number>();
  for (const o of distribution.outcomes) add(outcomes, JSON.stringify(o.value), o.ways);
  const marginals = new Map<string, Map<string, number>>();
  for (const [name, marginal] of Object.entries(distribution.marginals)) {
    const byValue = new Map<string, number>();
    for (const m of marginal!) add(byValue, JSON.stringify(m.value), m.ways);
    marginals.set(name, byValue);
  }
  return { total: distribution.total, allowed: distribution.allowed, violations: distribution.violations, outcomes, marginals };
}

describe("the dice's totals", () => {
  it("count the ways of every face combination", () => {
    for (const [count, sides] of [[1, 6], [2, 6], [3, 6], [1, 10], [2, 10], [1, 1]]) {
      let faces: number[] = [0];
      for (let i = 0; i < count; i++) faces = faces.flatMap((t) => Array.from({ length: sides }, (_, f) => t + f + 1));
      const ways = new Map<number, number>();
      for (const t of faces) ways.set(t, (ways.get(t) ?? 0) + 1);
      expect(diceTotals(count, sides)).toEqual([...ways.entries()].sort((a, b) => a[0] - b[0]));
    }
  });
});

describe.each(engines)("distribution() of $name", ({ load, vectors }) => {
  const same = (engine: EngineModule, input: Record<string, Wire>) => {
    const fast = countsOf(engine.distribution(input));
    const slow = bruteForce(engine, input);
    expect(fast.total).toBe(slow.total);
    expect(fast.allowed).toBe(slow.allowed);
    expect(fast.violations).toEqual(slow.violations);
    expect(fast.outcomes).toEqual(slow.outcomes);
    expect(fast.marginals).toEqual(slow.marginals);
  };

  it("equals brute-force enumeration of every combination of the dice, on the worked examples", async () => {
    const engine = await load();
    const combinations = engine.schema.dice.reduce((n, d) => n * d.sides ** d.count, 1);
    // Brute force resolves every combination: fewer examples where there are many (six dice: 46,656).
    for (const input of vectors().map((v) => v.input).slice(0, Math.max(2, Math.floor(100_000 / combinations)))) {
      const checked = engine.check(input);
      if (checked.ok) same(engine, checked.value);
    }
  });

  it("equals brute-force enumeration of every combination of the dice, on random inputs", async () => {
    const engine = await load();
    const combinations = engine.schema.dice.reduce((n, d) => n * d.sides ** d.count, 1);
    // Random inputs, and worked examples with some of their inputs changed at random (mostly allowed).
    const worked = vectors().map((v) => v.input);
    const names = engine.schema.inputs.map((i) => i.name);
    const inputs =
      worked.length > 0 && names.length > 0
        ? fc.oneof(
            inputOf(engine.schema),
            fc
              .tuple(fc.constantFrom(...worked), inputOf(engine.schema), fc.subarray(names, { minLength: 1, maxLength: Math.min(3, names.length) }))
              .map(([example, random, changed]) => ({ ...example, ...Object.fromEntries(changed.filter((n) => n in random).map((n) => [n, random[n]])) })),
          )
        : inputOf(engine.schema);
    fc.assert(
      fc.property(inputs, (input) => {
        const checked = engine.check(input);
        fc.pre(checked.ok);
        if (checked.ok) same(engine, checked.value);
      }),
      // Brute force resolves every combination: fewer inputs where there are many (six dice: 46,656).
      propertyOptions(Math.min(12, Math.max(1, Math.floor(40_000 / combinations)))),
    );
  });
});
