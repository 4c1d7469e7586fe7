/** The engine runtime: odds and rounding (rule 4.2), ranges, tables, input checking and exact enumeration. */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import * as rt from "../../../compiler/runtime/runtime.ts";
import {
  checkDice, checkInput, diceTotals, formatNumber, lookup, oddsText, parseOdds,
  parseRange, ratio, round, roundOdds, sameValue, Stop, toWire, display,
  type EngineSchema, type Table, type TableData,
} from "../../../compiler/runtime/runtime.ts";
import { compiledEngines, type EngineModule } from "../../support/engines.ts";
import { REPO } from "../../support/repo.ts";

function stopOf(f: () => unknown): Stop {
  try {
    f();
  } catch (error) {
    if (error instanceof Stop) return error;
    throw error;
  }
  throw new Error("expected a Stop");
}

describe("odds (rule 4.2: round the final odds, not the strengths)", () => {
  it("15 to 6 is 2.5:1, which rounds half up to 3:1", () => {
    const odds = ratio(15, 6, "9.7");
    expect(odds).toEqual({ a: { n: 5, d: 2 }, d: 1 });
    expect(oddsText(odds)).toBe("2.5:1");
    expect(oddsText(roundOdds(odds, "half_up"))).toBe("3:1");
  });

  it("9.75 to 2 is 4.875:1, which rounds half up to 5:1", () => {
    const odds = ratio(rt.decimal("9.75")!, 2, "9.7");
    expect(oddsText(odds)).toBe("4.875:1");
    expect(oddsText(roundOdds(odds, "half_up"))).toBe("5:1");
  });

  it("divides both sides by the smaller, so a weaker attacker gets 1:n", () => {
    expect(oddsText(ratio(6, 15, "9.7"))).toBe("1:2.5");
    expect(oddsText(roundOdds(ratio(6, 15, "9.7"), "half_up"))).toBe("1:3");
    expect(oddsText(roundOdds(ratio(6, 15, "9.7"), "down"))).toBe("1:2");
  });

  it("0:0 stops with an undefined value that cites the paragraph", () => {
    const stop = stopOf(() => ratio(0, 0, "9.7"));
    expect(stop.kind).toBe("undefined");
    expect(stop.paragraph).toBe("9.7");
    expect(stop.message).toContain("0 to 0");
  });

  it("against nothing the odds are ∞:1; with nothing they are 0:1", () => {
    expect(oddsText(ratio(5, 0, "9.7"))).toBe("∞:1");
    expect(ratio(0, 5, "9.7")).toEqual({ a: 0, d: 1 });
  });

  it("writes whole, large and fractional odds alike", () => {
    for (const [a, d] of [[0, 1], [4, 1], [1, 3], [63, 1], [64, 1], [1000, 1], [2.5, 1], [1, 2.5]]) {
      expect(oddsText({ a, d })).toBe(`${formatNumber(a)}:${formatNumber(d)}`);
    }
    expect(oddsText({ a: 4, d: 1 })).toBe(oddsText({ a: 4, d: 1 }));
  });

  it("negative or NaN strengths stop instead of producing nonsense", () => {
    expect(stopOf(() => ratio(-1, 3, "9.7")).kind).toBe("undefined");
    expect(stopOf(() => ratio(Number.NaN, 3, "9.7")).kind).toBe("undefined");
  });

  it("rounding never turns a side that had strength into 0", () => {
    expect(roundOdds({ a: rt.decimal("0.2")!, d: 1 }, "half_up")).toEqual({ a: 1, d: 1 });
  });

  it("0.7 to 0.2 is exactly 3.5:1, which rounds half up to 4:1 (in floating point it was 3.4999…, 3:1)", () => {
    const odds = ratio(rt.decimal("0.7")!, rt.decimal("0.2")!, "9.7");
    expect(odds).toEqual({ a: { n: 7, d: 2 }, d: 1 });
    expect(oddsText(roundOdds(odds, "half_up"))).toBe("4:1");
    expect(oddsText(roundOdds(ratio(rt.exact(0.7)!, rt.exact(0.2)!, "9.7"), "half_up"))).toBe("4:1");
  });

  it("parses odds as a chart prints them and nothing else", () => {
    expect(parseOdds("3:1")).toEqual({ a: 3, d: 1 });
    expect(parseOdds(" 1 : 2 ")).toEqual({ a: 1, d: 2 });
    expect(parseOdds("4.875:1")).toEqual({ a: { n: 39, d: 8 }, d: 1 });
    for (const bad of ["3-1", "3:", ":1", "0:1", "1:0", "three to one", ""]) expect(parseOdds(bad), bad).toBeNull();
  });
});

