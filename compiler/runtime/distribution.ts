/** Exact enumeration of the dice: the joint distribution of the outcome and each random output's marginal. */

import type { Wire } from "./values.ts";
import type { DiceSpec } from "./input.ts";
import type { OutputSpec, Pending, Resolution, State, Violation } from "./resolution.ts";
import { display } from "./wire.ts";

/** Ways to roll each total with `count` dice of `sides` sides: [total, ways][]. */
export function diceTotals(count: number, sides: number): [number, number][] {
  let ways = new Map<number, number>([[0, 1]]);
  for (let i = 0; i < count; i++) {
    const next = new Map<number, number>();
    for (const [total, w] of ways) for (let face = 1; face <= sides; face++) next.set(total + face, (next.get(total + face) ?? 0) + w);
    ways = next;
  }
  return [...ways.entries()].sort((a, b) => a[0] - b[0]);
}

export interface Outcome<Outputs> {
  /** The outcome outputs, in wire form. */
  value: Partial<Outputs>;
  /** Exact probability: `ways / total` of the distribution. */
  ways: number;
  p: number;
}

export interface Marginal {
  value: Wire;
  display: string;
  ways: number;
  p: number;
}

export interface Distribution<Outputs> {
  allowed: boolean;
  violations: Violation[];
  /** Equally likely dice combinations in all (the common denominator). */
  total: number;
  /** Joint distribution of the procedure's outcome outputs. */
  outcomes: Outcome<Outputs>[];
  /** The distribution of each output that depends on dice. */
  marginals: Partial<Record<keyof Outputs, Marginal[]>>;
}

/**
 * Enumerates the dice lazily: a die is branched on only when the rules read it,
 * so a shift die that is rolled only on surprise costs nothing otherwise.
 * Probabilities are exact: every outcome carries its number of ways out of `total`.
 */
export function distribute<Outputs, S extends State>(
  dice: readonly DiceSpec[],
  run: (dice: Record<string, number>, parent: S | null) => { result: Resolution<Outputs>; state: S },
  outcomeNames: readonly string[],
  outputs: readonly OutputSpec<S>[],
): Distribution<Outputs> {
  const totals = new Map(dice.map((d) => [d.name, diceTotals(d.count, d.sides)]));
  const denominators = new Map(dice.map((d) => [d.name, d.sides ** d.count]));
  const total = dice.reduce((product, d) => product * denominators.get(d.name)!, 1);
  const randomOutputs = outputs.filter((o) => o.random);
  const names = [...new Set([...outcomeNames, ...randomOutputs.map((o) => o.info.name)])];
  // Leaves that give the same answers are counted together; the joint and marginal
  // distributions are made from these few distinct tuples at the end.
  const tuples = new Map<string, { values: Wire[]; ways: number }>();
  let first: Resolution<Outputs> | null = null;

  const visit = (assigned: Record<string, number>, ways: number, unread: number, parent: S | null) => {
    const { result, state } = run(assigned, parent);
    first ??= result;
    const needed = Object.values(result.pending as Record<string, Pending>).find((p) => p.kind === "dice" && p.die && !(p.die in assigned))?.die;
    if (needed !== undefined && totals.has(needed)) {
      // Each branch starts from what this run computed before it needed the die.
      const rest = unread / denominators.get(needed)!;
      for (const [value, w] of totals.get(needed)!) visit({ ...assigned, [needed]: value }, ways * w, rest, state);
      return;
    }
    const values = names.map((name) => outcomeValue(result, name));
    const key = JSON.stringify(values);
    const tuple = tuples.get(key);
    if (tuple) tuple.ways += ways * unread;
    else tuples.set(key, { values, ways: ways * unread });
  };
  visit({}, 1, total, null);

  const joint = new Map<string, Outcome<Outputs>>();
  const marginals = new Map<string, Map<string, Marginal>>();
  for (const { values, ways } of tuples.values()) {
    const value: Record<string, Wire> = {};
    for (const name of outcomeNames) value[name] = values[names.indexOf(name)];
    const key = JSON.stringify(value);
    const entry = joint.get(key);
    if (entry) entry.ways += ways;
    else joint.set(key, { value: value as Partial<Outputs>, ways, p: 0 });
    for (const output of randomOutputs) {
      const name = output.info.name;
      const wire = values[names.indexOf(name)];
      const byValue = marginals.get(name) ?? new Map<string, Marginal>();
      marginals.set(name, byValue);
      const k = JSON.stringify(wire);
      const m = byValue.get(k);
      if (m) m.ways += ways;
      else byValue.set(k, { value: wire, display: displayWire(wire, output), ways, p: 0 });
    }
  }

  const base = first as Resolution<Outputs> | null;
  const outcomes = [...joint.values()].map((o) => ({ ...o, p: o.ways / total }));
  const marginalRecord: Record<string, Marginal[]> = {};
  for (const [name, byValue] of marginals) marginalRecord[name] = [...byValue.values()].map((m) => ({ ...m, p: m.ways / total }));
  return {
    allowed: base?.allowed ?? true,
    violations: base?.violations ?? [],
    total,
    outcomes,
    marginals: marginalRecord as Distribution<Outputs>["marginals"],
  };
}

/** An output's value for grouping: its wire value, or a marker saying why it has none. */
function outcomeValue<Outputs>(result: Resolution<Outputs>, name: string): Wire {
  const outputs = result.outputs as Record<string, Wire>;
  if (name in outputs) return outputs[name];
  const pending = (result.pending as Record<string, Pending>)[name];
  // Unknown chart cells are one outcome, whichever cell it was: "not known: consult the printed chart".
  if (pending?.kind === "unknown") return { pending: "unknown", message: "not known: consult the printed chart" };
  return { pending: pending?.kind ?? "undefined", message: pending?.message ?? "" };
}

function displayWire<S extends State>(wire: Wire, output: OutputSpec<S>): string {
  if (wire === null) return "none";
  if (typeof wire === "object" && !Array.isArray(wire) && "pending" in wire) {
    return wire.pending === "unknown" ? "unknown (consult the printed chart)" : String(wire.message);
  }
  const tag = output.info.type;
  if (tag.t === "odds" || tag.t === "range") return String(wire);
  if (tag.t === "notation") return String((wire as { text: string }).text);
  return display(wire === "all" ? Infinity : wire, tag);
}
