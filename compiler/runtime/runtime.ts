/**
 * The Hexlaw engine runtime: the values, checks and enumeration every generated
 * engine shares. The compiler copies this file to generated/runtime.ts; engines
 * import it, and nothing else.
 *
 * Values cross the engine boundary in "wire" form (plain JSON): odds as "3:1",
 * ranges as "9 or more", `all` as "all", none as null, notation results as
 * objects with their `text`. Inside an engine, odds and ranges are objects.
 */

// ─── Values ──────────────────────────────────────────────────────────────────

export type Wire = null | boolean | number | string | Wire[] | { [key: string]: Wire };

/** Odds `a:d`: attacker to defender, after dividing both by the smaller. */
export interface Odds {
  readonly a: number;
  readonly d: number;
  /** How the odds are written, when known in advance (chart cells). */
  readonly text?: string;
}

/** An integer range, as chart headers write them: "9 or more", "2", "1 or less", "3-5". */
export interface Range {
  readonly min: number;
  readonly max: number;
  readonly text: string;
}

export function oddsValue(o: Odds): number {
  return o.a / o.d;
}

export function oddsText(o: Odds): string {
  if (o.text !== undefined) return o.text;
  const { a, d } = o;
  // Odds of small whole numbers ("4:1", "1:3") are the usual case: each is made once.
  if (Number.isInteger(a) && Number.isInteger(d) && a >= 0 && d >= 0 && a < SMALL_ODDS && d < SMALL_ODDS) return (ODDS_TEXT[a * SMALL_ODDS + d] ??= `${a}:${d}`);
  return `${formatNumber(a)}:${formatNumber(d)}`;
}

const SMALL_ODDS = 64;
const ODDS_TEXT: (string | undefined)[] = [];

export function parseOdds(text: string): Odds | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return null;
  const a = Number(match[1]);
  const d = Number(match[2]);
  return a > 0 && d > 0 ? { a, d } : null;
}

export function parseRange(text: string): Range | null {
  const t = text.trim();
  let m = /^(-?\d+)$/.exec(t);
  if (m) return { min: Number(m[1]), max: Number(m[1]), text: t };
  m = /^(-?\d+)\s*(?:or less|or fewer|or lower|-$|−$)$/i.exec(t);
  if (m) return { min: -Infinity, max: Number(m[1]), text: t };
  m = /^(-?\d+)\s*(?:or more|or higher|or greater|\+)$/i.exec(t);
  if (m) return { min: Number(m[1]), max: Infinity, text: t };
  m = /^(-?\d+)\s*(?:-|–|—|to)\s*(-?\d+)$/.exec(t);
  if (m && Number(m[1]) <= Number(m[2])) return { min: Number(m[1]), max: Number(m[2]), text: t };
  return null;
}

/**
 * Odds as a chart header writes a column: "5:1", "13:1+" (13:1 or more), "1:9 or less",
 * "10:1-12:1". The interval is over odds values (attacker ÷ defender); `text` is the header.
 */
export function parseOddsRange(text: string): Range | null {
  const t = text.trim();
  const one = (s: string): number | null => {
    const o = parseOdds(s);
    return o ? o.a / o.d : null;
  };
  let m = /^(.+?)\s*(?:\+|or more|or greater|or better|or higher)$/i.exec(t);
  if (m) {
    const v = one(m[1]);
    return v === null ? null : { min: v, max: Infinity, text: t };
  }
  m = /^(.+?)\s*(?:or less|or lower|or worse)$/i.exec(t);
  if (m) {
    const v = one(m[1]);
    return v === null ? null : { min: -Infinity, max: v, text: t };
  }
  m = /^(\d+(?:\.\d+)?\s*:\s*\d+(?:\.\d+)?)\s*(?:-|–|—|to)\s*(\d+(?:\.\d+)?\s*:\s*\d+(?:\.\d+)?)$/.exec(t);
  if (m) {
    const low = one(m[1]);
    const high = one(m[2]);
    return low !== null && high !== null && low <= high ? { min: low, max: high, text: t } : null;
  }
  const exact = one(t);
  return exact === null ? null : { min: exact, max: exact, text: t };
}

