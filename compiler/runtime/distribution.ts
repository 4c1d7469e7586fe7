/** Exact enumeration of the dice: the joint distribution of the outcome and each random output's marginal. */

import type { Wire } from "./values.ts";
import type { DiceSpec } from "./input.ts";
import { refused, type OutputSpec, type Pending, type State, type Violation } from "./resolution.ts";
import { Stop } from "./stop.ts";
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

/** Each die's totals, made once per kind of die (2d6 has 11). */
const TOTALS = new Map<string, readonly (readonly [number, number])[]>();
function totalsOf(count: number, sides: number): readonly (readonly [number, number])[] {
  const key = `${count}d${sides}`;
  let totals = TOTALS.get(key);
  if (!totals) TOTALS.set(key, (totals = diceTotals(count, sides)));
  return totals;
}

/**
 * One outcome of a distribution: a combination of the outcome outputs' values, and its exact chance.
 * @category Resolutions and traces
 */
export interface Outcome<Outputs> {
  /** The outcome outputs, in wire form. */
  value: Partial<Outputs>;
  /** Exact probability: `ways / total` of the distribution. */
  ways: number;
  p: number;
}

/**
 * One value of an output that depends on dice, and its exact chance.
 * @category Resolutions and traces
 */
export interface Marginal {
  value: Wire;
  display: string;
  ways: number;
  p: number;
}

/**
 * What `distribution` answers: every outcome of the dice, exactly, and the chances of each output that depends on them.
 * @category Resolutions and traces
 */
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

/** What `distribution` knows of a definition's memo: its value in a state (undefined until computed), and what it reads. */
export interface MemoSpec<S extends State> {
  readonly read: (s: S) => unknown;
  /** The definitions it reads (keys: `name`, `list.name`). */
  readonly lets: readonly string[];
  readonly dice: readonly string[];
}

/**
 * Enumerates the dice lazily, each die by the totals it can roll (2d6: 11 totals, not 36
 * faces), and only the dice an output reads: the outputs are computed with no dice;
 * those that need a die are computed again only below a branch on that die, starting
 * from what was computed before it was read (which cannot depend on it), and an output
 * is computed at the shallowest branch that has all the dice it reads — so a shift die
 * that is rolled only on surprise costs nothing otherwise.
 *
 * Branches on one die that leave the same values for what is still to be computed (the
 * computed definitions it reads, the dice it reads, the outcome so far) are enumerated
 * further once, with their ways added: three surprise rolls that all give "no surprise"
 * lead to one branch on the combat roll, not three. Probabilities are exact: every
 * outcome carries its number of ways out of `total`. Outcomes and values are listed in
 * the order enumerating every branch in turn would first meet them.
 *
 * `state` makes the evaluation state for some dice (inheriting a parent's values);
 * `requirements` gives the requirements a state fails (null when the action is allowed);
 * `memo` tells, per definition, its value in a state and what it reads.
 */
