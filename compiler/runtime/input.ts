/** Input schemas, and checking unknown data (a form, a JSON file, dice) against them. */

import { lowerText, upperText, type Bounds } from "./bounds.ts";
import { decimal, exact, ge, gt, le, lt, toNumber } from "./numbers.ts";
import { parseOdds, parseRange, sameValue, type Wire } from "./values.ts";

/**
 * A die a procedure rolls: its name and label, how many dice of how many sides, and the paragraph that rolls it.
 * @category Engine modules
 */
export interface DiceSpec {
  readonly name: string;
  readonly label: string;
  readonly count: number;
  readonly sides: number;
  readonly paragraph: string;
}

/**
 * The form-building description of an input, a record field, or a die.
 * @category Engine modules
 */
export type FieldSchema = {
  readonly name: string;
  readonly label: string;
  readonly description: string;
  readonly paragraph?: string;
  readonly type: SchemaType;
  readonly default?: Wire;
  /** May be left out (`| unknown`): what depends on it is then not known. */
  readonly optional?: boolean;
};

/**
 * The type of an input or field, as a form shows it.
 * @category Engine modules
 */
export type SchemaType =
  | ({ readonly kind: "number" | "integer"; readonly orAll?: boolean; readonly orNone?: boolean } & Bounds)
  | { readonly kind: "boolean" | "text" | "odds" | "range"; readonly orNone?: boolean }
  | { readonly kind: "enum"; readonly name: string; readonly members: readonly { readonly name: string; readonly label: string }[]; readonly orNone?: boolean }
  | { readonly kind: "list"; readonly of: string; readonly minItems?: number; readonly maxItems?: number }
  | { readonly kind: "record"; readonly name: string; readonly orNone?: boolean }
  | { readonly kind: "notation"; readonly name: string; readonly orNone?: boolean };

/**
 * Everything a form needs: the inputs, the records (units) they are lists of, and the dice.
 * @category Engine modules
 */
export interface EngineSchema {
  readonly inputs: readonly FieldSchema[];
  readonly records: Readonly<Record<string, { readonly label: string; readonly fields: readonly FieldSchema[] }>>;
  readonly dice: readonly DiceSpec[];
}

/**
 * A value `check` refuses: where it is (`attackers[0].strength`) and what is wrong, in the words of the form.
 * @category Engine modules
 */
export interface InputError {
  /** Where in the input: `mp_left`, `attackers[1].strength`. */
  path: string;
  message: string;
}

/**
 * What `check` and `checkDice` answer: the value the engine accepts, or every error in it.
 * @category Engine modules
 */
export type CheckResult<T> = { ok: true; value: T } | { ok: false; errors: InputError[] };

/** How an engine reads a notation written as text: its grammar's parser and the fields the result must have. */
export interface NotationReader {
  readonly parse: (text: string) => unknown;
  readonly fields: readonly FieldSchema[];
}

export type NotationReaders = Readonly<Record<string, NotationReader>>;

/** Limits on what `check` reads, so no input can make it run for long: lists, text, errors reported. */
export const INPUT_LIMITS = { items: 1000, text: 10_000, errors: 50 } as const;

/** What `resolve` throws when given input, dice or assumptions that `check` would refuse. */
export class InvalidInput extends TypeError {
  readonly errors: InputError[];

  constructor(errors: InputError[]) {
    super(`the input is not valid: ${errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join("; ")}`);
    this.name = "InvalidInput";
    this.errors = errors;
  }
}

/**
 * The part of an input an engine declares: its own inputs and, inside lists and
 * records, its own records' fields (to run one situation under two editions).
 */