/** An odds value as odds: 5 → 5:1, 0.5 → 1:2. */
export function oddsOfValue(value: number): Odds {
  return value >= 1 || value === 0 || Number.isNaN(value) ? { a: value, d: 1 } : { a: 1, d: 1 / value };
}

export function inRange(x: number, r: Range): boolean {
  return x >= r.min && x <= r.max;
}

/** Numbers as a rulebook prints them: 4.875, 3, ∞. */
export function formatNumber(x: number): string {
  if (x === Infinity) return "∞";
  if (Number.isInteger(x)) return String(x);
  return String(Math.round(x * 1e6) / 1e6);
}

// ─── Partial results ─────────────────────────────────────────────────────────

/**
 * Why a value could not be computed. Thrown inside an engine and caught at the
 * output, so one unknown chart cell or a missing die leaves the rest computable.
 */
export class Stop {
  readonly kind: "dice" | "unknown" | "undefined";
  readonly message: string;
  readonly paragraph: string;
  /** For `dice`: the die that is needed. */
  readonly die?: string;

  constructor(kind: Stop["kind"], message: string, paragraph: string, die?: string) {
    this.kind = kind;
    this.message = message;
    this.paragraph = paragraph;
    this.die = die;
  }
}

// ─── Arithmetic ──────────────────────────────────────────────────────────────

export type RoundingMode = "half_up" | "half_down" | "half_even" | "down" | "up";

export function round(x: number, mode: RoundingMode): number {
  if (!Number.isFinite(x)) return x;
  switch (mode) {
    case "down":
      return Math.floor(x);
    case "up":
      return Math.ceil(x);
    case "half_up":
      return Math.floor(x + 0.5);
    case "half_down":
      return Math.ceil(x - 0.5);
    case "half_even": {
      const floor = Math.floor(x);
      const diff = x - floor;
      if (diff !== 0.5) return Math.round(x);
      return floor % 2 === 0 ? floor : floor + 1;
    }
  }
}

/** Rounds each side of odds (rule 4.2 style: round the final odds, not the strengths). */
export function roundOdds(o: Odds, mode: RoundingMode): Odds {
  const a = round(o.a, mode);
  const d = round(o.d, mode);
  return { a: Math.max(a, o.a > 0 ? 1 : 0), d: Math.max(d, o.d > 0 ? 1 : 0) };
}

/** `a : d` — both sides divided by the smaller; against nothing, the odds are ∞:1. */
export function ratio(a: number, d: number, paragraph: string): Odds {
  if (a < 0 || d < 0 || Number.isNaN(a) || Number.isNaN(d)) throw new Stop("undefined", `odds of ${formatNumber(a)} to ${formatNumber(d)} are not defined`, paragraph);
  if (a === 0 && d === 0) throw new Stop("undefined", "odds of 0 to 0 are not defined", paragraph);
  if (d === 0) return { a: Infinity, d: 1 };
  if (a === 0) return { a: 0, d: 1 };
  const smaller = Math.min(a, d);
  return { a: a / smaller, d: d / smaller };
}

export function divide(a: number, b: number, paragraph: string): number {
  if (b === 0) throw new Stop("undefined", `division of ${formatNumber(a)} by zero`, paragraph);
  return a / b;
}

/** Structural equality; odds by value; notation results by their fields, not how the text was spaced. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  if ("a" in a && "d" in a && "a" in b && "d" in b) return oddsValue(a as Odds) === oddsValue(b as Odds);
  const keys = (o: object) => Object.keys(o).filter((k) => k !== "text").sort();
  const ka = keys(a);
  const kb = keys(b);
  if (ka.length === 0 && kb.length === 0) return (a as { text?: unknown }).text === (b as { text?: unknown }).text;
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

// ─── Tables ──────────────────────────────────────────────────────────────────

export type Key = string | Range;

/**
 * A chart bound to a table: keys in chart order, cells with `null` for unknown.
 * Integer keys are intervals of whole numbers; odds keys are intervals of odds values.
 */