describe("round", () => {
  it.each([
    ["half_up", 2.5, 3], ["half_up", -2.5, -2], ["half_down", 2.5, 2], ["half_even", 2.5, 2], ["half_even", 3.5, 4],
    ["half_even", 2.4, 2], ["down", 2.9, 2], ["up", 2.1, 3], ["half_up", 2.49, 2],
  ] as const)("%s(%d) = %d", (mode, x, expected) => {
    expect(round(rt.exact(x)!, mode)).toBe(expected);
  });

  it("leaves infinity alone", () => {
    expect(round(Infinity, "half_up")).toBe(Infinity);
  });
});

describe("spread (9.11c: the AR unit loses the first step; one each before any takes two)", () => {
  it("shares out in list order, skipping full items, and drops what exceeds every capacity", () => {
    expect(rt.spread(4, [3, 1])).toEqual([3, 1]);
    expect(rt.spread(3, [2, 1, 2])).toEqual([1, 1, 1]);
    expect(rt.spread(5, [1, 1])).toEqual([1, 1]);
  });

  it("serves the item `first` first in every round, then the others in list order", () => {
    expect(rt.spread(1, [3, 1], 2)).toEqual([0, 1]);
    expect(rt.spread(2, [1, 2, 1], 3)).toEqual([1, 0, 1]);
    expect(rt.spread(4, [2, 2, 1], 2)).toEqual([1, 2, 1]);
  });

  it("gives what sharing out one step at a time gives, whatever the list and the first item", () => {
    // The rule as written: rounds in order (the first item, then the rest), one each to every item not yet full.
    const oneAtATime = (n: number, capacities: number[], first: number) => {
      const lead = Number.isInteger(first) && first >= 1 && first <= capacities.length ? first - 1 : 0;
      const order = [lead, ...capacities.keys()].filter((i, k, all) => all.indexOf(i) === k);
      const shares = capacities.map(() => 0);
      for (let left = n; left > 0; ) {
        const open = order.filter((i) => shares[i] < capacities[i]).slice(0, left);
        if (open.length === 0) break;
        for (const i of open) shares[i]++;
        left -= open.length;
      }
      return shares;
    };
    fc.assert(
      fc.property(fc.integer({ min: -2, max: 30 }), fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 6 }), fc.integer({ min: -1, max: 8 }), (n, capacities, first) => {
        expect(rt.spread(n, capacities, first)).toEqual(oneAtATime(n, capacities, first));
      }),
    );
  });
});

describe("parseRange", () => {
  it.each([
    ["7", 7, 7], ["1 or less", -Infinity, 1], ["15 or more", 15, Infinity], ["3-5", 3, 5], ["3–5", 3, 5], ["3 to 5", 3, 5],
    ["12+", 12, Infinity], ["3-", -Infinity, 3], [" 9 or more ", 9, Infinity], ["-1", -1, -1], ["2 or fewer", -Infinity, 2],
  ] as const)("%j is %d..%d", (text, min, max) => {
    expect(parseRange(text)).toMatchObject({ min, max });
  });

  it.each(["5-3", "seven", "", "1.5", "or more", "3 - 5 - 7"])("rejects %j", (text) => {
    expect(parseRange(text)).toBeNull();
  });

  it.each(["-", "–", "—", "−", " - "])("reads %j as the empty range, which no number is in", (text) => {
    const range = parseRange(text);
    expect(range).not.toBeNull();
    for (const x of [-1000, 0, 2, 12, 1000]) expect(rt.inRange(x, range!)).toBe(false);
  });
});