export function declaredInput(schema: EngineSchema, input: Record<string, Wire>): Record<string, Wire> {
  const pick = (fields: readonly FieldSchema[], value: Record<string, Wire>): Record<string, Wire> =>
    Object.fromEntries(fields.filter((f) => f.name in value).map((f) => [f.name, fit(f.type, value[f.name])]));
  const fit = (type: SchemaType, value: Wire): Wire => {
    const record = type.kind === "list" ? schema.records[type.of] : type.kind === "record" ? schema.records[type.name] : undefined;
    if (!record) return value;
    const one = (item: Wire) => (item && typeof item === "object" && !Array.isArray(item) ? pick(record.fields, item as Record<string, Wire>) : item);
    return type.kind === "list" && Array.isArray(value) ? value.map(one) : one(value);
  };
  return pick(schema.inputs, input);
}

/**
 * Values `checkInput` made, each with the engine's own copy of it. The caller's value is
 * frozen, so it is still valid when `resolve` is given it, which then need not check it
 * again; `resolve` reads the copy, whose records are frozen too (a field of a frozen object
 * is read as fast) but whose lists are not (an element of a frozen array is read several
 * times slower). No caller holds those lists: the trace and the outputs hand out copies
 * (`toWire`, `wireAs.list`).
 */
const CHECKED = new WeakMap<object, Record<string, Wire>>();

/** The dice an engine rolls, of a roll made for several engines (one situation under two editions). */
export function declaredDice(specs: readonly DiceSpec[], dice: Readonly<Record<string, number>>): Record<string, number> {
  return Object.fromEntries(specs.filter((d) => Object.hasOwn(dice, d.name)).map((d) => [d.name, dice[d.name]]));
}

/** Validates unknown data against an engine's schema, filling defaults. Never throws (getters, proxies, cycles). */
export function checkInput<T>(schema: EngineSchema, value: unknown, notations: NotationReaders = {}): CheckResult<T> {
  const errors = new Errors();
  try {
    if (!isObject(value)) return { ok: false, errors: [{ path: "", message: "the input must be an object with one field per input" }] };
    const result = checkFields(schema, notations, schema.inputs, value, "", errors);
    if (errors.list.length > 0) return { ok: false, errors: errors.list };
    const frozen = deepFreeze(copyWire(result) as Record<string, Wire>);
    CHECKED.set(frozen, result);
    return { ok: true, value: frozen as T };
  } catch (error) {
    if (error !== Errors.FULL) errors.push("", `the input could not be read (${describeError(error)})`);
    return { ok: false, errors: errors.list };
  }
}

/** The input `resolve` works on: what `checkInput` made, or else the input checked now; invalid input throws. */
export function admitInput<T>(schema: EngineSchema, value: unknown, notations: NotationReaders = {}): T {
  const own = typeof value === "object" && value !== null ? CHECKED.get(value) : undefined;
  if (own !== undefined) return own as T;
  const checked = checkInput<T>(schema, value, notations);
  if (!checked.ok) throw new InvalidInput(checked.errors);
  return CHECKED.get(checked.value as object) as T;
}

/** Errors found so far; stops the check once there are enough to show. */
class Errors {
  static readonly FULL = Symbol("enough errors");
  readonly list: InputError[] = [];