export interface TableData<V> {
  readonly name: string;
  readonly caption: string;
  readonly paragraph: string;
  readonly rows: readonly Key[];
  readonly columns: readonly Key[];
  readonly cells: readonly (readonly (V | null)[])[];
  /** The chart holds only the keys that are known: a key it lacks is not known (not "not on the chart"). */
  readonly partial?: boolean;
  /** Headers as printed, for messages about unknown cells (given when the chart has any). */
  readonly rowHeaders?: readonly string[];
  readonly columnHeaders?: readonly string[];
}

/** What a table is looked up by: an enum member, an integer, or odds. */
export type KeyValue = string | number | Odds;

export interface Table<V> extends TableData<V> {
  readonly rowIndex: KeyIndex;
  readonly columnIndex: KeyIndex;
}

/** Binds chart data once, with indexes for its row and column keys. */
export function table<V>(data: TableData<V>): Table<V> {
  return { ...data, rowIndex: indexKeys(data.rows), columnIndex: indexKeys(data.columns) };
}

/** For each key list: member names by position, and integer keys as a dense table over their finite span. */
interface KeyIndex {
  /** Enum keys in chart order; a scan of a few interned strings beats hashing. */
  members: string[];
  memberPositions: number[];
  ranges: readonly (readonly [Range, number])[];
  low: number;
  dense: Int32Array;
  below: number;
  above: number;
}

function indexKeys(keys: readonly Key[]): KeyIndex {
  const members: string[] = [];
  const memberPositions: number[] = [];
  const ranges = keys.map((k, i) => [k, i] as const).filter((e): e is readonly [Range, number] => typeof e[0] !== "string");
  keys.forEach((k, i) => {
    if (typeof k !== "string") return;
    members.push(k);
    memberPositions.push(i);
  });
  const finite = ranges.flatMap(([r]) => [r.min, r.max]).filter(Number.isInteger); // odds keys such as 1:2 (0.5) are scanned, not indexed
  const low = finite.length ? Math.min(...finite) : 0;
  const high = finite.length ? Math.max(...finite) : -1;
  const dense = new Int32Array(Math.max(0, high - low + 1)).fill(-1);
  for (let x = low; x <= high; x++) dense[x - low] = ranges.find(([r]) => x >= r.min && x <= r.max)?.[1] ?? -1;
  const below = ranges.find(([r]) => r.min === -Infinity)?.[1] ?? -1;
  const above = ranges.find(([r]) => r.max === Infinity)?.[1] ?? -1;
  return { members, memberPositions, ranges, low, dense, below, above };
}

function keyIndex(index: KeyIndex, key: KeyValue): number {
  if (typeof key === "string") {
    const members = index.members;
    for (let i = 0; i < members.length; i++) if (members[i] === key) return index.memberPositions[i];
    return -1;
  }
  if (typeof key === "object") {
    // Odds keys ("5:1", "13:1+", "1:2") are intervals of odds values, not of whole numbers.
    const x = oddsValue(key);
    for (const [r, i] of index.ranges) if (x >= r.min && x <= r.max) return i;
    return -1;
  }
  const offset = key - index.low;
  if (offset < 0) return Number.isInteger(key) ? index.below : -1;
  if (offset >= index.dense.length) return Number.isInteger(key) ? index.above : -1;
  return Number.isInteger(offset) ? index.dense[offset] : -1;
}

