import type { Chart, ChartCell } from "../1-read/types.ts";
import { ROUNDING_MODES } from "../language/builtins.ts";
import type { CheckedEdition } from "../3-check/types.ts";
import type { ExpressionFacts } from "../3-check/facts.ts";
import { dispatch, nodesOf, type Cases } from "../language/visit.ts";
import type { Mutant } from "./types.ts";

/** Operators replaced by one another: each the closest mistake a rules editor could make. */
const REPLACEMENTS: Record<string, { operator: Mutant["operator"]; by: string[] }> = {
  "<": { operator: "comparison", by: ["<="] },
  "<=": { operator: "comparison", by: ["<"] },
  ">": { operator: "comparison", by: [">="] },
  ">=": { operator: "comparison", by: [">"] },
  "==": { operator: "comparison", by: ["!="] },
  "!=": { operator: "comparison", by: ["=="] },
  "+": { operator: "arithmetic", by: ["-"] },
  "-": { operator: "arithmetic", by: ["+"] },
  "*": { operator: "arithmetic", by: ["/"] },
  "/": { operator: "arithmetic", by: ["*"] },
  and: { operator: "connective", by: ["or"] },
  or: { operator: "connective", by: ["and"] },
};

/** Functions and comprehensions that have a twin: `min` ↔ `max`, `every` ↔ `some`, `first` ↔ `last`. */
const TWINS: Record<string, string> = { min: "max", max: "min", every: "some", some: "every", first: "last", last: "first" };

type At = (change: string, operator: Mutant["operator"], apply: () => () => void) => void;
interface Site {
  /** A mutant placed at the node. */
  at: At;
  /** A mutant placed elsewhere (an operator, which stands after the node's start). */
  add: (operator: Mutant["operator"], place: { line: number; column: number }, change: string, apply: () => () => void) => void;
  /** The text of the node's file. */
  text: string;
  facts: ExpressionFacts;
}

const none = () => {};

/** The mutants of each kind of node. */
const MUTATIONS: Cases<void, Site> = {
  Binary: (node, { add, text }) => {
    // Placed at the operator itself: in `a + b + c` both `+` start where `a` does.
    const offset = text.indexOf(node.op, node.left.loc.end.offset);
    const place = offset >= 0 && offset < node.right.loc.start.offset ? pointAt(text, offset) : node.loc.start;
    const replacement = REPLACEMENTS[node.op];
    for (const op of replacement?.by ?? []) add(replacement.operator, place, `\`${node.op}\` → \`${op}\``, () => set(node, { op: op as typeof node.op }));
  },
  Unary: (node, { at }) => at(`\`${node.op === "not" ? "not" : "-"}\` dropped`, node.op === "not" ? "negation" : "arithmetic", () => replace(node, { ...node.operand })),
  Literal: (node, { at }) => {
    if (node.kind === "integer" || node.kind === "number") {
      const value = node.value as number;
      const others = [...new Set([value + 1, value - 1, value * 2, 0])].filter((v) => v !== value);
      for (const v of others) at(`\`${value}\` → \`${v}\``, "constant", () => set(node, { value: v, kind: Number.isInteger(v) && node.kind === "integer" ? "integer" : node.kind }));
    } else if (node.kind === "boolean") {
      at(`\`${node.value}\` → \`${!node.value}\``, "constant", () => set(node, { value: !node.value }));
    }
  },
  Name: (node, { at, facts }) => {
    if (facts.binding(node)?.kind === "rounding") {
      for (const mode of ROUNDING_MODES.filter((m) => m !== node.name)) at(`rounding \`${node.name}\` → \`${mode}\``, "rounding", () => set(node, { name: mode }));
    }
  },
  Call: (node, { at }) => {
    if (TWINS[node.callee]) at(`\`${node.callee}\` → \`${TWINS[node.callee]}\``, "twin", () => set(node, { callee: TWINS[node.callee] }));
  },
  Aggregate: (node, { at }) => {
    if (TWINS[node.fn]) at(`\`${node.fn}\` → \`${TWINS[node.fn]}\``, "twin", () => set(node, { fn: TWINS[node.fn] as typeof node.fn }));
  },
  If: (node, { at }) => at("the `then` and `else` branches swapped", "branches", () => set(node, { consequent: node.alternate, alternate: node.consequent })),
  // Reached through their parts: a field name, a chart's keys, a position, a membership, a list or record value.
  Field: none,
  Lookup: none,
  Index: none,
  Ratio: none,
  In: none,
  Set: none,
  Span: none,
  List: none,
  RecordLiteral: none,
};

