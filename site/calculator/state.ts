// The calculator's state as the user typed it, and its form in the URL's query
// string, so that a ruling can be shared by link and survives a reload.
import type { CheckResult, EngineSchema, FieldSchema, InputError, Wire } from "../../compiler/runtime/runtime.ts";
import { parsePlayerNumber } from "./numbers.ts";

/** Raw field values: text as typed, checkboxes as booleans. */
export type Raw = string | boolean;
export type Row = Record<string, Raw>;

export interface State {
  values: Record<string, Raw>;
  lists: Record<string, Row[]>;
  dice: Record<string, string>;
  /** Definitions fixed by a worked example ("assume the odds were 4:1"). */
  assume: Record<string, Wire>;
  /** The worked example the state was loaded from, while unchanged. */
  example: string | null;
}

function rawOf(value: Wire | undefined, field: FieldSchema): Raw {
  if (field.type.kind === "boolean") return value === true;
  if (value === undefined || value === null) return "";
  if (typeof value === "object" && !Array.isArray(value) && typeof value.text === "string") return value.text;
  return String(value);
}

/** Defaults from the schema: each list gets its minimum number of rows (at least one). */
export function initialState(schema: EngineSchema): State {
  const state: State = { values: {}, lists: {}, dice: {}, assume: {}, example: null };
  for (const field of schema.inputs) {
    if (field.type.kind === "list") {
      const record = schema.records[field.type.of];
      state.lists[field.name] = Array.from({ length: Math.max(1, field.type.minItems ?? 1) }, () => rowDefaults(record?.fields ?? []));
    } else {
      state.values[field.name] = rawOf(field.default, field);
    }
  }
  return state;
}

export function rowDefaults(fields: readonly FieldSchema[]): Row {
  return Object.fromEntries(fields.map((f) => [f.name, rawOf(f.default, f)]));
}

/** A worked example's given values and dice as a state. */
export function stateOfVector(schema: EngineSchema, vector: { id: string; input: Record<string, Wire>; dice: Record<string, number>; assume: Record<string, Wire> }): State {
  const state = initialState(schema);
  for (const field of schema.inputs) {
    const given = vector.input[field.name];
    if (field.type.kind === "list") {
      const fields = schema.records[field.type.of]?.fields ?? [];
      if (Array.isArray(given)) {
        state.lists[field.name] = given.map((item) => {
          const row = rowDefaults(fields);
          for (const f of fields) if (item && typeof item === "object" && !Array.isArray(item) && f.name in item) row[f.name] = rawOf((item as Record<string, Wire>)[f.name], f);
          return row;
        });
      }
    } else if (given !== undefined) {
      state.values[field.name] = rawOf(given, field);
    }
  }
  state.dice = Object.fromEntries(Object.entries(vector.dice).map(([k, v]) => [k, String(v)]));
  state.assume = { ...vector.assume };
  state.example = vector.id;
  return state;
}

/** The state for another schema (a comparison begun or ended): what both share is kept, the rest starts at its defaults. */
export function fitState(state: State, schema: EngineSchema): State {
  const fitted = initialState(schema);
  for (const name of Object.keys(fitted.values)) if (name in state.values) fitted.values[name] = state.values[name];
  for (const name of Object.keys(fitted.lists)) {
    const rows = state.lists[name];
    if (!rows) continue;
    const fields = listFields(schema, name);
    fitted.lists[name] = rows.map((row) => ({ ...rowDefaults(fields), ...Object.fromEntries(fields.filter((f) => f.name in row).map((f) => [f.name, row[f.name]])) }));
  }
  fitted.dice = Object.fromEntries(Object.entries(state.dice).filter(([die]) => schema.dice.some((d) => d.name === die)));
  fitted.assume = { ...state.assume };
  fitted.example = state.example;
  return fitted;
}

// ─── URL ─────────────────────────────────────────────────────────────────────