/** A key as words; with the header it falls under when that reads differently ("14:1 (13:1+)"). */
function keyText(key: KeyValue, under?: Key): string {
  const text = typeof key === "object" ? oddsText(key) : typeof key === "number" ? formatNumber(key) : key;
  return under !== undefined && typeof under !== "string" && under.text !== text ? `${text} (${under.text})` : text;
}

/** A key the chart lacks: off the chart, or — for a partial chart — not known. */
function missingKey(table: TableData<unknown>, axis: "row" | "column", key: KeyValue): Stop {
  if (table.partial) {
    return new Stop("unknown", `${table.caption}: no ${axis} for ${keyText(key)} is known; consult the printed chart`, table.paragraph);
  }
  return new Stop("undefined", `${table.caption} has no ${axis} ${keyText(key)}`, table.paragraph);
}

export function lookup<V>(table: Table<V>, row: KeyValue, column: KeyValue): V {
  return cellAt(table, rowOf(table, row), row, column);
}

/** The row a key falls in; found once when a loop reads one row across the columns. */
export function rowOf(table: Table<unknown>, row: KeyValue): number {
  const r = keyIndex(table.rowIndex, row);
  if (r < 0) throw missingKey(table, "row", row);
  return r;
}

/** The cell of row `r` (where `row` fell, see `rowOf`) in the column a key falls in. */
export function cellAt<V>(table: Table<V>, r: number, row: KeyValue, column: KeyValue): V {
  const c = keyIndex(table.columnIndex, column);
  if (c < 0) throw missingKey(table, "column", column);
  return cell(table, r, c, row, column);
}

/** The cell at row `r` and column `c` (positions; a loop over `columns(T)` knows its column's). */
export function cell<V>(table: Table<V>, r: number, c: number, row: KeyValue, column: KeyValue): V {
  const value = table.cells[r][c];
  if (value === null) {
    const rowText = table.rowHeaders?.[r] ?? keyText(row, table.rows[r]);
    const columnText = table.columnHeaders?.[c] ?? keyText(column, table.columns[c]);
    throw new Stop("unknown", `${table.caption}, row ${rowText}, column ${columnText}: this cell is not known; consult the printed chart`, table.paragraph);
  }
  return value;
}

/** Column or row keys as values: integers (a header "7" is 7), or enum member names. */
export function keysOf(keys: readonly Key[]): (string | number)[] {
  return keys.map((k) => (typeof k === "string" ? k : k.min === -Infinity ? k.max : k.min));
}

/** Odds keys as odds: "13:1+" is 13:1, "1:9 or less" is 1:9. */
export function oddsKeysOf(keys: readonly Key[]): Odds[] {
  return keys.map((k) => oddsOfValue(typeof k === "string" ? Number.NaN : k.min === -Infinity ? k.max : k.min));
}

/** The header, as the chart prints it, of the row or column a number or odds falls in ("13:1+" for 14:1). */
export function header(table: Table<unknown>, axis: "row" | "column", key: number | Odds): string {
  const i = keyIndex(axis === "row" ? table.rowIndex : table.columnIndex, key);
  if (i < 0) throw missingKey(table, axis, key);
  const k = (axis === "row" ? table.rows : table.columns)[i];
  return typeof k === "string" ? k : k.text;
}

// ─── Lists ───────────────────────────────────────────────────────────────────
// Comprehensions are emitted as loops in each engine; these read a list as a whole.

export function firstItem<T>(items: readonly T[]): T | null {
  return items.length > 0 ? items[0] : null;
}

export function lastItem<T>(items: readonly T[]): T | null {
  return items.length > 0 ? items[items.length - 1] : null;
}

/** Item `position` (1 = first) of a list. */
export function item<T>(items: readonly T[], position: number, paragraph: string): T {
  if (!Number.isInteger(position) || position < 1 || position > items.length) {
    throw new Stop("undefined", `there is no item ${formatNumber(position)} in a list of ${items.length}`, paragraph);
  }
  return items[position - 1];
}