export function distribute<Outputs, S extends State>(
  dice: readonly DiceSpec[],
  state: (dice: Record<string, number | undefined>, parent: S | null) => S,
  requirements: (s: S) => Violation[] | null,
  outcomeNames: readonly string[],
  outputs: readonly OutputSpec<S>[],
  memo: Readonly<Record<string, MemoSpec<S>>> = {},
): Distribution<Outputs> {
  const specs = new Map(dice.map((d) => [d.name, d]));
  const total = dice.reduce((product, d) => product * d.sides ** d.count, 1);
  const randomOutputs = outputs.filter((o) => o.random);
  const names = [...new Set([...outcomeNames, ...randomOutputs.map((o) => o.info.name)])];
  // The outputs to enumerate, in the engine's output order (it decides which die is branched on first).
  const tracked = outputs.filter((o) => names.includes(o.info.name));
  const slotOf = new Map(tracked.map((o, i) => [o.info.name, i]));

  const rolled: Record<string, number | undefined> = {};
  for (const d of dice) rolled[d.name] = undefined;
  const root = state(rolled, null);
  const violations = requirements(root);

  // Each tracked output's value on the current path, as an id of the values it has taken,
  // and where each value is first met: the path of branches (one character per die) of
  // the first node, in the order of enumerating every branch in turn, that gives it.
  const ids: number[] = new Array(tracked.length).fill(0);
  const values = tracked.map(() => new WireValues());
  const firstAt: string[][] = tracked.map(() => []);
  // A random output's value counts the ways of the branch it was computed in (every
  // combination of the dice below it gives it that value).
  const random = tracked.map((o) => o.random);
  const marginalWays: number[][] = tracked.map(() => []);
  const set = (slot: number, value: Wire, ways: number, path: string): void => {
    const id = values[slot].id(value);
    ids[slot] = id;
    const first = firstAt[slot][id];
    if (first === undefined || path < first) firstAt[slot][id] = path;
    if (random[slot]) marginalWays[slot][id] = (marginalWays[slot][id] ?? 0) + ways;
  };

  // The outcome is counted at each leaf of the branches.
  const outcomeSlots = outcomeNames.map((name) => slotOf.get(name));
  const joint = new Map<string, { ids: number[]; ways: number; first: string }>();
  const leaf = (ways: number, path: string): void => {
    const outcome = outcomeSlots.map((slot) => (slot === undefined ? -1 : ids[slot]));
    const key = outcome.join(",");
    const entry = joint.get(key);
    if (!entry) joint.set(key, { ids: outcome, ways, first: path });
    else {
      entry.ways += ways;
      if (path < entry.first) entry.first = path;
    }
  };

  /** Computes what it can of `todo` in a state; returns what waits for a die, and the die to branch on. */
  const expand = (s: S, todo: readonly number[], weight: number, path: string): { later: number[]; needed: string | undefined } => {
    const later: number[] = [];
    let needed: string | undefined;
    for (const slot of todo) {
      // Once a die is to be branched on, what may read it waits for the branch untried.
      if (needed !== undefined && tracked[slot].dice.includes(needed)) {
        later.push(slot);
        continue;
      }
      try {
        set(slot, tracked[slot].wire(tracked[slot].get(s)), weight, path);
      } catch (error) {
        if (!(error instanceof Stop)) throw error;
        if (error.kind === "dice" && error.die !== undefined && specs.has(error.die) && rolled[error.die] === undefined) {
          later.push(slot);
          needed ??= error.die;
        } else set(slot, pendingValue(error), weight, path);
      }
    }
    return { later, needed };
  };

  /**
   * What the rest of a branch depends on: for the outputs still to compute, the values of
   * the computed definitions they read (through those not yet computed), the rolled dice
   * they read, and the outcome's values so far. Equal signatures give equal subtrees.
   */
  const signature = (s: S, later: readonly number[], needed: string): unknown[] => {
    const parts: unknown[] = [needed, later.join(","), ...outcomeSlots.map((slot) => (slot === undefined || later.includes(slot) ? -1 : ids[slot]))];
    const seen = new Set<string>();
    const walk = (key: string): void => {
      if (seen.has(key)) return;
      seen.add(key);
      const m = memo[key];
      if (!m) {
        parts.push(key, NaN); // not known to distribute: no branch shares its subtree
        return;
      }
      const value = m.read(s);
      if (value !== undefined) {
        parts.push(key, value);
        // A per-unit definition computed for some units only: the rest read what it reads.
        if (!Array.isArray(value) || !value.includes(undefined)) return;
      }
      for (const die of m.dice) parts.push(die, rolled[die]);
      for (const l of m.lets) walk(l);
    };
    for (const slot of later) walk(tracked[slot].info.name);
    return parts;
  };

  const explore = (s: S, later: readonly number[], needed: string | undefined, ways: number, unread: number, path: string): void => {
    if (needed === undefined) return leaf(ways * unread, path);
    const spec = specs.get(needed)!;
    const rest = unread / spec.sides ** spec.count;
    const groups: { roll: number; s: S; later: number[]; needed: string | undefined; ways: number; path: string; signature: unknown[]; ids: number[] }[] = [];
    totalsOf(spec.count, spec.sides).forEach(([roll, w], k) => {
      rolled[needed] = roll;
      const child = state(rolled, s);
      const childPath = path + String.fromCharCode(48 + k);
      const next = expand(child, later, ways * w * rest, childPath);
      if (next.needed === undefined) return leaf(ways * w * rest, childPath);
      const sig = signature(child, next.later, next.needed);
      const same = groups.find((g) => sameSignature(g.signature, sig));
      if (same) same.ways += ways * w;
      // The values its node gave, for the leaves below it (the next branches set their own).
      else groups.push({ roll, s: child, later: next.later, needed: next.needed, ways: ways * w, path: childPath, signature: sig, ids: ids.slice() });
    });
    for (const g of groups) {
      rolled[needed] = g.roll;
      for (let i = 0; i < ids.length; i++) ids[i] = g.ids[i];
      explore(g.s, g.later, g.needed, g.ways, rest, g.path);
    }
    rolled[needed] = undefined;
  };

  // A refused action: what does not decide the refusal does not apply (as `resolve` says).
  const todo: number[] = [];
  tracked.forEach((output, slot) => {
    if (violations !== null && !output.ground) set(slot, pendingValue(refused(violations[0])), total, "");
    else todo.push(slot);
  });
  const first = expand(root, todo, total, "");
  explore(root, first.later, first.needed, 1, total, "");

  const byFirst = (a: { first: string }, b: { first: string }) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0);
  const outcomes: Outcome<Outputs>[] = [...joint.values()].sort(byFirst).map(({ ids: outcome, ways }) => {
    const value: Record<string, Wire> = {};
    outcomeNames.forEach((name, i) => {
      const slot = outcomeSlots[i];
      value[name] = slot === undefined ? pendingValue(undefined) : values[slot].list[outcome[i]];
    });
    return { value: value as Partial<Outputs>, ways, p: ways / total };
  });
  const marginals: Record<string, Marginal[]> = {};
  randomOutputs.forEach((output) => {
    const slot = slotOf.get(output.info.name)!;
    marginals[output.info.name] = values[slot].list
      .map((value, id) => ({ value, first: firstAt[slot][id] ?? "", ways: marginalWays[slot][id] ?? 0 }))
      .filter((m) => m.ways > 0)
      .sort(byFirst)
      .map(({ value, ways }) => ({ value, display: displayWire(value, output), ways, p: ways / total }));
  });
  return {
    allowed: violations === null,
    violations: violations ?? [],
    total,
    outcomes,
    marginals: marginals as Distribution<Outputs>["marginals"],
  };
}

