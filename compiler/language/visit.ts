/**
 * The one place that knows the shape of the rules language's trees: which node kinds
 * there are and what the children of each are. Every walker is a table of cases on
 * it, one per node kind (`Cases`); a kind a walker does not handle is a type error,
 * so a new construct is added here and the compiler then lists each walker that has
 * to say what it does with it.
 */
import type { Expr, Statement } from "./ast.ts";

export type ExprKind = Expr["type"];
/** The node of one kind: `NodeOf<"Binary">` is a BinaryExpr. */
export type NodeOf<K extends ExprKind> = Extract<Expr, { type: K }>;

/** A walker: what to do with a node of each kind (given some context), all kinds required. */
export type Cases<R, C = void> = { readonly [K in ExprKind]: (node: NodeOf<K>, context: C) => R };

/** Runs the case for a node's kind. */
export function dispatch<R, C>(cases: Cases<R, C>, node: Expr, context: C): R {
  return (cases[node.type] as (node: Expr, context: C) => R)(node, context);
}

/** The children of each kind of node, in the order they are written. */
const CHILDREN: Cases<readonly (Expr | null)[]> = {
  Literal: () => [],
  Name: () => [],
  Field: (e) => [e.object],
  Lookup: (e) => [e.object, e.row, e.row2, e.column],
  Index: (e) => [e.object, e.index],
  Binary: (e) => [e.left, e.right],
  Unary: (e) => [e.operand],
  Ratio: (e) => [e.left, e.right],
  In: (e) => [e.value, e.set],
  Set: (e) => e.items,
  Span: (e) => [e.low, e.high],
  If: (e) => [e.test, e.consequent, e.alternate],
  Aggregate: (e) => [e.value, e.list, e.filter],
  Call: (e) => e.args,
  List: (e) => e.items,
  RecordLiteral: (e) => e.entries.map((entry) => entry.value),
};

const KINDS: ReadonlySet<string> = new Set(Object.keys(CHILDREN));

/** Whether a value is an expression node (for walks of data that holds expressions among other things). */
export function isExpression(value: unknown): value is Expr {
  return typeof value === "object" && value !== null && KINDS.has((value as { type?: unknown }).type as string) && "loc" in value;
}

/**
 * A node's children, in the order they are written, or in the order an evaluation reads
 * them: the same but for a comprehension, whose list is read before its value and filter.
 */
export function children(node: Expr, order: "written" | "read" = "written"): Expr[] {
  const below = order === "read" && node.type === "Aggregate" ? [node.list, node.value, node.filter] : dispatch(CHILDREN, node, undefined);
  return below.filter((child): child is Expr => child !== null);
}

/**
 * The same node with each child replaced by `replace(child)`, or the node itself when no
 * child changed (so a caller can tell that nothing did).
 */
export function mapChildren(node: Expr, replace: (child: Expr) => Expr): Expr {
  return dispatch(MAP_CHILDREN, node, replace);
}

type Replace = (child: Expr) => Expr;
const same = <T extends Expr>(node: T, changed: Partial<T>): T =>
  Object.entries(changed).every(([key, value]) => node[key as keyof T] === value) ? node : { ...node, ...changed };
const each = (items: Expr[], replace: Replace): Expr[] => {
  const replaced = items.map(replace);
  return replaced.every((item, i) => item === items[i]) ? items : replaced;
};

const MAP_CHILDREN: Cases<Expr, Replace> = {
  Literal: (e) => e,
  Name: (e) => e,
  Field: (e, r) => same(e, { object: r(e.object) }),
  Lookup: (e, r) => same(e, { object: r(e.object), row: r(e.row), row2: e.row2 && r(e.row2), column: r(e.column) }),
  Index: (e, r) => same(e, { object: r(e.object), index: r(e.index) }),
  Binary: (e, r) => same(e, { left: r(e.left), right: r(e.right) }),
  Unary: (e, r) => same(e, { operand: r(e.operand) }),
  Ratio: (e, r) => same(e, { left: r(e.left), right: r(e.right) }),
  In: (e, r) => same(e, { value: r(e.value), set: r(e.set) }),
  Set: (e, r) => same(e, { items: each(e.items, r) }),
  Span: (e, r) => same(e, { low: r(e.low), high: r(e.high) }),
  If: (e, r) => same(e, { test: r(e.test), consequent: r(e.consequent), alternate: r(e.alternate) }),
  Aggregate: (e, r) => same(e, { list: r(e.list), value: e.value && r(e.value), filter: e.filter && r(e.filter) }),
  Call: (e, r) => same(e, { args: each(e.args, r) }),
  List: (e, r) => same(e, { items: each(e.items, r) }),
  RecordLiteral: (e, r) => {
    const values = each(e.entries.map((entry) => entry.value), r);
    return values.every((value, i) => value === e.entries[i].value) ? e : { ...e, entries: e.entries.map((entry, i) => ({ ...entry, value: values[i] })) };
  },
};

/**
 * Every node of an expression, without recursion: parents first (each before its children,
 * in the order written), or children first (each after its children, in the order read: as
 * an evaluation meets them).
 */
export function nodesOf(root: Expr, order: "parents first" | "children first" = "parents first"): Expr[] {
  const nodes: Expr[] = [];
  const stack: Expr[] = [root];
  const parentsFirst = order === "parents first";
  while (stack.length > 0) {
    const node = stack.pop()!;
    nodes.push(node);
    const below = children(node, parentsFirst ? "written" : "read");
    // Parents first pops the first child next; children first lists the last child next and reverses at the end.
    if (parentsFirst) for (let i = below.length - 1; i >= 0; i--) stack.push(below[i]);
    else stack.push(...below);
  }
  return parentsFirst ? nodes : nodes.reverse();
}

type StatementKind = Statement["type"];
type StatementCases<R> = { readonly [K in StatementKind]: (statement: Extract<Statement, { type: K }>) => R };

/** The expressions a statement holds (names it lists are expressions too). */
const STATEMENT_EXPRESSIONS: StatementCases<(Expr | null)[]> = {
  Input: (s) => [s.defaultValue],
  Record: (s) => s.fields.map((f) => f.defaultValue),
  Enum: () => [],
  Let: (s) => [s.value, s.each?.list ?? null],
  Exception: (s) => [s.condition, s.value],
  Require: (s) => [s.condition],
  Dice: () => [],
  Table: () => [],
  Notation: (s) => s.fields.map((f) => f.defaultValue),
  Procedure: (s) => s.clauses.flatMap((clause) => {
    switch (clause.type) {
      case "With":
        return clause.bindings.flatMap((b) => [b.name, b.value]);
      case "Check":
      case "Output":
      case "Outcome":
        return clause.names;
      case "Summary":
        return clause.parts.flatMap((part) => part.items.flatMap((item) => (item.type === "SummaryValue" ? [item.name] : [])));
    }
  }),
  Example: (s) => [s.procedure, ...s.clauses.flatMap((clause) => {
    switch (clause.type) {
      case "ExampleBindings":
        return clause.bindings.flatMap((b) => [b.name, b.value]);
      case "Expect":
        return clause.expectations.flatMap((x) => (x.type === "ExpectValue" ? [x.name, x.value] : x.type === "ExpectViolated" ? [x.name] : []));
    }
  })],
};

/** The expressions written in a statement, in the order they are written. */
export function expressionsOf(statement: Statement): Expr[] {
  return (STATEMENT_EXPRESSIONS[statement.type] as (s: Statement) => (Expr | null)[])(statement).filter((e): e is Expr => e !== null);
}