/**
 * Shares `n` out one at a time in list order, skipping items that are full:
 * "all units must take one loss before any unit takes two". Whatever exceeds
 * every capacity is not shared.
 */
export function spread(n: number, capacities: readonly number[]): number[] {
  const shares = capacities.map(() => 0);
  let left = Math.max(0, n);
  while (left > 0) {
    let given = false;
    for (let i = 0; i < capacities.length && left > 0; i++) {
      if (shares[i] < capacities[i]) {
        shares[i]++;
        left--;
        given = true;
      }
    }
    if (!given) break;
  }
  return shares;
}

// ─── Traces and results ──────────────────────────────────────────────────────

/** What the engine knows about one step, fixed at compile time. */
export interface StepInfo {
  readonly name: string;
  readonly label: string;
  readonly kind: "input" | "dice" | "let" | "check";
  readonly paragraph: string;
  readonly quote: string;
  readonly type: TypeTag;
}

/** Enough of a type to turn a value into wire form and into words. */
export type TypeTag =
  | { readonly t: "number" | "integer" | "boolean" | "text" | "odds" | "range" | "notation" }
  | { readonly t: "enum"; readonly labels: Readonly<Record<string, string>> }
  | { readonly t: "list"; readonly of?: TypeTag }
  | { readonly t: "record" };

export interface TraceStep {
  name: string;
  label: string;
  kind: StepInfo["kind"];
  /** For per-unit steps: which element of the list (0-based). */
  item?: number;
  value: Wire;
  /** The value in words: "3:1", "Open", "yes". */
  display: string;
  paragraph: string;
  quote: string;
}

export interface Violation {
  name: string;
  message: string;
  paragraph: string;
}

export interface Pending {
  kind: Stop["kind"];
  message: string;
  paragraph: string;
  die?: string;
}

export interface Resolution<Outputs> {
  /** False when a requirement is violated: the action is not allowed. */
  allowed: boolean;
  violations: Violation[];
  /** Every output that could be computed, in wire form. */
  outputs: Partial<Outputs>;
  /** Outputs that could not be computed, and why (dice not given, an unknown chart cell, …). */
  pending: Partial<Record<keyof Outputs, Pending>>;
  trace: TraceStep[];
}

/** What an engine module says about itself (`metadata`). */
export interface EngineMetadata {
  readonly ruleset: string;
  readonly rulesetTitle: string;
  readonly edition: string;
  readonly editionTitle: string;
  readonly supersedes: string | null;
  readonly procedure: string;
  readonly title: string;
  readonly paragraph: string;
  readonly sources: readonly string[];
  readonly outputs: readonly { readonly label: string; readonly names: readonly string[] }[];
  readonly outcome: readonly string[];
  /** The one-line ruling, part by part: outputs joined by text; `otherwise` when one of a part's values is none. */
  readonly summary: readonly SummaryPart[];
  /** What decides the ruling: the steps behind the summary and behind each check, and the inputs (`list.field`) that can change either. */
  readonly decisive: { readonly steps: readonly string[]; readonly checks: Readonly<Record<string, readonly string[]>>; readonly inputs: readonly string[] };
  readonly definitions: Readonly<Record<string, { readonly label: string; readonly paragraph: string; readonly quote: string; readonly perUnit: boolean; readonly random: boolean }>>;
}

export interface SummaryPart {
  readonly items: readonly ({ readonly text: string } | { readonly value: string; readonly signed?: true })[];
  readonly otherwise?: string;
}

/** What every generated engine module exports, for programs that load engines by name (values in JSON form). */
export interface EngineModule {
  metadata: EngineMetadata;
  schema: EngineSchema;
  check(value: unknown): CheckResult<Record<string, Wire>>;
  checkDice(value: unknown): CheckResult<Record<string, number>>;
  resolve(input: unknown, dice?: unknown, options?: ResolveOptions): Resolution<Record<string, Wire>>;
  distribution(input: unknown): Distribution<Record<string, Wire>>;
}

