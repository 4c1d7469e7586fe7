/** Charts bound to tables: keys, indexes, lookups, and what a missing key or an unknown cell means. */

import { formatNumber, le, type Num } from "./numbers.ts";
import { oddsInRange, oddsOfValue, oddsText, sameValue, type Odds, type Range } from "./values.ts";
import { Stop } from "./stop.ts";

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

/** What a table is looked up by: an enum member, a number (a whole one, to fall on a row), or odds. */
export type KeyValue = string | Num | Odds;

export interface Table<V> extends TableData<V> {
  readonly rowIndex: KeyIndex;
  readonly columnIndex: KeyIndex;
}

/** Binds chart data once, with indexes for its row and column keys. */
export function table<V>(data: TableData<V>): Table<V> {
  // Every table has the same fields (absent ones undefined): lookups see one shape, whichever table they read.
  return {
    name: data.name,
    caption: data.caption,
    paragraph: data.paragraph,
    rows: data.rows,
    columns: data.columns,
    cells: data.cells,
    partial: data.partial,
    rowHeaders: data.rowHeaders,
    columnHeaders: data.columnHeaders,
    rowIndex: indexKeys(data.rows),
    columnIndex: indexKeys(data.columns),
  };
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
  // Odds keys such as 1:2 (1/2) are scanned, not indexed; whole-number keys are indexed densely.
  const finite = ranges.flatMap(([r]) => [r.min, r.max]).filter((x): x is number => Number.isSafeInteger(x));
  const low = finite.length ? Math.min(...finite) : 0;
  const high = finite.length ? Math.max(...finite) : -1;
  const dense = new Int32Array(Math.max(0, high - low + 1)).fill(-1);
  for (let x = low; x <= high; x++) dense[x - low] = ranges.find(([r]) => le(r.min, x) && le(x, r.max))?.[1] ?? -1;
  const below = ranges.find(([r]) => r.min === -Infinity)?.[1] ?? -1;
  const above = ranges.find(([r]) => r.max === Infinity)?.[1] ?? -1;
  return { members, memberPositions, ranges, low, dense, below, above };
}

/** The position of a key's row or column, -1 if the chart has none (each kind of key in a function of its own, small enough to inline). */
function keyIndex(index: KeyIndex, key: KeyValue): number {
  if (typeof key === "string") return memberIndex(index, key);
  if (typeof key === "number") return numberIndex(index, key);
  return oddsIndex(index, key);
}

function memberIndex(index: KeyIndex, key: string): number {
  const members = index.members;
  for (let i = 0; i < members.length; i++) if (members[i] === key) return index.memberPositions[i];
  return -1;
}

function numberIndex(index: KeyIndex, key: number): number {
  const offset = key - index.low;
  if (offset < 0) return Number.isInteger(key) ? index.below : -1;
  if (offset >= index.dense.length) return Number.isInteger(key) ? index.above : -1;
  return Number.isInteger(offset) ? index.dense[offset] : -1;
}

/**
 * Odds keys ("5:1", "13:1+", "1:2") are intervals of odds values, not of whole numbers;
 * a fraction (3/2) is no whole-number key.
 */
function oddsIndex(index: KeyIndex, key: Exclude<KeyValue, string | number>): number {
  if (!("a" in key)) return -1;
  for (const [r, i] of index.ranges) if (oddsInRange(key, r)) return i;
  return -1;
}

/** A key as words; with the header it falls under when that reads differently ("14:1 (13:1+)"). */
function keyText(key: KeyValue, under?: Key): string {
  const text = typeof key === "string" ? key : typeof key === "object" && "a" in key ? oddsText(key) : formatNumber(key);
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
  return value !== null ? value : unknownCell(table, r, c, row, column);
}

/**
 * Where a definition's value is on its chart, as a reader finds it: "Combat Table (9.9), row 7,
 * column 9" (its headers as printed); null when the cell there is not that value (an example
 * assumed it).
 */
export function cellPlace(table: Table<unknown>, row: KeyValue, column: KeyValue, value: unknown): string | null {
  const r = rowOf(table, row);
  const c = keyIndex(table.columnIndex, column);
  if (c < 0) throw missingKey(table, "column", column);
  if (!sameValue(table.cells[r][c], value)) return null;
  return placeText(table, r, c, row, column);
}

/**
 * Where a search along a chart stopped (the row of the key it found, in the column it searched,
 * or the other way round): "Attrition Table (12.8b), row -1 Step, column 3"; null when it found
 * nothing, or a key the chart does not have (an example assumed it).
 */
export function searchPlace(table: Table<unknown>, row: KeyValue | null, column: KeyValue | null): string | null {
  if (row === null || column === null) return null;
  const r = keyIndex(table.rowIndex, row);
  const c = keyIndex(table.columnIndex, column);
  return r < 0 || c < 0 ? null : placeText(table, r, c, row, column);
}

function placeText(table: Table<unknown>, r: number, c: number, row: KeyValue, column: KeyValue): string {
  const rowText = table.rowHeaders?.[r] ?? keyText(row, table.rows[r]);
  const columnText = table.columnHeaders?.[c] ?? keyText(column, table.columns[c]);
  return `${table.caption}, row ${rowText}, column ${columnText}`;
}

/** A cell the chart does not know: stops, naming its row and column. */
function unknownCell(table: Table<unknown>, r: number, c: number, row: KeyValue, column: KeyValue): never {
  throw new Stop("unknown", `${placeText(table, r, c, row, column)}: this cell is not known; consult the printed chart`, table.paragraph);
}

/** Column or row keys as values: integers (a header "7" is 7), or enum member names. */
export function keysOf(keys: readonly Key[]): (string | Num)[] {
  return keys.map((k) => (typeof k === "string" ? k : k.min === -Infinity ? k.max : k.min));
}

/** Odds keys as odds: "13:1+" is 13:1, "1:9 or less" is 1:9. */
export function oddsKeysOf(keys: readonly Key[]): Odds[] {
  return keys.map((k) => (typeof k === "string" ? { a: 0, d: 1 } : oddsOfValue(k.min === -Infinity ? k.max : k.min)));
}

/** The header, as the chart prints it, of the row or column a number or odds falls in ("13:1+" for 14:1). */
export function header(table: Table<unknown>, axis: "row" | "column", key: Num | Odds): string {
  const i = keyIndex(axis === "row" ? table.rowIndex : table.columnIndex, key);
  if (i < 0) throw missingKey(table, axis, key);
  const k = (axis === "row" ? table.rows : table.columns)[i];
  return typeof k === "string" ? k : k.text;
}