/**
 * The values an output takes, each with an id in the order first met. Equal values (as
 * JSON) have one id; objects are compared by structure while they are few, as JSON text
 * when there are many.
 */
class WireValues {
  readonly list: Wire[] = [];
  private readonly primitives = new Map<unknown, number>();
  private objects: number[] = [];
  private texts: Map<string, number> | null = null;
  /** The value last met, and its id: the next branch usually gives the same. */
  private last: Wire = null;
  private lastId = -1;

  id(value: Wire): number {
    if (this.lastId >= 0 && (value === this.last || (typeof value === "object" && sameWire(this.last, value)))) return this.lastId;
    let id: number;
    if (value === null || typeof value !== "object") {
      const known = this.primitives.get(value);
      if (known === undefined) this.primitives.set(value, (id = this.add(value)));
      else id = known;
    } else id = this.objectId(value);
    this.last = value;
    this.lastId = id;
    return id;
  }

  private objectId(value: Wire): number {
    if (this.texts === null) {
      for (const id of this.objects) if (sameWire(this.list[id], value)) return id;
      if (this.objects.length < 16) {
        const id = this.add(value);
        this.objects.push(id);
        return id;
      }
      this.texts = new Map(this.objects.map((id) => [JSON.stringify(this.list[id]), id]));
    }
    const text = JSON.stringify(value);
    let id = this.texts.get(text);
    if (id === undefined) this.texts.set(text, (id = this.add(value)));
    return id;
  }

  private add(value: Wire): number {
    this.list.push(value);
    return this.list.length - 1;
  }
}

/** Equal as JSON: arrays item by item, objects key by key in the same order. */
function sameWire(a: Wire, b: Wire): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && !sameWire(a[i], b[i])) return false;
    return true;
  }
  const keys = Object.keys(a);
  const other = Object.keys(b);
  if (keys.length !== other.length) return false;
  for (let i = 0; i < keys.length; i++) if (keys[i] !== other[i] || !sameWire(a[keys[i]], b[keys[i]])) return false;
  return true;
}

/** Two signatures equal part by part, each value in every field (odds with their text, fractions by their parts). */
function sameSignature(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && !sameWire(a[i] as Wire, b[i] as Wire)) return false;
  return true;
}

/** An output without a value, for grouping: a marker saying why. */
function pendingValue(pending: Pick<Pending, "kind" | "message"> | undefined): Wire {
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