export interface ResolveOptions {
  /** Skip building the trace (for enumeration). */
  trace?: boolean;
  /** Fix definitions to given values, as a worked example does ("let's assume the odds were 4:1"). */
  assume?: Record<string, Wire>;
  /** Also compute these definitions (by name), beyond the procedure's outputs. */
  also?: readonly string[];
}

export function toWire(value: unknown, tag: TypeTag): Wire {
  if (value === null || value === undefined) return null;
  switch (tag.t) {
    case "odds":
    case "range":
      return wireAs[tag.t](value);
    case "number":
    case "integer":
      return wireAs.number(value);
    case "list":
      return tag.of ? (value as unknown[]).map((v) => toWire(v, tag.of!)) : (value as Wire);
    default:
      return value as Wire;
  }
}

/** A wire value in words ("3:1", "Ae3 DL2o2DG", "yes", "All"), for a value no trace step displays. */
export function wireText(value: Wire | undefined): string {
  if (value === undefined) return "—";
  if (value === null) return "none";
  if (value === true) return "yes";
  if (value === false) return "no";
  if (typeof value === "number") return Number.isFinite(value) ? formatNumber(value) : "—";
  if (typeof value === "string") return value === "all" ? "All" : value.replace(/_/g, " ");
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.map(wireText).join(", ");
  if (typeof value.text === "string") return value.text;
  if ("pending" in value) return value.pending === "unknown" ? "unknown (consult the printed chart)" : String(value.message || value.pending);
  // A distribution: each outcome (its key is the outcome as JSON) with its value.
  return Object.entries(value).map(([key, v]) => `${outcomeText(key)}: ${wireText(v as Wire)}`).join("; ");
}

function outcomeText(key: string): string {
  try {
    const outcome = JSON.parse(key) as Record<string, Wire>;
    return Object.entries(outcome).map(([name, value]) => `${name.replace(/_/g, " ")} ${wireText(value)}`).join(", ");
  } catch {
    return key;
  }
}

/** An output as its trace displays it ("3:1", "Open"; a per-unit output unit by unit), if the trace has it. */
export function tracedText(trace: readonly TraceStep[], name: string): string | undefined {
  const steps = trace.filter((s) => s.name === name && s.kind === "let");
  if (steps.length > 0 && steps.every((s) => s.item !== undefined)) return steps.map((s) => s.display).join(", ");
  return steps.findLast((s) => s.item === undefined)?.display;
}

export function display(value: unknown, tag: TypeTag): string {
  if (value === null || value === undefined) return "none";
  switch (tag.t) {
    case "odds":
      return oddsText(value as Odds);
    case "range":
      return (value as Range).text;
    case "number":
    case "integer":
      return value === Infinity ? "All" : formatNumber(value as number);
    case "boolean":
      return value ? "yes" : "no";
    case "enum":
      return tag.labels[value as string] ?? String(value);
    case "notation":
      return String((value as { text: string }).text);
    case "list": {
      const items = value as unknown[];
      if (!tag.of || tag.of.t === "record") return `${items.length} item${items.length === 1 ? "" : "s"}`;
      return items.map((v) => display(v, tag.of!)).join(", ");
    }
    default:
      return typeof value === "object" ? JSON.stringify(value) : String(value);
  }
}

/**
 * Evaluation state of one `resolve` call: inputs, dice and the memoized
 * definitions. Generated engines extend it with one field per definition; the
 * trace is read from those fields afterwards, so resolving records nothing.
 */
export class State {
  readonly input: Readonly<Record<string, unknown>>;
  readonly dice: Readonly<Record<string, number | undefined>>;
  /** Whether the caller wants the trace (`{ trace: false }` says not). */
  readonly traced: boolean;

  constructor(input: object, dice: object, options: ResolveOptions | undefined) {
    this.input = input as Record<string, unknown>;
    this.dice = dice as Record<string, number | undefined>;
    this.traced = options?.trace !== false;
  }
}