describe("tables", () => {
  const data: TableData<string> = {
    name: "results",
    caption: "Combat Table",
    paragraph: "9.9",
    rows: [parseRange("6 or less")!, parseRange("7-9")!, parseRange("10 or more")!],
    columns: ["open", "close"],
    cells: [["AL2", "AL1o1"], ["Ao1", null], ["Ae3", "Do1"]],
  };
  // Engines bind chart data once with rt.table(); older runtimes looked the data up directly.
  const table = ("table" in rt ? rt.table(data) : data) as Table<string>;

  it("finds a cell by range row and member column", () => {
    expect(lookup(table, 2, "open")).toBe("AL2");
    expect(lookup(table, 8, "open")).toBe("Ao1");
    expect(lookup(table, 12, "close")).toBe("Do1");
  });

  it("an unknown cell stops with kind `unknown`, saying where", () => {
    const stop = stopOf(() => lookup(table, 8, "close"));
    expect(stop.kind).toBe("unknown");
    expect(stop.message).toMatch(/^Combat Table, row 8\b.*, column close\b.*not known/);
    expect(stop.paragraph).toBe("9.9");
  });

  it("a key the chart does not have stops with kind `undefined`", () => {
    expect(stopOf(() => lookup(table, 8, "marsh")).kind).toBe("undefined");
  });
});

describe("values", () => {
  it("compares odds by value and notation results by their fields, not their spacing", () => {
    expect(sameValue({ a: 2, d: 1 }, { a: 4, d: 2 })).toBe(true);
    expect(sameValue({ text: "AL1o1 Do1", attacker_loss: 1 }, { text: "AL1o1, Do1", attacker_loss: 1 })).toBe(true);
    expect(sameValue({ text: "AL1", attacker_loss: 1 }, { text: "AL2", attacker_loss: 2 })).toBe(false);
    expect(sameValue([1, 2], [1, 2])).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
  });

  it("formats numbers the way a rulebook prints them", () => {
    expect(formatNumber(3)).toBe("3");
    expect(formatNumber(4.875)).toBe("4.875");
    expect(formatNumber(1 / 3)).toBe("0.333333");
    expect(formatNumber(Infinity)).toBe("∞");
  });

  it("turns values into wire form and words", () => {
    expect(toWire({ a: 3, d: 1 }, { t: "odds" })).toBe("3:1");
    expect(toWire(Infinity, { t: "number" })).toBe("all");
    expect(toWire(null, { t: "number" })).toBeNull();
    expect(display(true, { t: "boolean" })).toBe("yes");
    expect(display("close", { t: "enum", labels: { close: "Close" } })).toBe("Close");
    expect(display(Infinity, { t: "integer" })).toBe("All");
  });
});

