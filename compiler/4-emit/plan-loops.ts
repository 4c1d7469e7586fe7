import type { AggregateExpr, Expr, Lookup } from "../language/ast.ts";
import type { Binding } from "../language/bindings.ts";
import { loopIndex } from "../language/bindings.ts";
import { dispatch, nodesOf, type Cases } from "../language/visit.ts";
import type { ExpressionFacts } from "../3-check/facts.ts";
import type { TableModel } from "../3-check/types.ts";
import { cmp, compareOdds, type Num, type Odds } from "../runtime/runtime.ts";

/**
 * The optimizations of a comprehension's loop, decided on the checked expression before it is
 * printed (emit-expression.ts prints the plan):
 *
 * - loop-invariant code motion (`hoisted`): the parts of its filter (or of its value, when it
 *   has no filter) that every iteration evaluates and that do not depend on its variables are
 *   computed once, before the loop; a chart read along one row finds the row once;
 * - lookups along a chart's own columns (`columns`): `T[r, c] for c in columns(T)` reads the
 *   column at the loop's index, without searching for it;
 * - sorted-row bisection (`sortedSearch`): a search along a chart row whose cells are sorted
 *   bisects for its answer instead of scanning every column.
 */
export interface LoopPlan {
  /** What is computed before the loop, in the order it is computed. */
  hoisted: Hoist[];
  /** Lookups whose column is the loop's own column of the chart it reads. */
  columns: Set<Lookup>;
}

/** A value computed once (`const inv$1 = …`), or a chart row found once (`const inv$1 = row; const inv$2 = rt.rowOf(T, inv$1)`). */
export type Hoist = { kind: "value"; expr: Expr } | { kind: "row"; lookup: Lookup };

type Local = Extract<Binding, { kind: "local" }>;

/**
 * What a comprehension computes before its loop. Only positions evaluated unconditionally
 * qualify (not the right side of `and`/`or`, not the branches of `if`), so nothing is
 * computed that the loop would not have computed on its first item.
 */
export function planLoop(expr: AggregateExpr, facts: ExpressionFacts): LoopPlan {
  const index = loopIndex(expr.variable.name);
  const columnsOf = expr.list.type === "Call" && expr.list.callee === "columns" ? tableOf(expr.list.args[0], facts) : null;
  const outside = new Set(freeLocals(expr, facts).map((local) => local.index));
  const invariant = (e: Expr) => freeLocals(e, facts).every((local) => outside.has(local.index));
  const plan: LoopPlan = { hoisted: [], columns: new Set() };
  const visit = (e: Expr): void => {
    if (invariant(e)) {
      if (worthHoisting(e, facts)) plan.hoisted.push({ kind: "value", expr: e });
      return;
    }
    dispatch(parts, e, undefined);
  };
  const nothing = () => {};
  // The parts of a node that vary with the loop and that every iteration evaluates.
  const parts: Cases<void> = {
    Binary: (e) => {
      visit(e.left);
      if (e.op !== "and" && e.op !== "or") visit(e.right);
    },
    Unary: (e) => visit(e.operand),
    Ratio: (e) => {
      visit(e.left);
      visit(e.right);
    },
    Index: (e) => {
      visit(e.object);
      visit(e.index);
    },
    Field: (e) => visit(e.object),
    If: (e) => visit(e.test),
    In: (e) => {
      visit(e.value);
      // `x in T[r, c]` reads its range in full; a set `{a, b}` or span `a..b` is tested one part at a time.
      if (e.set.type !== "Set" && e.set.type !== "Span") visit(e.set);
    },
    Lookup: (e) => {
      if (e.object.type === "Name" && invariant(e.row) && (!e.row2 || invariant(e.row2))) plan.hoisted.push({ kind: "row", lookup: e });
      else {
        visit(e.row);
        if (e.row2) visit(e.row2);
      }
      if (columnsOf !== null && tableOf(e.object, facts) === columnsOf && isLocal(e.column, index, facts)) plan.columns.add(e);
      visit(e.column);
    },
    Call: (e) => e.args.forEach(visit),
    List: (e) => e.items.forEach(visit),
    // Literals and names are cheap; a nested comprehension is its own function; sets, spans and records are read in place.
    Literal: nothing,
    Name: nothing,
    Aggregate: nothing,
    Set: nothing,
    Span: nothing,
    RecordLiteral: nothing,
  };
  const body = expr.filter ?? expr.value;
  if (body) visit(body);
  return plan;
}