/**
 * One line of an engine's trace, in the order the compiler fixed (each step after
 * what it reads): where to find its value once resolved — a definition's field, a
 * per-unit definition's array, or the result of a requirement.
 */
export type TraceEntry<S extends State> =
  | { readonly info: StepInfo; readonly value: (s: S) => unknown }
  | { readonly info: StepInfo; readonly items: (s: S) => readonly unknown[] | undefined }
  | { readonly info: StepInfo; readonly check: number };

/** A die the rules read but the caller did not roll. */
export function needDie(info: StepInfo, name: string): Stop {
  return new Stop("dice", `roll ${info.label}`, info.paragraph, name);
}

export interface CheckSpec<S extends State = State> {
  readonly info: StepInfo;
  readonly message: string;
  readonly test: (s: S) => boolean;
}

export interface OutputSpec<S extends State = State> {
  readonly info: StepInfo;
  readonly random: boolean;
  readonly get: (s: S) => unknown;
  /** Converts the value to wire form (specialized to its type by the compiler). */
  readonly wire: (value: unknown) => Wire;
}

/** Definitions asked for by name beyond the procedure's outputs (`resolve(…, { also })`). */
export function extraOutputs<S extends State>(outputs: readonly OutputSpec<S>[], definitions: readonly OutputSpec<S>[], also: readonly string[] | undefined): readonly OutputSpec<S>[] {
  if (!also || also.length === 0) return [];
  return definitions.filter((d) => also.includes(d.info.name) && !outputs.includes(d));
}

/**
 * Computes one output at a time for an engine's `outputs` function, which builds
 * its result as an object literal (a fixed shape is an order of magnitude faster
 * than adding keys one by one). A stop leaves the output undefined and says why.
 */
export class Collector<S extends State> {
  readonly s: S;
  readonly allowed: boolean;
  pending: Record<string, Pending> | null = null;

  constructor(s: S, allowed: boolean) {
    this.s = s;
    this.allowed = allowed;
  }

  value(output: OutputSpec<S>): Wire | undefined {
    if (!this.allowed && output.random) {
      (this.pending ??= {})[output.info.name] = { kind: "undefined", message: "not allowed: see the violations", paragraph: output.info.paragraph };
      return undefined;
    }
    try {
      return output.wire(output.get(this.s));
    } catch (error) {
      if (!(error instanceof Stop)) throw error;
      (this.pending ??= {})[output.info.name] = { kind: error.kind, message: error.message, paragraph: error.paragraph, ...(error.die ? { die: error.die } : {}) };
      return undefined;
    }
  }
}

/** What `resolve` returns; the trace is made when first read (it costs more than resolving). */
class ResolutionResult<Outputs, S extends State> implements Resolution<Outputs> {
  readonly allowed: boolean;
  readonly violations: Violation[];
  readonly outputs: Partial<Outputs>;
  readonly pending: Partial<Record<keyof Outputs, Pending>>;
  private readonly state: S | null;
  private readonly entries: readonly TraceEntry<S>[];
  private readonly passed: readonly (boolean | undefined)[];
  private steps: TraceStep[] | null = null;

  constructor(
    allowed: boolean,
    violations: Violation[],
    outputs: Partial<Outputs>,
    pending: Partial<Record<keyof Outputs, Pending>>,
    state: S | null,
    entries: readonly TraceEntry<S>[],
    passed: readonly (boolean | undefined)[],
  ) {
    this.allowed = allowed;
    this.violations = violations;
    this.outputs = outputs;
    this.pending = pending;
    this.state = state;
    this.entries = entries;
    this.passed = passed;
  }

  get trace(): TraceStep[] {
    return (this.steps ??= this.state === null ? [] : traceOf(this.state, this.entries, this.passed));
  }

  toJSON() {
    return { allowed: this.allowed, violations: this.violations, outputs: this.outputs, pending: this.pending, trace: this.trace };
  }
}

