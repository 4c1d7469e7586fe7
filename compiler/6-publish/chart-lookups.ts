import type { Expr } from "../language/ast.ts";
import type { Num } from "../runtime/numbers.ts";
import type { ProcedureModel, TableKey, TableModel } from "../5-verify/types.ts";

/** A key of a chart's row or column as the site matches values against it and fills a calculator from it. */
export interface LookupKey {
  /** The header as the chart prints it. */
  text: string;
  /** The value to give the calculator for this key: the enum member, the first whole number, or the odds. */
  value: string | number;
  /** For ranges: the bounds, as numbers (null for "or less" / "or more"). */
  min?: number | null;
  max?: number | null;
}

/** One axis of a lookup: the input or definition that picks the row (or column), and the chart's keys in order. */
export interface LookupAxis {
  name: string;
  kind: "input" | "let";
  keys: LookupKey[];
}

/**
 * A definition that reads one cell of a chart (`let result = combat_results[combat_modified, final_column]`):
 * the calculator shows which cell it used, and a chart's cell opens the calculator with the row and
 * column fixed (an input prefilled, a definition assumed).
 */
export interface ChartLookup {
  name: string;
  table: string;
  chart: string;
  row: LookupAxis;
  column: LookupAxis;
}

/** The chart lookups of a procedure: whole-procedure definitions whose value is a table cell picked by two names. */
export function chartLookups(procedure: ProcedureModel): ChartLookup[] {
  const tables = new Map(procedure.tables.map((t) => [t.name, t]));
  const inputs = new Set(procedure.inputs.map((i) => i.name));
  const lets = new Set(procedure.lets.filter((l) => !l.each).map((l) => l.name));
  const lookups: ChartLookup[] = [];
  for (const definition of procedure.lets) {
    const expr = definition.value;
    // A row keyed by two columns is picked by two names: not a lookup of one row and one column.
    if (definition.each || expr.type !== "Lookup" || expr.object.type !== "Name" || expr.row2) continue;
    const table = tables.get(expr.object.name);
    const row = axis(expr.row, inputs, lets, table?.rows ?? [], table);
    const column = axis(expr.column, inputs, lets, table?.columns ?? [], table);
    if (!table || !row || !column) continue;
    lookups.push({ name: definition.name, table: table.name, chart: table.chart, row, column });
  }
  return lookups;
}

function axis(expr: Expr, inputs: Set<string>, lets: Set<string>, keys: TableKey[], table: TableModel | undefined): LookupAxis | null {
  if (!table || expr.type !== "Name") return null;
  const kind = inputs.has(expr.name) ? "input" : lets.has(expr.name) ? "let" : null;
  if (!kind) return null;
  const type = keys === table.rows ? table.rowType : table.columnType;
  return { name: expr.name, kind, keys: keys.map((key) => lookupKey(key, type.kind === "odds")) };
}

function lookupKey(key: TableKey, odds: boolean): LookupKey {
  if ("member" in key) return { text: key.header, value: key.member };
  const min = finite(key.min);
  const max = finite(key.max);
  const first = min ?? max ?? 0;
  const value = odds ? oddsText(Number.isFinite(toNumber(key.min)) ? key.min : key.max) : first;
  return { text: key.header, value, min, max };
}

function toNumber(n: Num): number {
  return typeof n === "number" ? n : n.n / n.d;
}

function finite(n: Num): number | null {
  const x = toNumber(n);
  return Number.isFinite(x) ? x : null;
}

/** Odds as the engines write them: 3 is "3:1", ½ is "1:2". */
function oddsText(n: Num): string {
  if (typeof n === "number") return n >= 1 || n === 0 ? `${n}:1` : `1:${1 / n}`;
  return n.n === 1 ? `1:${n.d}` : `${n.n}:${n.d}`;
}