/** Writes the state under `prefix` (other calculators' keys are kept); only what differs from the defaults. */
export function writeUrl(schema: EngineSchema, state: State, prefix: string, url: URL): URL {
  const next = new URL(url);
  for (const key of [...next.searchParams.keys()]) if (key.startsWith(prefix) && (prefix || isOwnKey(schema, key))) next.searchParams.delete(key);
  const initial = initialState(schema);
  const put = (key: string, raw: Raw) => next.searchParams.set(prefix + key, typeof raw === "boolean" ? (raw ? "1" : "0") : raw);
  for (const [name, raw] of Object.entries(state.values)) if (raw !== initial.values[name]) put(name, raw);
  for (const [name, rows] of Object.entries(state.lists)) {
    const fields = listFields(schema, name);
    const defaults = rowDefaults(fields);
    if (rows.length !== initial.lists[name]?.length) next.searchParams.set(`${prefix}${name}.n`, String(rows.length));
    rows.forEach((row, i) => {
      for (const f of fields) if (row[f.name] !== defaults[f.name]) put(`${name}.${i}.${f.name}`, row[f.name]);
    });
  }
  for (const [die, raw] of Object.entries(state.dice)) if (raw !== "") put(`dice.${die}`, raw);
  for (const [name, value] of Object.entries(state.assume)) next.searchParams.set(`${prefix}assume.${name}`, JSON.stringify(value));
  if (state.example) next.searchParams.set(`${prefix}example`, state.example);
  return next;
}

/** The state the URL holds under `prefix`, or null when it holds none. */
export function readUrl(schema: EngineSchema, prefix: string, url: URL): State | null {
  const own = [...url.searchParams.entries()].filter(([key]) => key.startsWith(prefix) && (prefix || isOwnKey(schema, key)));
  if (own.length === 0) return null;
  const state = initialState(schema);
  for (const [key, value] of own) applyKey(schema, state, key.slice(prefix.length), value);
  return state;
}

/**
 * Writes one key of a link into a state, if the schema has what it names: `stack_mp_left`,
 * `attackers.0.strength`, `attackers.n`, `dice.combat_roll`, `assume.odds`, `example`.
 * Returns whether it did.
 */
function applyKey(schema: EngineSchema, state: State, key: string, value: string): boolean {
  const asRaw = (field: FieldSchema | undefined): Raw => (field?.type.kind === "boolean" ? value === "1" || value === "true" : value);
  const parts = key.split(".");
  if (parts[0] === "dice" && parts.length === 2) {
    if (!schema.dice.some((d) => d.name === parts[1])) return false;
    state.dice[parts[1]] = value;
  } else if (parts[0] === "assume" && parts.length >= 2) {
    try {
      state.assume[parts.slice(1).join(".")] = JSON.parse(value) as Wire;
    } catch {
      // An assumption that is not JSON is ignored, not an error.
      return false;
    }
  } else if (parts[0] === "example" && parts.length === 1) {
    state.example = value;
  } else if (parts.length === 2 && parts[1] === "n" && state.lists[parts[0]]) {
    const n = Math.max(0, Math.min(rowLimit(schema, parts[0]), Math.floor(Number(value)) || 0));
    const fields = listFields(schema, parts[0]);
    const rows = state.lists[parts[0]];
    while (rows.length < n) rows.push(rowDefaults(fields));
    rows.length = n;
  } else if (parts.length === 3 && state.lists[parts[0]]) {
    const fields = listFields(schema, parts[0]);
    const i = Number(parts[1]);
    const field = fields.find((f) => f.name === parts[2]);
    const rows = state.lists[parts[0]];
    if (!field || !Number.isInteger(i) || i < 0 || i >= rowLimit(schema, parts[0])) return false;
    while (rows.length <= i) rows.push(rowDefaults(fields));
    rows[i][field.name] = asRaw(field);
  } else if (parts.length === 1 && parts[0] in state.values) {
    state.values[parts[0]] = asRaw(schema.inputs.find((f) => f.name === parts[0]));
  } else {
    return false;
  }
  return true;
}

/**
 * What of a situation carried over from another edition's calculator (its schema `from`) does
 * not carry into this one: the inputs and dice of the link, under `prefix`, that this schema
 * has no place for, each named as `from` names it ("Attacking unit 1: DAK 2-step brigade").
 */
export function notCarried(schema: EngineSchema, from: EngineSchema, prefix: string, url: URL): string[] {
  const scratch = initialState(schema);
  const names: string[] = [];
  for (const [fullKey, value] of url.searchParams.entries()) {
    if (!fullKey.startsWith(prefix)) continue;
    const key = fullKey.slice(prefix.length);
    const head = key.split(".")[0];
    if (head === "assume" || head === "example" || !isOwnKey(from, key) || applyKey(schema, scratch, key, value)) continue;
    names.push(keyLabel(from, key));
  }
  return [...new Set(names)];
}