const NO_VIOLATIONS: Violation[] = [];
const NO_PENDING = Object.freeze({});

/** Runs the checks, then the engine's outputs; never throws for a stop. */
export function finish<Outputs, S extends State>(
  s: S,
  checks: readonly CheckSpec<S>[],
  collect: (c: Collector<S>) => Record<string, Wire | undefined>,
  extra: readonly OutputSpec<S>[] = [],
  trace: readonly TraceEntry<S>[] = [],
): Resolution<Outputs> {
  let violations: Violation[] | null = null;
  // Which requirements held, for the trace (only when it is wanted).
  const passed = s.traced ? new Array<boolean | undefined>(checks.length) : null;
  for (let i = 0; i < checks.length; i++) {
    const check = checks[i];
    let ok: boolean;
    let reason = "";
    try {
      ok = check.test(s);
      if (passed !== null) passed[i] = ok;
    } catch (error) {
      if (!(error instanceof Stop)) throw error;
      ok = false;
      reason = ` (cannot be decided: ${error.message})`;
    }
    if (!ok) (violations ??= []).push({ name: check.info.name, message: check.message + reason, paragraph: check.info.paragraph });
  }
  const collector = new Collector(s, violations === null);
  const values = collect(collector);
  for (const output of extra) values[output.info.name] = collector.value(output);
  if (collector.pending !== null) for (const name of Object.keys(collector.pending)) delete values[name];
  return new ResolutionResult<Outputs, S>(
    violations === null,
    violations ?? NO_VIOLATIONS,
    values as Partial<Outputs>,
    (collector.pending ?? NO_PENDING) as Partial<Record<keyof Outputs, Pending>>,
    passed !== null ? s : null,
    trace,
    passed ?? [],
  );
}

/** The steps that were computed, in the engine's trace order; a per-unit step once per unit. */
function traceOf<S extends State>(s: S, entries: readonly TraceEntry<S>[], passed: readonly (boolean | undefined)[]): TraceStep[] {
  const steps: TraceStep[] = [];
  for (const entry of entries) {
    if ("items" in entry) {
      const values = entry.items(s);
      if (values) values.forEach((value, item) => value !== undefined && steps.push(traceStep(entry.info, value, item)));
    } else {
      const value = "check" in entry ? passed[entry.check] : entry.value(s);
      if (value !== undefined) steps.push(traceStep(entry.info, value));
    }
  }
  return steps;
}

function traceStep(info: StepInfo, value: unknown, item?: number): TraceStep {
  const step: TraceStep = {
    name: info.name,
    label: info.label,
    kind: info.kind,
    value: toWire(value, info.type),
    display: display(value, info.type),
    paragraph: info.paragraph,
    quote: info.quote,
  };
  if (item !== undefined) step.item = item;
  return step;
}

/** Wire converters the compiler picks per output type. */
export const wireAs = {
  plain: (value: unknown): Wire => value as Wire,
  number: (value: unknown): Wire => (value === Infinity ? "all" : (value as number)),
  odds: (value: unknown): Wire => (value === null ? null : oddsText(value as Odds)),
  range: (value: unknown): Wire => (value === null ? null : (value as Range).text),
} as const;

// ─── Dice and distributions ──────────────────────────────────────────────────

export interface DiceSpec {
  readonly name: string;
  readonly label: string;
  readonly count: number;
  readonly sides: number;
  readonly paragraph: string;
}

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

// ─── Input checking ──────────────────────────────────────────────────────────

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

// ─── Wire to native ──────────────────────────────────────────────────────────

export function numberIn(value: unknown): number {
  return value === "all" ? Infinity : (value as number);
}

export function oddsIn(value: unknown): Odds | null {
  return value === null ? null : parseOdds(value as string);
}

export function rangeIn(value: unknown): Range | null {
  return value === null ? null : parseRange(value as string);
}
