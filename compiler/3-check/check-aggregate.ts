/** Comprehensions: `sum(u.strength for u in attackers where …)`, `count(u in units)`, `every`, `first`, `list`, … */
import type { AggregateExpr, Expr } from "../language/ast.ts";
import { ANY, BOOLEAN, INTEGER, NUMBER, bare, describe, isNumeric, type Type } from "../language/types.ts";
import { loopIndex } from "../language/bindings.ts";
import type { ExpressionChecker } from "./check-expression.ts";
import { narrowing, withFacts, type Local, type Scope } from "./expression-scope.ts";

export function checkAggregate(c: ExpressionChecker, expr: AggregateExpr, scope: Scope, expected?: Type): Type {
  const listType = c.check(expr.list, scope);
  let itemType: Type = ANY;
  if (listType.kind === "list") itemType = listType.of;
  else if (listType.kind !== "any") {
    c.report("HX0301", { what: `The collection of \`${expr.fn}(… for ${expr.variable.name} in …)\``, expected: "a list", actual: describe(listType), hint: "iterate over a list input, or `columns(table)` / `rows(table)`" }, scope, expr.list.loc);
  }
  const listBinding = expr.list.type === "Name" ? c.facts.binding(expr.list) : undefined;
  if (scope.locals.has(expr.variable.name)) {
    c.report("HX0211", { name: expr.variable.name }, scope, expr.variable.nameLoc);
  }
  const local: Local = {
    kind: "local",
    name: expr.variable.name,
    type: itemType,
    list: listBinding?.kind === "input" ? listBinding.decl : undefined,
    index: loopIndex(expr.variable.name),
  };
  const inner: Scope = { ...scope, locals: new Map(scope.locals).set(expr.variable.name, local) };
  const filtered = expr.filter ? withFacts(inner, narrowing(expr.filter, true)) : inner;
  if (expr.filter) c.expect(expr.filter, inner, BOOLEAN, "The `where` condition");
  switch (expr.fn) {
    case "count":
      return { kind: "integer", min: 0 };
    case "every":
    case "some":
      c.expect(expr.value!, filtered, BOOLEAN, `The condition of \`${expr.fn}\``);
      return BOOLEAN;
    case "sum": {
      const t = c.numeric(expr.value!, filtered, "What `sum` adds");
      return t.kind === "integer" ? INTEGER : t.kind === "any" ? ANY : NUMBER;
    }
    case "min":
    case "max": {
      const t = c.check(expr.value!, filtered);
      if (t.kind !== "any" && !isNumeric(t) && t.kind !== "odds") {
        c.report("HX0301", { what: `What \`${expr.fn}\` compares`, expected: "a number or odds", actual: describe(t), hint: "min and max order numbers or odds" }, scope, expr.value!.loc);
        return ANY;
      }
      return { ...bare(t), orNone: maybeEmpty(listType, expr.filter) };
    }
    case "first":
    case "last": {
      const t = c.check(expr.value!, filtered, expected);
      return { ...t, orNone: t.orNone || maybeEmpty(listType, expr.filter) };
    }
    case "list": {
      const t = c.check(expr.value!, filtered, expected?.kind === "list" ? expected.of : undefined);
      return { kind: "list", of: t, ...(listType.minItems && !expr.filter ? { minItems: listType.minItems } : {}) };
    }
  }
}

/** Whether a comprehension over this list can find nothing (so min, max, first and last may be none). */
export function maybeEmpty(listType: Type, filter: Expr | null): true | undefined {
  return filter || !listType.minItems ? true : undefined;
}