  push(path: string, message: string): void {
    if (this.list.length >= INPUT_LIMITS.errors) {
      this.list.push({ path: "", message: "… and more errors (only the first ones are shown)" });
      throw Errors.FULL;
    }
    this.list.push({ path, message });
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function describeError(error: unknown): string {
  try {
    return error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 200) : "a value that could not be read";
  } catch {
    return "a value that could not be read";
  }
}

/** An own field only (never one inherited, such as `constructor`); a getter that throws is a field that cannot be read. */
function own(value: Record<string, unknown>, key: string, path: string, errors: Errors): unknown {
  try {
    return Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
  } catch (error) {
    errors.push(path, `could not be read (${describeError(error)})`);
    return undefined;
  }
}

/**
 * A plain object of these fields, in order; `__proto__` as a name is a field, never the
 * prototype. Made at once: an object given many fields one key at a time becomes a hash
 * table, whose every read is a lookup (the engines read inputs by name).
 */
function objectOf(entries: [string, Wire][]): Record<string, Wire> {
  return Object.fromEntries(entries) as Record<string, Wire>;
}

/** A copy of a value in wire form (lists and objects copied, fields in the same order). */
function copyWire(value: Wire): Wire {
  if (Array.isArray(value)) return value.map(copyWire);
  if (value !== null && typeof value === "object") return objectOf(Object.entries(value).map(([k, v]) => [k, copyWire(v)]));
  return value;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

function checkFields(schema: EngineSchema, notations: NotationReaders, fields: readonly FieldSchema[], value: Record<string, unknown>, prefix: string, errors: Errors): Record<string, Wire> {
  const out: [string, Wire][] = [];
  const known = new Set(fields.map((f) => f.name));
  for (const key of Object.keys(value)) {
    if (!known.has(key)) errors.push(prefix + key, `unknown field; expected one of: ${[...known].join(", ")}`);
  }
  for (const field of fields) {
    const path = prefix + field.name;
    const given = own(value, field.name, path, errors);
    if (field.optional && (given === undefined || given === null)) continue;
    if (given === undefined) {
      if (field.default !== undefined) out.push([field.name, field.default]);
      else errors.push(path, `${field.label} is required`);
      continue;
    }
    const checked = checkValue(schema, notations, field.type, given, path, field.label, errors);
    if (checked !== undefined) out.push([field.name, checked]);
  }
  return Object.freeze(objectOf(out));
}

/**
 * A number as JSON writes it, or as a form's text field holds it: plain decimal
 * digits ("12", "-3", "0.75"). Hexadecimal, exponents, "Infinity" and padding are
 * refused, so that what is shown is what is computed.
 */
const PLAIN_DECIMAL = /^-?\d{1,20}(?:\.\d{1,20})?$/;

function numberOf(value: unknown): number | null {
  if (typeof value === "number") return value;
  if (typeof value === "string" && PLAIN_DECIMAL.test(value)) return Number(value);
  return null;
}

function checkValue(schema: EngineSchema, notations: NotationReaders, type: SchemaType, value: unknown, path: string, label: string, errors: Errors): Wire | undefined {
  const fail = (message: string) => {
    errors.push(path, `${label} ${message}`);
    return undefined;
  };
  if (value === null) return "orNone" in type && type.orNone ? null : fail("is required");
  switch (type.kind) {
    case "number":
    case "integer": {
      if (type.orAll && (value === "all" || value === "All")) return "all";
      const n = numberOf(value);
      if (n === null || !Number.isFinite(n)) return fail(`must be a number${type.orAll ? " or “all”" : ""}`);
      if (type.kind === "integer" && !Number.isInteger(n)) return fail("must be a whole number");
      // Exactly the number written: a decimal whose digits fit a safe integer (not 1e308, not 0.1 + 0.2).
      const written = typeof value === "string" ? decimal(value) : exact(n);
      if (written === null || exact(n) === null || toNumber(written) !== n) return fail(`is too large or has too many digits to compute with exactly`);
      if (type.min !== undefined && (type.minExclusive ? le(written, type.min) : lt(written, type.min))) return fail(`must be ${lowerText(type)}`);
      if (type.max !== undefined && (type.maxExclusive ? ge(written, type.max) : gt(written, type.max))) return fail(`must be ${upperText(type)}`);
      return n + 0;
    }
    case "boolean":
      return typeof value === "boolean" ? value : fail("must be true or false");
    case "text":
      if (typeof value !== "string") return fail("must be text");
      return value.length <= INPUT_LIMITS.text ? value : fail(`can have at most ${INPUT_LIMITS.text} characters`);
    case "odds":
      return typeof value === "string" && value.length <= 100 && parseOdds(value) ? value : fail("must be odds such as 3:1");
    case "range":
      return typeof value === "string" && value.length <= 100 && parseRange(value) ? value : fail("must be a range such as “9 or more”");
    case "enum": {
      const member = typeof value === "string" ? type.members.find((m) => m.name === value || m.label.toLowerCase() === value.toLowerCase()) : undefined;
      return member ? member.name : fail(`must be one of: ${type.members.map((m) => m.name).join(", ")}`);
    }
    case "list": {
      if (!Array.isArray(value)) return fail("must be a list");
      const most = Math.min(type.maxItems ?? INPUT_LIMITS.items, INPUT_LIMITS.items);
      if (type.minItems !== undefined && value.length < type.minItems) return fail(`needs at least ${type.minItems} item(s)`);
      if (value.length > most) return fail(`can have at most ${most} item(s)`);
      const record = schema.records[type.of];
      const items: Wire[] = [];
      for (let i = 0; i < value.length; i++) {
        const item = own(value as unknown as Record<string, unknown>, String(i), `${path}[${i}]`, errors);
        if (!isObject(item)) {
          errors.push(`${path}[${i}]`, `${record.label} ${i + 1} must be an object`);
          items.push(null);
        } else {
          items.push(checkFields(schema, notations, record.fields, item, `${path}[${i}].`, errors));
        }
      }
      return items;
    }
    case "record": {
      const record = schema.records[type.name];
      if (!isObject(value)) return fail("must be an object");
      return checkFields(schema, notations, record.fields, value, `${path}.`, errors);
    }
    case "notation": {
      const reader = notations[type.name];
      const text = typeof value === "string" ? value : isObject(value) ? own(value, "text", `${path}.text`, errors) : undefined;
      if (typeof text !== "string" || !reader) return fail(`must be a result written as the chart writes it, such as "AL1o1 Do1"`);
      const parsed = readNotation(reader, text);
      if (typeof parsed === "string") return fail(parsed);
      // A result given with its fields must say what its text says.
      if (isObject(value) && !sameValue({ ...value, text }, parsed)) return fail(`does not match its text “${text}”`);
      return parsed;
    }
  }
}

/** A notation's text as its result (`{ text, …fields }`), or why it is not one. */
export function readNotation(reader: NotationReader, text: string): Record<string, Wire> | string {
  if (text.length > 200) return "is too long for a result";
  let result: unknown;
  try {
    result = reader.parse(text);
  } catch (error) {
    return `is not valid (${describeError(error).replace(/^SyntaxError: /, "")})`;
  }
  if (!isObject(result)) return "is not valid";
  const out: [string, Wire][] = [["text", text]];
  const errors = new Errors();
  for (const field of reader.fields) {
    const v = checkValue({ inputs: [], records: {}, dice: [] }, {}, field.type, result[field.name] ?? null, field.name, field.label, errors);
    if (v === undefined) return `is not valid (${errors.list[0]?.message ?? field.name})`;
    out.push([field.name, v]);
  }
  return Object.freeze(objectOf(out));
}

/** Validates a dice assignment: each die a whole number its dice can roll. Never throws. */
export function checkDice(specs: readonly DiceSpec[], value: unknown): CheckResult<Record<string, number>> {
  if (value === undefined) return { ok: true, value: {} };
  const errors = new Errors();
  try {
    if (!isObject(value)) return { ok: false, errors: [{ path: "", message: "dice must be an object such as {\"combat_roll\": 7}" }] };
    const out: [string, Wire][] = [];
    const names = specs.map((s) => s.name);
    for (const name of Object.keys(value)) {
      const spec = specs.find((s) => s.name === name);
      if (!spec) {
        errors.push(name, `unknown die; this procedure rolls: ${names.join(", ") || "nothing"}`);
        continue;
      }
      const raw = own(value, name, name, errors);
      const n = typeof raw === "string" && /^\d{1,10}$/.test(raw) ? Number(raw) : raw;
      if (!isRoll(spec, n)) {
        errors.push(name, `${spec.label} (${spec.count}d${spec.sides}) must be a whole number from ${spec.count} to ${spec.count * spec.sides}`);
        continue;
      }
      out.push([name, n]);
    }
    return errors.list.length === 0 ? { ok: true, value: objectOf(out) as Record<string, number> } : { ok: false, errors: errors.list };
  } catch (error) {
    if (error !== Errors.FULL) errors.push("", `the dice could not be read (${describeError(error)})`);
    return { ok: false, errors: errors.list };
  }
}

/** How many own enumerable keys an object has, without making the list of them. */
function ownKeys(value: object): number {
  let n = 0;
  for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key)) n++;
  return n;
}

