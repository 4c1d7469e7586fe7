/**
 * Engines refuse misuse clearly (issue 8.8), for every engine generated/index.json
 * lists and those of the fixtures:
 *
 * - `check()` never throws, whatever it is given: getters that throw, proxies,
 *   cyclic objects, huge or sparse arrays, `__proto__` and `constructor` as keys;
 *   and it refuses numbers written as hexadecimal or with exponents;
 * - `resolve()` refuses an impossible roll (99 or −3 or 2.5 or NaN on 2d6) with
 *   `InvalidInput`, never a chart result;
 * - `resolve()` called without `check()` gives exactly what it gives after `check()`,
 *   or throws `InvalidInput` where `check()` refuses: never garbage.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { EngineSchema, FieldSchema, Wire } from "../../compiler/runtime/runtime.ts";
import { diceOf, garbage, inputOf, propertyOptions } from "../support/arbitraries.ts";
import { fixtureEngines, generatedEngines, type EngineModule } from "../support/engines.ts";

const engines = [...generatedEngines(), ...(await fixtureEngines())];

/**
 * Values a hostile or careless caller passes, each of which must be refused or read
 * safely. Made by a function inside the property (fast-check itself would trip over a
 * revoked proxy while shrinking or printing it).
 */
function hostile(): fc.Arbitrary<{ make: () => unknown; toString: () => string }> {
  const made = (name: string, make: () => unknown) => ({ make, toString: () => name });
  const throwingGetter = made("an object whose getter throws", () => Object.defineProperty({}, "strength", { enumerable: true, get: () => { throw new Error("getter"); } }));
  const throwingProxies = ["get", "ownKeys", "has", "getOwnPropertyDescriptor", "getPrototypeOf"].map((trap) =>
    made(`a proxy whose ${trap} trap throws`, () => new Proxy({}, { [trap]: () => { throw new Error(`proxy ${trap}`); } })),
  );
  const revoked = made("a revoked proxy", () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    return proxy;
  });
  const arrayProxy = made("an array proxy whose items throw", () => new Proxy([{}], { get: (_, key) => (key === "length" ? 3 : (() => { throw new Error("item"); })()) }));
  const cyclic = made("a cyclic object", () => {
    const a: Record<string, unknown> = { strength: 1 };
    a.self = a;
    a.list = [a];
    return a;
  });
  const huge = [2 ** 32 - 1, 100_000, 1001].map((length) => made(`an array of length ${length}`, () => new Array(length)));
  const polluting = ['{"__proto__": {"polluted": true}}', '{"constructor": {"prototype": {"polluted": true}}}', '{"toString": 1, "valueOf": 2}'].map((json) => made(json, () => JSON.parse(json)));
  const texts = ["0x10", "7e0", "1e3", " 7", "+7", "Infinity", "NaN", "1_000", "0b1", "٣", "7 ", ".5"].map((text) => made(JSON.stringify(text), () => text));
  return fc.oneof(
    fc.constantFrom(throwingGetter, ...throwingProxies, revoked, arrayProxy, cyclic, ...huge, ...polluting, ...texts),
    garbage.map((value) => made("garbage", () => value)),
  );
}

/** Every place a value sits in an input: a top-level field, or a field of the first item of a list. */
function places(schema: EngineSchema): { path: string; field: FieldSchema; list?: string }[] {
  return schema.inputs.flatMap((input) => {
    if (input.type.kind !== "list") return [{ path: input.name, field: input }];
    const record = schema.records[input.type.of];
    return [{ path: input.name, field: input }, ...record.fields.map((field) => ({ path: `${input.name}[0].${field.name}`, field, list: input.name }))];
  });
}

/** The input with the value at `place` replaced (a list gets one item, whose field is replaced). */
function withValue(input: Record<string, Wire>, place: { field: FieldSchema; list?: string }, value: unknown): Record<string, unknown> {
  if (!place.list) return { ...input, [place.field.name]: value };
  const items = (input[place.list] as Record<string, Wire>[] | undefined) ?? [];
  return { ...input, [place.list]: [{ ...(items[0] ?? {}), [place.field.name]: value }, ...items.slice(1)] };
}

function invalidInput(f: () => unknown): { name: string; errors: { path: string; message: string }[] } {
  try {
    f();
  } catch (error) {
    return error as { name: string; errors: { path: string; message: string }[] };
  }
  throw new Error("expected InvalidInput to be thrown");
}