/**
 * Every mutant of an edition, one change each, in document order: in the
 * definitions and requirements of its rules blocks (operators, constants,
 * rounding modes, twin functions, the branches of an `if`, a dropped `not` or
 * minus) and in the cells of its charts that tables read (a cell replaced by a
 * neighbouring cell's value). A mutant changes the parsed rules in place and
 * returns how to undo it; the source files are never touched.
 */
export function findMutants(checked: CheckedEdition, sources: ReadonlyMap<string, string>): Mutant[] {
  const mutants: Mutant[] = [];
  const add = (operator: Mutant["operator"], paragraph: string, file: string, at: { start: { line: number; column: number } }, change: string, apply: () => () => void, chart?: Chart) => {
    mutants.push({ id: mutants.length + 1, operator, paragraph, file, line: at.start.line, column: at.start.column, change, apply, ...(chart ? { chart } : {}) });
  };

  const { symbols } = checked.resolved;
  const statements = [
    ...[...symbols.lets.values()].map((d) => ({ ...d, expr: d.decl.value })),
    ...[...symbols.elementLets.values()].flatMap((scope) => [...scope.values()].map((d) => ({ ...d, expr: d.decl.value }))),
    ...[...symbols.requirements.values()].map((d) => ({ ...d, expr: d.decl.condition })),
    ...symbols.exceptions.flatMap((d) => [{ ...d, expr: d.decl.condition }, { ...d, expr: d.decl.value }]),
  ].sort((a, b) => (a.file === b.file ? a.decl.loc.start.offset - b.decl.loc.start.offset : a.file < b.file ? -1 : 1));

  for (const { expr, paragraph, file } of statements) {
    const text = sources.get(file) ?? "";
    for (const node of nodesOf(expr)) {
      const at = (change: string, operator: Mutant["operator"], apply: () => () => void) => add(operator, paragraph, file, node.loc, change, apply);
      dispatch(MUTATIONS, node, { at, text, facts: checked.facts, add: (operator, place, change, apply) => add(operator, paragraph, file, { start: place }, change, apply) });
    }
  }

  // Each chart once, cited by the first table that reads it.
  const charts = new Map<string, { chart: Chart; paragraph: string }>();
  for (const table of checked.tables.values()) {
    const chart = checked.resolved.charts.get(table.chart);
    if (chart && !charts.has(chart.id)) charts.set(chart.id, { chart, paragraph: table.citation.paragraph });
  }
  for (const { chart, paragraph } of charts.values()) {
    chart.rows.forEach((row, r) => {
      row.forEach((cell, c) => {
        if (c === 0 || isUnknown(cell)) return;
        const neighbour = [row[c + 1], row[c - 1], chart.rows[r + 1]?.[c], chart.rows[r - 1]?.[c]]
          .find((n, i) => n !== undefined && (i > 1 || c + (i === 0 ? 1 : -1) > 0) && !isUnknown(n) && n.text.trim() !== cell.text.trim());
        if (!neighbour) return;
        const change = `chart “${chart.caption}”, row ${row[0].text.trim()}, column ${chart.header[c]?.text.trim()}: \`${cell.text.trim()}\` → \`${neighbour.text.trim()}\``;
        add("chart-cell", paragraph, cell.place.file, cell.place, change, () => set(cell, { text: neighbour.text }), chart);
      });
    });
  }
  return mutants;
}

/** Line and column (1-based) of an offset in a file. */
function pointAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - before.lastIndexOf("\n") };
}

function isUnknown(cell: ChartCell): boolean {
  return /^\s*(\?|unknown)\s*$/i.test(cell.text);
}

/** Sets some fields of a node; returns how to put them back. */
function set<T extends object>(node: T, fields: Partial<T>): () => void {
  const saved = Object.fromEntries(Object.keys(fields).map((k) => [k, node[k as keyof T]])) as Partial<T>;
  Object.assign(node, fields);
  return () => Object.assign(node, saved);
}

/** Makes a node another node (its fields replaced); returns how to put it back. */
function replace<T extends object>(node: T, by: object): () => void {
  const saved = { ...node };
  const clear = () => Object.keys(node).forEach((k) => delete node[k as keyof T]);
  clear();
  Object.assign(node, by);
  return () => {
    clear();
    Object.assign(node, saved);
  };
}