/** A plain object (its prototype `Object.prototype` or none), whose dice an engine reads by name. */
export function plainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** How many enumerable keys an object has, inherited ones too, without making the list of them. */
export function keyCount(value: object): number {
  let n = 0;
  for (const _ in value) n++;
  return n;
}

/** No roll, or a total from `low` to `high` (2 to 12 for 2d6). */
export function rollOrNone(n: unknown, low: number, high: number): boolean {
  return n === undefined || (typeof n === "number" && Number.isInteger(n) && n >= low && n <= high);
}

/** A total the dice can roll: 2 to 12 for 2d6. */
function isRoll(spec: DiceSpec, n: unknown): n is number {
  return typeof n === "number" && Number.isInteger(n) && n >= spec.count && n <= spec.count * spec.sides;
}

/**
 * The dice `resolve` works on: each given die a total its dice can roll, no die it
 * does not know; anything else throws (a roll of 99 on 2d6 is not a chart result).
 * Each engine checks the usual case itself, die by die (its `admitDice`), and calls
 * this for the rest.
 */
export function admitDice(specs: readonly DiceSpec[], dice: unknown): Record<string, number | undefined> {
  if (isObject(dice)) {
    // The usual case, checked without allocating: every key a known die with a possible roll.
    let known = 0;
    let valid = true;
    for (let i = 0; i < specs.length; i++) {
      const spec = specs[i];
      const v = Object.prototype.hasOwnProperty.call(dice, spec.name) ? dice[spec.name] : undefined;
      if (v === undefined) continue;
      known++;
      if (!isRoll(spec, v)) valid = false;
    }
    if (valid && known === ownKeys(dice)) return dice as Record<string, number>;
  }
  const checked = checkDice(specs, dice);
  if (!checked.ok) throw new InvalidInput(checked.errors.map((e) => ({ ...e, path: e.path ? `dice.${e.path}` : "dice" })));
  return checked.value;
}

