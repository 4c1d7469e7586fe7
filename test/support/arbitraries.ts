/** fast-check arbitraries built from an engine's own input schema, so every engine gets inputs that fit it. */
import fc from "fast-check";
import type { DiceSpec, EngineSchema, FieldSchema, SchemaType, Wire } from "../../compiler/runtime/runtime.ts";

/** Property runs are reproducible: set HEXLAW_FC_SEED to explore other inputs, HEXLAW_FC_RUNS to run more. */
export function propertyOptions(runs: number): fc.Parameters<unknown> {
  const seed = process.env.HEXLAW_FC_SEED ? Number(process.env.HEXLAW_FC_SEED) : 20240601;
  const scale = process.env.HEXLAW_FC_RUNS ? Number(process.env.HEXLAW_FC_RUNS) / 100 : 1;
  return { seed, numRuns: Math.max(1, Math.round(runs * scale)) };
}

function number(type: Extract<SchemaType, { kind: "number" | "integer" }>): fc.Arbitrary<Wire> {
  const min = type.min ?? -1000;
  const max = type.max ?? Math.max(min + 1000, 1000);
  const integers = fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  const inRange =
    type.kind === "integer"
      ? integers
      : // Strengths as rulebooks print them: whole numbers, halves, quarters, eighths (9.75, 4.875).
        fc.oneof(integers, fc.constantFrom(min, max), fc.integer({ min: Math.ceil(min * 8), max: Math.floor(max * 8) }).map((q) => q / 8));
  // A strict bound (`> 0`, `< 10`) is not itself a value the schema describes.
  const value = inRange.filter((v) => !(type.minExclusive && v === min) && !(type.maxExclusive && v === max));
  return type.orAll ? fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: fc.constant("all") }) : value;
}

export function valueOf(schema: EngineSchema, type: SchemaType): fc.Arbitrary<Wire> {
  let value: fc.Arbitrary<Wire>;
  switch (type.kind) {
    case "number":
    case "integer":
      value = number(type);
      break;
    case "boolean":
      value = fc.boolean();
      break;
    case "text":
      value = fc.string({ maxLength: 12 });
      break;
    case "odds":
      value = fc.tuple(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 })).map(([a, d]) => `${a}:${d}`);
      break;
    case "range":
      value = fc.constantFrom("2", "3-5", "9 or more", "1 or less");
      break;
    case "enum":
      value = fc.constantFrom(...type.members.map((m) => m.name));
      break;
    case "list": {
      const record = recordOf(schema, type.of);
      const minLength = type.minItems ?? 0;
      value = fc.array(record, { minLength, maxLength: Math.min(type.maxItems ?? minLength + 4, minLength + 4) });
      break;
    }
    case "record":
      value = recordOf(schema, type.name);
      break;
    case "notation":
      value = fc.constant({ text: "?" });
      break;
  }
  return "orNone" in type && type.orNone ? fc.option(value, { nil: null, freq: 4 }) : value;
}

function fieldsOf(schema: EngineSchema, fields: readonly FieldSchema[]): fc.Arbitrary<Record<string, Wire>> {
  const shape = Object.fromEntries(fields.map((field) => [field.name, valueOf(schema, field.type)]));
  const required = fields.filter((field) => field.default === undefined).map((field) => field.name);
  return fc.record(shape, { requiredKeys: required }) as fc.Arbitrary<Record<string, Wire>>;
}

function recordOf(schema: EngineSchema, name: string): fc.Arbitrary<Wire> {
  return fieldsOf(schema, schema.records[name].fields);
}

/** An input object for the engine: every input within its type and range; inputs with defaults sometimes left out. */
export function inputOf(schema: EngineSchema): fc.Arbitrary<Record<string, Wire>> {
  return fieldsOf(schema, schema.inputs);
}

/** Dice totals each die can roll; any die may be missing. */
export function diceOf(dice: readonly DiceSpec[]): fc.Arbitrary<Record<string, number>> {
  const shape = Object.fromEntries(dice.map((d) => [d.name, fc.integer({ min: d.count, max: d.count * d.sides })]));
  return fc.record(shape, { requiredKeys: [] }) as fc.Arbitrary<Record<string, number>>;
}

/** Every die rolled, each to a total it can show. */
export function everyDieOf(dice: readonly DiceSpec[]): fc.Arbitrary<Record<string, number>> {
  return fc.record(Object.fromEntries(dice.map((d) => [d.name, fc.integer({ min: d.count, max: d.count * d.sides })])));
}

/** Anything at all, including the shapes a careless caller sends. */
export const garbage: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ withNullPrototype: true, withObjectString: true, withBoxedValues: true, withMap: true, withSet: true, withDate: true }),
  fc.constantFrom(undefined, null, NaN, Infinity, "", "all", [], {}, { __proto__: { polluted: true } }, Object.create(null)),
);

export const notAnObject: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(), fc.double(), fc.string(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.array(fc.anything()), fc.bigInt(),
);
