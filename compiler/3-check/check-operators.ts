/** Operators: `and`/`or` (which narrow what they test), arithmetic, comparisons, `in`, and `if … then … else`. */
import type { BinaryExpr, Expr, IfExpr, InExpr } from "../language/ast.ts";
import { ANY, BOOLEAN, INTEGER, NUMBER, RANGE, bare, describe, isNumeric, join, type Type } from "../language/types.ts";
import type { ExpressionChecker } from "./check-expression.ts";
import { narrowing, withFacts, withoutNarrowing, type Scope } from "./expression-scope.ts";

export function checkBinary(c: ExpressionChecker, expr: BinaryExpr, scope: Scope): Type {
  switch (expr.op) {
    case "and":
    case "or": {
      c.expect(expr.left, scope, BOOLEAN, `The left side of \`${expr.op}\``);
      const facts = narrowing(expr.left, expr.op === "and");
      c.expect(expr.right, withFacts(scope, facts), BOOLEAN, `The right side of \`${expr.op}\``);
      return BOOLEAN;
    }
    case "+":
    case "-":
    case "*":
    case "/": {
      const left = c.numeric(expr.left, scope, `The left side of \`${expr.op}\``);
      const right = c.numeric(expr.right, scope, `The right side of \`${expr.op}\``);
      if (left.kind === "any" || right.kind === "any") return ANY;
      const orAll = left.orAll || right.orAll || undefined;
      const integer = expr.op !== "/" && left.kind === "integer" && right.kind === "integer";
      return { ...(integer ? INTEGER : NUMBER), orAll };
    }
    case "==":
    case "!=":
      return checkEquality(c, expr, scope);
    default:
      return checkOrdering(c, expr, scope);
  }
}

export function checkEquality(c: ExpressionChecker, expr: BinaryExpr, scope: Scope): Type {
  const special = (e: Expr) => e.type === "Literal" && (e.kind === "none" || e.kind === "all");
  // Check the side that is not a bare member first, so `open == terrain` reads `open` in terrain's enum.
  const [first, second] = isBareName(expr.left) && !isBareName(expr.right) ? [expr.right, expr.left] : [expr.left, expr.right];
  const scopeFor = (e: Expr) => (special(expr.left) || special(expr.right) ? withoutNarrowing(scope, e) : scope);
  const a = c.check(first, scopeFor(first));
  const b = c.check(second, scopeFor(second), a.kind === "enum" ? a : undefined);
  if (a.kind === "any" || b.kind === "any") return BOOLEAN;
  if (b.kind === "none" && !a.orNone) c.report("HX0302", { op: expr.op, left: describe(a), right: "none", hint: `\`${c.text(first)}\` can never be none` }, scope, expr.loc);
  else if (b.kind === "all" && !a.orAll) c.report("HX0302", { op: expr.op, left: describe(a), right: "all", hint: `\`${c.text(first)}\` can never be all` }, scope, expr.loc);
  else if (a.kind === "none" || a.kind === "all") {
    if (!(a.kind === "none" ? b.orNone : b.orAll)) c.report("HX0302", { op: expr.op, left: a.kind, right: describe(b), hint: "compare a value that can be none or all" }, scope, expr.loc);
  } else if (b.kind !== "none" && b.kind !== "all" && !join(bare(a), bare(b))) {
    c.report("HX0302", { op: expr.op, left: describe(a), right: describe(b), hint: "compare values of the same kind" }, scope, expr.loc);
  }
  return BOOLEAN;
}

export function checkOrdering(c: ExpressionChecker, expr: BinaryExpr, scope: Scope): Type {
  const left = c.check(expr.left, scope);
  const right = c.check(expr.right, scope);
  if (left.kind === "any" || right.kind === "any") return BOOLEAN;
  for (const [side, type] of [[expr.left, left], [expr.right, right]] as const) {
    if (type.orNone) {
      c.report("HX0303", { expr: c.text(side) }, scope, side.loc);
      return BOOLEAN;
    }
  }
  const ok = (isNumeric(left) && isNumeric(right)) || (left.kind === "odds" && right.kind === "odds");
  if (!ok) c.report("HX0302", { op: expr.op, left: describe(left), right: describe(right), hint: "order compares two numbers, or two odds" }, scope, expr.loc);
  return BOOLEAN;
}

export function checkMembership(c: ExpressionChecker, expr: InExpr, scope: Scope): Type {
  const valueType = c.check(expr.value, scope);
  const set = expr.set;
  if (set.type === "Set") {
    for (const item of set.items) {
      const t = c.check(item, scope, valueType.kind === "enum" ? valueType : undefined);
      if (valueType.kind !== "any" && t.kind !== "any" && !join(bare(valueType), bare(t))) {
        c.report("HX0302", { op: "in", left: describe(valueType), right: describe(t), hint: "the set's items must be the same kind as the value" }, scope, item.loc);
      }
    }
    c.facts.setType(set, valueType);
    return BOOLEAN;
  }
  if (set.type === "Span") {
    if (valueType.kind !== "any" && !isNumeric(valueType)) c.report("HX0301", { what: "The value before `in low..high`", expected: "a number", actual: describe(valueType), hint: "spans hold numbers" }, scope, expr.value.loc);
    c.numeric(set.low, scope, "The low end of the span");
    c.numeric(set.high, scope, "The high end of the span");
    c.facts.setType(set, RANGE);
    return BOOLEAN;
  }
  const rangeType = c.check(set, scope);
  if (rangeType.kind !== "any" && rangeType.kind !== "range") {
    c.report("HX0301", { what: "The right side of `in`", expected: "a range (such as a chart cell `9 or more`), a set `{a, b}` or a span `2..12`", actual: describe(rangeType), hint: "membership needs a collection" }, scope, set.loc);
  }
  if (valueType.kind !== "any" && !isNumeric(valueType)) c.report("HX0301", { what: "The value tested against a range", expected: "a number", actual: describe(valueType), hint: "ranges hold numbers" }, scope, expr.value.loc);
  return BOOLEAN;
}

export function checkConditional(c: ExpressionChecker, expr: IfExpr, scope: Scope, expected?: Type): Type {
  c.expect(expr.test, scope, BOOLEAN, "The condition of `if`");
  const whenTrue = c.check(expr.consequent, withFacts(scope, narrowing(expr.test, true)), expected);
  const whenFalse = c.check(expr.alternate, withFacts(scope, narrowing(expr.test, false)), expected ?? (whenTrue.kind === "enum" ? whenTrue : undefined));
  const type = join(whenTrue, whenFalse);
  if (!type) {
    c.report("HX0302", { op: "if … then … else", left: describe(whenTrue), right: describe(whenFalse), hint: "both branches must give the same kind of value" }, scope, expr.loc);
    return ANY;
  }
  return type;
}

function isBareName(expr: Expr): boolean {
  return expr.type === "Name";
}