/**
 * Values fixed by `assume` (a worked example's "assume the odds were 4:1"), each
 * checked against its definition's type; a notation may be written as text.
 */
export function checkAssumed(definitions: readonly FieldSchema[], value: unknown, notations: NotationReaders = {}): CheckResult<Record<string, Wire>> {
  const errors = new Errors();
  try {
    if (!isObject(value)) return { ok: false, errors: [{ path: "", message: "assumptions must be an object such as {\"odds\": \"4:1\"}" }] };
    const out: [string, Wire][] = [];
    for (const name of Object.keys(value)) {
      const definition = definitions.find((d) => d.name === name);
      if (!definition) {
        errors.push(name, `cannot be assumed; this procedure's definitions are: ${definitions.map((d) => d.name).join(", ")}`);
        continue;
      }
      const checked = checkValue({ inputs: [], records: {}, dice: [] }, notations, definition.type, own(value, name, name, errors), name, definition.label, errors);
      if (checked !== undefined) out.push([name, checked]);
    }
    return errors.list.length === 0 ? { ok: true, value: objectOf(out) } : { ok: false, errors: errors.list };
  } catch (error) {
    if (error !== Errors.FULL) errors.push("", `the assumptions could not be read (${describeError(error)})`);
    return { ok: false, errors: errors.list };
  }
}

/** The assumptions `resolve` works on; invalid ones throw. */
export function admitAssumed(definitions: readonly FieldSchema[], value: unknown, notations: NotationReaders = {}): Record<string, Wire> {
  const checked = checkAssumed(definitions, value, notations);
  if (!checked.ok) throw new InvalidInput(checked.errors.map((e) => ({ ...e, path: e.path ? `assume.${e.path}` : "assume" })));
  return checked.value;
}
