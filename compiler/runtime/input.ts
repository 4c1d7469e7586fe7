/** Input schemas, and checking unknown data (a form, a JSON file, dice) against them. */

import { parseOdds, parseRange, type Wire } from "./values.ts";

export interface DiceSpec {
  readonly name: string;
  readonly label: string;
  readonly count: number;
  readonly sides: number;
  readonly paragraph: string;
}

/** The form-building description of an input, a record field, or a die. */
export type FieldSchema = {
  readonly name: string;
  readonly label: string;
  readonly description: string;
  readonly paragraph?: string;
  readonly type: SchemaType;
  readonly default?: Wire;
};

export type SchemaType =
  | { readonly kind: "number" | "integer"; readonly min?: number; readonly max?: number; readonly orAll?: boolean; readonly orNone?: boolean }
  | { readonly kind: "boolean" | "text" | "odds" | "range"; readonly orNone?: boolean }
  | { readonly kind: "enum"; readonly name: string; readonly members: readonly { readonly name: string; readonly label: string }[]; readonly orNone?: boolean }
  | { readonly kind: "list"; readonly of: string; readonly minItems?: number; readonly maxItems?: number }
  | { readonly kind: "record"; readonly name: string; readonly orNone?: boolean }
  | { readonly kind: "notation"; readonly name: string; readonly orNone?: boolean };

export interface EngineSchema {
  readonly inputs: readonly FieldSchema[];
  readonly records: Readonly<Record<string, { readonly label: string; readonly fields: readonly FieldSchema[] }>>;
  readonly dice: readonly DiceSpec[];
}

export interface InputError {
  /** Where in the input: `mp_left`, `attackers[1].strength`. */
  path: string;
  message: string;
}

export type CheckResult<T> = { ok: true; value: T } | { ok: false; errors: InputError[] };

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

/** Validates unknown data against an engine's schema, filling defaults; never throws. */
export function checkInput<T>(schema: EngineSchema, value: unknown): CheckResult<T> {
  const errors: InputError[] = [];
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, errors: [{ path: "", message: "the input must be an object with one field per input" }] };
  }
  const result = checkFields(schema, schema.inputs, value as Record<string, unknown>, "", errors);
  return errors.length === 0 ? { ok: true, value: result as T } : { ok: false, errors };
}

function checkFields(schema: EngineSchema, fields: readonly FieldSchema[], value: Record<string, unknown>, prefix: string, errors: InputError[]): Record<string, Wire> {
  const out: Record<string, Wire> = {};
  const known = new Set(fields.map((f) => f.name));
  for (const key of Object.keys(value)) {
    if (!known.has(key)) errors.push({ path: prefix + key, message: `unknown field; expected one of: ${[...known].join(", ")}` });
  }
  for (const field of fields) {
    const path = prefix + field.name;
    const given = value[field.name];
    if (given === undefined) {
      if (field.default !== undefined) out[field.name] = field.default;
      else errors.push({ path, message: `${field.label} is required` });
      continue;
    }
    const checked = checkValue(schema, field.type, given, path, field.label, errors);
    if (checked !== undefined) out[field.name] = checked;
  }
  return out;
}

function checkValue(schema: EngineSchema, type: SchemaType, value: unknown, path: string, label: string, errors: InputError[]): Wire | undefined {
  const fail = (message: string) => {
    errors.push({ path, message: `${label} ${message}` });
    return undefined;
  };
  if (value === null) return "orNone" in type && type.orNone ? null : fail("is required");
  switch (type.kind) {
    case "number":
    case "integer": {
      if (type.orAll && typeof value === "string" && value.trim().toLowerCase() === "all") return "all";
      const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
      if (typeof n !== "number" || !Number.isFinite(n)) return fail(`must be a number${type.orAll ? " or “all”" : ""}`);
      if (type.kind === "integer" && !Number.isInteger(n)) return fail("must be a whole number");
      if (type.min !== undefined && n < type.min) return fail(`must be at least ${type.min}`);
      if (type.max !== undefined && n > type.max) return fail(`must be at most ${type.max}`);
      return n;
    }
    case "boolean":
      return typeof value === "boolean" ? value : fail("must be true or false");
    case "text":
      return typeof value === "string" ? value : fail("must be text");
    case "odds":
      return typeof value === "string" && parseOdds(value) ? value : fail("must be odds such as 3:1");
    case "range":
      return typeof value === "string" && parseRange(value) ? value : fail("must be a range such as “9 or more”");
    case "enum": {
      if (typeof value !== "string") return fail(`must be one of: ${type.members.map((m) => m.name).join(", ")}`);
      const member = type.members.find((m) => m.name === value || m.label.toLowerCase() === value.toLowerCase());
      return member ? member.name : fail(`must be one of: ${type.members.map((m) => m.name).join(", ")}`);
    }
    case "list": {
      if (!Array.isArray(value)) return fail("must be a list");
      if (type.minItems !== undefined && value.length < type.minItems) return fail(`needs at least ${type.minItems} item(s)`);
      if (type.maxItems !== undefined && value.length > type.maxItems) return fail(`can have at most ${type.maxItems} item(s)`);
      const record = schema.records[type.of];
      return value.map((item, i) => {
        if (item === null || typeof item !== "object" || Array.isArray(item)) {
          errors.push({ path: `${path}[${i}]`, message: `${record.label} ${i + 1} must be an object` });
          return null;
        }
        return checkFields(schema, record.fields, item as Record<string, unknown>, `${path}[${i}].`, errors);
      });
    }
    case "record": {
      const record = schema.records[type.name];
      if (typeof value !== "object" || Array.isArray(value)) return fail("must be an object");
      return checkFields(schema, record.fields, value as Record<string, unknown>, `${path}.`, errors);
    }
    case "notation":
      return typeof value === "object" && value !== null && typeof (value as { text?: unknown }).text === "string" ? (value as Wire) : fail("must be a result object with its text");
  }
}

/** Validates a dice assignment: each die a whole number its dice can roll. */
export function checkDice(specs: readonly DiceSpec[], value: unknown): CheckResult<Record<string, number>> {
  if (value === undefined) return { ok: true, value: {} };
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { ok: false, errors: [{ path: "", message: "dice must be an object such as {\"combat_roll\": 7}" }] };
  const errors: InputError[] = [];
  const out: Record<string, number> = {};
  const names = new Set(specs.map((s) => s.name));
  for (const [name, raw] of Object.entries(value)) {
    const spec = specs.find((s) => s.name === name);
    if (!spec) {
      errors.push({ path: name, message: `unknown die; this procedure rolls: ${[...names].join(", ") || "nothing"}` });
      continue;
    }
    const n = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
    const low = spec.count;
    const high = spec.count * spec.sides;
    if (typeof n !== "number" || !Number.isInteger(n) || n < low || n > high) {
      errors.push({ path: name, message: `${spec.label} (${spec.count}d${spec.sides}) must be a whole number from ${low} to ${high}` });
      continue;
    }
    out[name] = n;
  }
  return errors.length === 0 ? { ok: true, value: out } : { ok: false, errors };
}