/**
 * Whether a comprehension is a search along one row of a chart whose columns the filter keeps
 * as one run at an end: `max(c for c in columns(T) where T[r, c] <= x)` (`<` too) keeps the
 * first columns when every row of T is non-decreasing, `min(… where T[r, c] >= x)` (`>`) the
 * last ones; the row and `x` are the same for every column. Checked on the chart's cells as
 * compiled (`charts`, by table name): columns whole numbers in increasing order, every row
 * non-decreasing, no unknown cell (the full scan stops at one, which a bisection may not read).
 * The answer is then where the run ends, which a bisection finds reading a few columns instead of all.
 */
export function sortedSearch(expr: AggregateExpr, facts: ExpressionFacts, charts: ReadonlyMap<string, TableModel>): "first" | "last" | null {
  const index = loopIndex(expr.variable.name);
  if (!expr.filter || expr.filter.type !== "Binary") return null;
  const isLoopVariable = (e: Expr | null) => e !== null && isLocal(e, index, facts);
  if (!isLoopVariable(expr.value) || expr.list.type !== "Call" || expr.list.callee !== "columns") return null;
  const decl = tableOf(expr.list.args[0], facts) as { name: string } | null;
  const chart = decl ? charts.get(decl.name) : undefined;
  if (!chart || !sortedRows(chart)) return null;
  const invariant = (e: Expr) => freeLocals(e, facts).every((local) => local.index !== index);
  const alongRow = (e: Expr) => e.type === "Lookup" && tableOf(e.object, facts) === decl && isLoopVariable(e.column) && invariant(e.row) && (!e.row2 || invariant(e.row2));
  const { op, left, right } = expr.filter;
  if (!["<", "<=", ">", ">="].includes(op)) return null;
  // `T[r, c] <= x` keeps the cells up to x: the first columns; `x <= T[r, c]` the last ones.
  const below = op === "<" || op === "<=";
  const kept = alongRow(left) && invariant(right) ? (below ? "first" : "last") : alongRow(right) && invariant(left) ? (below ? "last" : "first") : null;
  return (kept === "first" && expr.fn === "max") || (kept === "last" && expr.fn === "min") ? kept : null;
}

/**
 * Is every row of a chart non-decreasing along its columns, whose keys are whole numbers in
 * increasing order, with every cell known? (Cells are odds or exact numbers.)
 */
function sortedRows(chart: TableModel): boolean {
  if (chart.columnType.kind !== "integer") return false;
  const order = chart.cellType.kind === "odds" ? (a: unknown, b: unknown) => compareOdds(a as Odds, b as Odds)
    : chart.cellType.kind === "integer" || chart.cellType.kind === "number" ? (a: unknown, b: unknown) => cmp(a as Num, b as Num)
    : null;
  if (!order) return false;
  const keys = chart.columns.map((k) => ("min" in k ? (k.min === -Infinity ? k.max : k.min) : NaN));
  for (let c = 1; c < keys.length; c++) if (!(cmp(keys[c - 1], keys[c]) < 0)) return false;
  return chart.cells.every((row) => row.every((cell, c) => cell !== null && (c === 0 || order(row[c - 1], cell) <= 0)));
}

/** Worth a constant: anything but a literal, a local, a table, an enum member or a rounding mode. */
function worthHoisting(e: Expr, facts: ExpressionFacts): boolean {
  if (e.type === "Literal") return false;
  if (e.type === "Name") return ["input", "let", "dice"].includes(facts.binding(e)?.kind ?? "");
  return e.type !== "Field" || facts.binding(e)?.kind !== "member";
}

/** The table declaration a name refers to, if it is a table name. */
function tableOf(e: Expr, facts: ExpressionFacts): unknown {
  const b = e.type === "Name" ? facts.binding(e) : undefined;
  return b?.kind === "table" ? b.decl : null;
}

/** Whether an expression is the comprehension variable whose index is `index`. */
function isLocal(e: Expr, index: string, facts: ExpressionFacts): boolean {
  const b = e.type === "Name" ? facts.binding(e) : undefined;
  return b?.kind === "local" && b.index === index;
}

/** Comprehension variables an expression reads but does not bind itself (by index name). */
export function freeLocals(expr: Expr, facts: ExpressionFacts): Local[] {
  const bound = new Set<string>();
  const used = new Map<string, Local>();
  for (const e of nodesOf(expr)) {
    if (e.type === "Aggregate") bound.add(loopIndex(e.variable.name));
    const b = e.type === "Name" ? facts.binding(e) : undefined;
    if (b?.kind === "local") used.set(b.index, b);
  }
  return [...used.values()].filter((local) => !bound.has(local.index));
}