describe.each(engines)("engine $name refuses misuse", ({ load }) => {
  it("check() never throws on hostile values anywhere in the input, and pollutes nothing", async () => {
    const engine = await load();
    const spots = places(engine.schema);
    fc.assert(
      fc.property(inputOf(engine.schema), fc.constantFrom(...spots), hostile(), (input, place, value) => {
        const result = engine.check(withValue(input, place, value.make()));
        expect(typeof result.ok).toBe("boolean");
        if (!result.ok) for (const error of result.errors) expect(typeof error.message).toBe("string");
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      propertyOptions(200),
    );
    const die = engine.schema.dice[0]?.name ?? "roll";
    fc.assert(
      fc.property(hostile(), (value) => {
        expect(typeof engine.check(value.make()).ok).toBe("boolean");
        expect(typeof engine.checkDice(value.make()).ok).toBe("boolean");
        expect(engine.checkDice({ [die]: value.make() }).ok).toBe(false);
      }),
      propertyOptions(100),
    );
  });

  it("check() refuses a number written in hexadecimal, with an exponent or padded", async () => {
    const engine = await load();
    const numbers = places(engine.schema).filter((p) => p.field.type.kind === "number" || p.field.type.kind === "integer");
    for (const place of numbers) {
      for (const text of ["0x10", "7e0", "1e3", " 7", "+7", "Infinity", "1_000"]) {
        const input = withValue({}, place, text);
        const result = engine.check(input);
        expect(result.ok, `${place.path} = ${JSON.stringify(text)}`).toBe(false);
        if (!result.ok) expect(result.errors.some((e) => e.path === place.path), `${place.path}: ${JSON.stringify(result.errors)}`).toBe(true);
      }
    }
  });

  it("resolve() refuses an impossible roll instead of reading a chart with it", async () => {
    const engine = await load();
    const dice = engine.schema.dice;
    if (dice.length === 0) return;
    const impossible = fc.constantFrom(...dice).chain((die) =>
      fc.tuple(
        fc.constant(die),
        fc.oneof(
          fc.integer({ min: die.count * die.sides + 1, max: 1000 }),
          fc.integer({ min: -1000, max: die.count - 1 }),
          fc.double({ noInteger: true, min: -100, max: 100 }),
          fc.constantFrom(NaN, Infinity, -Infinity, "7e0", "0x7", null, true, {}, []),
        ),
      ),
    );
    fc.assert(
      fc.property(inputOf(engine.schema), impossible, (input, [die, roll]) => {
        const checked = engine.check(input);
        fc.pre(checked.ok);
        if (!checked.ok) return;
        const error = invalidInput(() => engine.resolve(checked.value, { [die.name]: roll }));
        expect(error.name).toBe("InvalidInput");
        expect(error.errors.map((e) => e.path)).toContain(`dice.${die.name}`);
        expect(engine.checkDice({ [die.name]: roll }).ok).toBe(false);
        // A die the procedure does not roll is a mistake too (a misspelt name is not "not rolled yet").
        expect(invalidInput(() => engine.resolve(checked.value, { [`${die.name}_typo`]: die.count })).errors.map((e) => e.path)).toContain(`dice.${die.name}_typo`);
      }),
      propertyOptions(100),
    );
  });

  it("resolve() without check() answers as it does after check(), or refuses what check() refuses", async () => {
    const engine = await load();
    const spots = places(engine.schema);
    const raw = fc.oneof(
      inputOf(engine.schema),
      fc.tuple(inputOf(engine.schema), fc.constantFrom(...spots), hostile()).map(([input, place, value]) => ({ make: () => withValue(input, place, value.make()) })),
    );
    fc.assert(
      fc.property(raw, diceOf(engine.schema.dice), (made, dice) => {
        const input = "make" in made ? (made.make as () => Record<string, unknown>)() : made;
        const checked = engine.check(input);
        if (!checked.ok) {
          expect(invalidInput(() => engine.resolve(input, dice)).name).toBe("InvalidInput");
          return;
        }
        const direct = engine.resolve(input, dice);
        const viaCheck = engine.resolve(checked.value, dice);
        expect(JSON.parse(JSON.stringify(direct))).toEqual(JSON.parse(JSON.stringify(viaCheck)));
      }),
      propertyOptions(100),
    );
  });

  it("checkAssume() never throws, and resolve() refuses an assumption checkAssume() refuses", async () => {
    const engine: EngineModule = await load();
    fc.assert(
      fc.property(hostile(), fc.constantFrom("result", "odds", "attack_total", "surprise", "toString", "__proto__"), fc.boolean(), (value, name, inside) => {
        const result = engine.checkAssume(inside ? { [name]: value.make() } : value.make());
        expect(typeof result.ok).toBe("boolean");
      }),
      propertyOptions(100),
    );
    fc.assert(
      fc.property(inputOf(engine.schema), fc.dictionary(fc.string({ maxLength: 12 }), garbage, { minKeys: 1, maxKeys: 2 }), (input, assume) => {
        const checked = engine.check(input);
        fc.pre(checked.ok && !engine.checkAssume(assume).ok);
        if (!checked.ok) return;
        expect(invalidInput(() => engine.resolve(checked.value, {}, { assume })).name).toBe("InvalidInput");
      }),
      propertyOptions(50),
    );
  });
});