/** How a schema's form names what a key of a link holds. */
function keyLabel(schema: EngineSchema, key: string): string {
  const [head, index, field] = key.split(".");
  if (head === "dice") return schema.dice.find((d) => d.name === index)?.label ?? index;
  const input = schema.inputs.find((f) => f.name === head);
  if (!input || index === undefined) return input?.label ?? key;
  if (index === "n") return `the number of ${input.label.toLowerCase()}`;
  const record = input.type.kind === "list" ? schema.records[input.type.of] : undefined;
  return `${record?.label ?? input.label} ${Number(index) + 1}: ${listFields(schema, head).find((f) => f.name === field)?.label ?? field}`;
}

/**
 * Keeps the assumptions of a link that the engine accepts, each checked on its own
 * against its definition's type (`checkAssume`); the others are dropped, so a link
 * cannot make the calculator fail. Returns one note per assumption dropped.
 */
export function admitAssumptions(state: State, checkAssume: (value: unknown) => CheckResult<Record<string, Wire>>): string[] {
  const notes: string[] = [];
  const kept: Record<string, Wire> = {};
  for (const [name, value] of Object.entries(state.assume)) {
    const checked = checkAssume({ [name]: value });
    if (checked.ok && name in checked.value) kept[name] = checked.value[name];
    else notes.push(`${name} = ${JSON.stringify(value) ?? String(value)} (${checked.ok ? "not a definition of this calculator" : checked.errors.map((e) => e.message).join("; ")})`);
  }
  state.assume = kept;
  return notes;
}

function listFields(schema: EngineSchema, name: string): readonly FieldSchema[] {
  const field = schema.inputs.find((f) => f.name === name);
  return field?.type.kind === "list" ? (schema.records[field.type.of]?.fields ?? []) : [];
}

function isOwnKey(schema: EngineSchema, key: string): boolean {
  const head = key.split(".")[0];
  return head === "dice" || head === "assume" || head === "example" || schema.inputs.some((f) => f.name === head);
}

// ─── To engine input ─────────────────────────────────────────────────────────

/**
 * The input object `check()` validates: numbers read as players write them (½,
 * 1 1/2, .5), other text as typed, blanks left to defaults; and the fields whose
 * text is not a number, with why (check() is not given them).
 */
export function engineInput(schema: EngineSchema, state: State): { input: Record<string, unknown>; errors: InputError[] } {
  const input: Record<string, unknown> = {};
  const errors: InputError[] = [];
  const put = (target: Record<string, unknown>, field: FieldSchema, raw: Raw | undefined, path: string) => {
    if (raw === undefined) return;
    const t = field.type;
    if (t.kind === "boolean") {
      target[field.name] = raw === true;
      return;
    }
    const text = String(raw).trim();
    if (text === "") {
      if (field.default === undefined && "orNone" in t && t.orNone) target[field.name] = null;
      return;
    }
    if ((t.kind === "number" || t.kind === "integer") && !(t.orAll && /^all$/i.test(text))) {
      const number = parsePlayerNumber(text);
      if (number.ok) target[field.name] = number.value;
      else errors.push({ path, message: `${field.label} must be ${number.message}` });
      return;
    }
    target[field.name] = t.kind === "notation" ? { text } : t.kind === "number" || t.kind === "integer" ? "all" : text;
  };
  for (const field of schema.inputs) {
    if (field.type.kind === "list") {
      const fields = schema.records[field.type.of]?.fields ?? [];
      input[field.name] = (state.lists[field.name] ?? []).map((row, i) => {
        const item: Record<string, unknown> = {};
        for (const f of fields) put(item, f, row[f.name], `${field.name}[${i}].${f.name}`);
        return item;
      });
    } else {
      put(input, field, state.values[field.name], field.name);
    }
  }
  return { input, errors };
}

export function engineDice(state: State): Record<string, string> {
  return Object.fromEntries(Object.entries(state.dice).filter(([, v]) => v.trim() !== "").map(([k, v]) => [k, v.trim()]));
}

/** The most rows a shared link may ask for in a list: the schema's own limit, else a sane bound on a URL. */
function rowLimit(schema: EngineSchema, list: string): number {
  const type = schema.inputs.find((f) => f.name === list)?.type;
  return type?.kind === "list" && type.maxItems !== undefined ? type.maxItems : MAX_ROWS_FROM_URL;
}

/** Rows a link may create in a list that sets no limit (a URL is not a way to make thousands). */
const MAX_ROWS_FROM_URL = 50;