describe("checkInput", () => {
  const schema: EngineSchema = {
    inputs: [
      { name: "attackers", label: "Attacking units", description: "", type: { kind: "list", of: "unit", minItems: 1, maxItems: 3 } },
      { name: "mp_left", label: "MP left", description: "", type: { kind: "number", min: 0, max: 20 }, default: 6 },
      { name: "entry_cost", label: "Entry cost", description: "", type: { kind: "number", min: 0, orAll: true } },
      { name: "terrain", label: "Terrain", description: "", type: { kind: "enum", name: "terrain", members: [{ name: "very_close", label: "Very Close" }, { name: "open", label: "Open" }] } },
      { name: "odds", label: "Odds", description: "", type: { kind: "odds", orNone: true }, default: null },
    ],
    records: {
      unit: {
        label: "Unit",
        fields: [
          { name: "strength", label: "Strength", description: "", type: { kind: "integer", min: 0 } },
          { name: "leads", label: "Leads", description: "", type: { kind: "boolean" }, default: false },
        ],
      },
    },
    dice: [{ name: "combat_roll", label: "Combat roll", count: 2, sides: 6, paragraph: "9.9" }],
  };

  it("rejects anything that is not an object", () => {
    for (const garbage of [null, undefined, 3, "attack", [], [{}], true]) {
      const result = checkInput(schema, garbage);
      expect(result.ok, JSON.stringify(garbage)).toBe(false);
      if (!result.ok) expect(result.errors).toEqual([{ path: "", message: expect.stringContaining("object") }]);
    }
  });

  it("reports every problem with its path", () => {
    const result = checkInput(schema, {
      attackers: [{ strength: 3 }, { strength: -1, leads: "yes" }, "tank"],
      entry_cost: "lots",
      terrain: "swamp",
      odds: "3-1",
      bogus: 1,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const paths = result.errors.map((e) => e.path).sort();
    expect(paths).toEqual(["attackers[1].leads", "attackers[1].strength", "attackers[2]", "bogus", "entry_cost", "odds", "terrain"].sort());
    expect(result.errors.find((e) => e.path === "attackers[1].strength")?.message).toBe("Strength must be at least 0");
  });

  it("fills defaults, accepts labels for enum members, numeric text and `all`", () => {
    const result = checkInput(schema, { attackers: [{ strength: "4" }], entry_cost: "All", terrain: "very close" });
    expect(result).toEqual({
      ok: true,
      value: { attackers: [{ strength: 4, leads: false }], mp_left: 6, entry_cost: "all", terrain: "very_close", odds: null },
    });
  });

  it("enforces list sizes and required inputs", () => {
    const empty = checkInput(schema, { attackers: [], entry_cost: 1, terrain: "open" });
    expect(empty.ok).toBe(false);
    if (!empty.ok) expect(empty.errors[0]).toEqual({ path: "attackers", message: "Attacking units needs at least 1 item(s)" });
    const missing = checkInput(schema, { attackers: [{ strength: 1 }] });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.errors.map((e) => e.path)).toEqual(["entry_cost", "terrain"]);
  });

  it("gives the caller a frozen value and resolves from its own copy, whose lists are not frozen", () => {
    const result = checkInput<Record<string, rt.Wire>>(schema, { attackers: [{ strength: 4 }], entry_cost: 1, terrain: "open" });
    if (!result.ok) throw new Error("the input should pass");
    const given = result.value;
    expect(Object.isFrozen(given) && Object.isFrozen(given.attackers) && Object.isFrozen((given.attackers as rt.Wire[])[0])).toBe(true);
    const own = rt.admitInput<Record<string, rt.Wire>>(schema, given);
    expect(own).not.toBe(given);
    expect(own).toEqual(given);
    // An element of a frozen array is read several times slower than one of a plain array.
    expect(Object.isFrozen(own.attackers)).toBe(false);
    // Its records are frozen (a field of a frozen object is read as fast): an output that hands one out cannot be used to change it.
    expect(Object.isFrozen((own.attackers as rt.Wire[])[0])).toBe(true);
    expect(rt.admitInput(schema, given)).toBe(own);
    // The trace hands out a copy of an input's list, never the engine's own.
    const traced = toWire(own.attackers, { t: "list" });
    expect(traced).toEqual(own.attackers);
    expect(traced).not.toBe(own.attackers);
    // Input that was not checked is checked now, into a copy no caller holds.
    const raw = { attackers: [{ strength: 2 }], entry_cost: 1, terrain: "open" };
    const admitted = rt.admitInput<Record<string, rt.Wire>>(schema, raw);
    expect(admitted).toEqual({ attackers: [{ strength: 2, leads: false }], mp_left: 6, entry_cost: 1, terrain: "open", odds: null });
    expect(Object.isFrozen(admitted.attackers)).toBe(false);
    expect(Object.isFrozen((admitted.attackers as rt.Wire[])[0])).toBe(true);
    // A list output that is an input's list is a copy.
    expect(rt.wireAs.list(admitted.attackers)).not.toBe(admitted.attackers);
  });

  it("makes each checked object at once, so it keeps fast properties (one grown key by key becomes a hash table)", async () => {
    // V8 only tells with --allow-natives-syntax, so a child process asks it.
    const fields = Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, label: `F${i}`, description: "", type: { kind: "integer" } }));
    const wide: EngineSchema = { inputs: fields as EngineSchema["inputs"], records: {}, dice: [] };
    const input = Object.fromEntries(fields.map((f, i) => [f.name, i]));
    const script = `
      const rt = await import(${JSON.stringify(pathToFileURL(join(REPO, "compiler/runtime/runtime.ts")).href)});
      const schema = ${JSON.stringify(wide)};
      const checked = rt.checkInput(schema, ${JSON.stringify(input)});
      const own = rt.admitInput(schema, checked.value);
      const fresh = rt.admitInput(schema, ${JSON.stringify(input)});
      console.log(JSON.stringify([%HasFastProperties(checked.value), %HasFastProperties(own), %HasFastProperties(fresh)]));`;
    const { stdout } = await promisify(execFile)(process.execPath, ["--allow-natives-syntax", "--input-type=module", "-e", script]);
    expect(JSON.parse(stdout)).toEqual([true, true, true]);
  });

  it("reads the usual dice without allocating: plain objects, key counts, possible rolls", () => {
    expect([{}, { a: 1 }, Object.create(null)].map(rt.plainObject)).toEqual([true, true, true]);
    expect([null, undefined, 7, "7", [], new Map(), Object.create({})].map(rt.plainObject)).toEqual([false, false, false, false, false, false, false]);
    expect([{}, { a: 1, b: undefined }, Object.assign(Object.create(null), { c: 2 })].map(rt.keyCount)).toEqual([0, 2, 1]);
    expect([undefined, 2, 7, 12].map((n) => rt.rollOrNone(n, 2, 12))).toEqual([true, true, true, true]);
    expect([null, 1, 13, 6.5, "7", Number.NaN].map((n) => rt.rollOrNone(n, 2, 12))).toEqual([false, false, false, false, false, false]);
  });

  it("checks dice: known names, whole numbers the dice can roll", () => {
    expect(checkDice(schema.dice, undefined)).toEqual({ ok: true, value: {} });
    expect(checkDice(schema.dice, { combat_roll: "7" })).toEqual({ ok: true, value: { combat_roll: 7 } });
    for (const bad of [{ combat_roll: 1 }, { combat_roll: 13 }, { combat_roll: 6.5 }, { surprise_roll: 3 }, [], "7", null]) {
      expect(checkDice(schema.dice, bad).ok, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe("enumerating dice", () => {
  it("counts the ways to roll each total", () => {
    expect(diceTotals(2, 6)).toEqual([[2, 1], [3, 2], [4, 3], [5, 4], [6, 5], [7, 6], [8, 5], [9, 4], [10, 3], [11, 2], [12, 1]]);
    expect(diceTotals(1, 6).reduce((n, [, w]) => n + w, 0)).toBe(6);
    expect(diceTotals(3, 6).reduce((n, [, w]) => n + w, 0)).toBe(216);
  });

  // rt.distribute through an engine: the demo corpus's attack, 10 against 5 in the open (2:1, column 3).
  let engine: EngineModule;
  beforeAll(async () => {
    const [attack] = await compiledEngines(join(REPO, "test/fixtures/demo"), "demo");
    engine = await attack.load();
  });
  /** Engines take checked input (defaults filled in). */
  const checked = (input: unknown) => {
    const result = engine.check(input);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.value;
  };
  const situation = { attackers: [{ strength: 6 }, { strength: 4 }], defense: 5 };

  it("sums to the total number of combinations, jointly and per output", () => {
    const distribution = engine.distribution(checked(situation));
    expect(distribution.total).toBe(36);
    expect(distribution.outcomes.reduce((n, o) => n + o.ways, 0)).toBe(36);
    expect(distribution.outcomes.reduce((p, o) => p + o.p, 0)).toBeCloseTo(1, 12);
    for (const marginal of Object.values(distribution.marginals)) expect(marginal!.reduce((n, m) => n + m.ways, 0)).toBe(36);
  });

  it("gives exact probabilities: 6 or less, 7-9, 10 or more on two dice", () => {
    const steps = engine.distribution(checked(situation)).marginals.defender_steps!;
    const ways = Object.fromEntries(steps.map((m) => [String(m.value), m.ways]));
    expect(ways).toEqual({ "0": 15, "1": 15, "2": 6 });
    expect(steps.find((m) => m.value === 2)!.p).toBeCloseTo(1 / 6, 12);
  });

  it("does not roll when the action is not allowed", () => {
    const distribution = engine.distribution(checked({ ...situation, mp_left: 1 }));
    expect(distribution.allowed).toBe(false);
    expect(distribution.violations.map((v) => v.name)).toEqual(["enough_mp"]);
    expect(distribution.outcomes.reduce((n, o) => n + o.ways, 0)).toBe(distribution.total);
  });
});

