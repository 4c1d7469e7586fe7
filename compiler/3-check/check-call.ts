/** Calls of the built-in functions (compiler/language/builtins.ts): their arity and argument types. */
import type { CallExpr } from "../language/ast.ts";
import { BUILTINS, isBuiltin } from "../language/builtins.ts";
import { ANY, INTEGER, NUMBER, ODDS, TEXT, bare, describe, isNumeric, join, type Type } from "../language/types.ts";
import { maybeEmpty } from "./check-aggregate.ts";
import type { ExpressionChecker } from "./check-expression.ts";
import type { Scope } from "./expression-scope.ts";

export function checkCall(c: ExpressionChecker, expr: CallExpr, scope: Scope, expected?: Type): Type {
  const name = expr.callee;
  if (!isBuiltin(name)) {
    // The arguments are not checked: without knowing the function, any error in them would be a guess.
    c.report("HX0209", { name, known: Object.keys(BUILTINS).join(", ") }, scope, expr.calleeLoc);
    return ANY;
  }
  const arity = (min: number, max = min): boolean => {
    if (expr.args.length >= min && expr.args.length <= max) return true;
    const expectedCount = min === max ? String(min) : max === Infinity ? `${min} or more` : `${min} to ${max}`;
    c.report("HX0306", { name, expected: expectedCount, actual: expr.args.length, hint: BUILTINS[name] }, scope, expr.loc);
    for (const arg of expr.args) c.check(arg, scope);
    return false;
  };
  switch (name) {
    case "round": {
      if (!arity(2)) return ANY;
      const t = c.check(expr.args[0], scope);
      c.check(expr.args[1], scope, { kind: "rounding" });
      if (t.kind === "odds") return ODDS;
      if (t.kind !== "any" && !isNumeric(t)) c.report("HX0301", { what: "What `round` rounds", expected: "a number or odds", actual: describe(t), hint: BUILTINS.round }, scope, expr.args[0].loc);
      return INTEGER;
    }
    case "floor":
    case "ceil":
      if (!arity(1)) return ANY;
      c.numeric(expr.args[0], scope, `The argument of \`${name}\``);
      return INTEGER;
    case "abs":
      if (!arity(1)) return ANY;
      return bare(c.numeric(expr.args[0], scope, "The argument of `abs`"));
    case "halve":
    case "quarter":
      if (!arity(1)) return ANY;
      return { ...NUMBER, orAll: c.numeric(expr.args[0], scope, `The argument of \`${name}\``).orAll };
    case "min":
    case "max":
    case "clamp": {
      if (name === "clamp" ? !arity(3) : !arity(2, Infinity)) return ANY;
      let result: Type | undefined;
      for (const arg of expr.args) {
        const t = c.numeric(arg, scope, `An argument of \`${name}\``);
        result = result ? (join(result, t) ?? ANY) : t;
      }
      return result ?? ANY;
    }
    case "columns":
    case "rows": {
      if (!arity(1)) return ANY;
      const t = c.check(expr.args[0], scope);
      if (t.kind === "table" && name === "rows" && t.info.rowPair) {
        c.report("HX0301", { what: `The argument of \`rows\``, expected: "a table with one row key", actual: `${t.info.name}, whose rows are keyed by two columns`, hint: "read its rows by their pair of keys, `T[(first, second), column]`" }, scope, expr.args[0].loc);
        return ANY;
      }
      if (t.kind === "table") return { kind: "list", of: bare(name === "columns" ? t.info.columnKey : t.info.rowKey), minItems: 1 };
      if (t.kind !== "any") c.report("HX0301", { what: `The argument of \`${name}\``, expected: "a table", actual: describe(t), hint: BUILTINS[name] }, scope, expr.args[0].loc);
      return ANY;
    }
    case "column_header":
    case "row_header": {
      if (!arity(2)) return ANY;
      const t = c.check(expr.args[0], scope);
      if (t.kind !== "table") {
        if (t.kind !== "any") c.report("HX0301", { what: `The first argument of \`${name}\``, expected: "a table", actual: describe(t), hint: BUILTINS[name] }, scope, expr.args[0].loc);
        c.check(expr.args[1], scope);
        return ANY;
      }
      const key = bare(name === "row_header" ? t.info.rowKey : t.info.columnKey);
      if (key.kind === "enum") {
        c.report("HX0301", { what: `The ${name === "row_header" ? "rows" : "columns"} of ${t.info.name}`, expected: "numbers or odds (a header to look up)", actual: describe(key), hint: "an enum key is already the header: use the member itself" }, scope, expr.args[0].loc);
        c.check(expr.args[1], scope);
        return ANY;
      }
      c.expect(expr.args[1], scope, key, `The key given to \`${name}\``);
      return TEXT;
    }
    case "first":
    case "last":
    case "count": {
      if (!arity(1)) return ANY;
      const t = c.check(expr.args[0], scope, expected ? { kind: "list", of: expected } : undefined);
      if (t.kind !== "list") {
        if (t.kind !== "any") c.report("HX0301", { what: `The argument of \`${name}\``, expected: "a list", actual: describe(t), hint: BUILTINS[name] }, scope, expr.args[0].loc);
        return name === "count" ? INTEGER : ANY;
      }
      return name === "count" ? { kind: "integer", min: 0 } : { ...t.of, orNone: t.of.orNone || maybeEmpty(t, null) };
    }
    case "position": {
      if (!arity(1)) return ANY;
      const arg = expr.args[0];
      c.check(arg, scope);
      if (arg.type !== "Name" || c.facts.binding(arg)?.kind !== "local") {
        c.report("HX0301", { what: "The argument of `position`", expected: "the variable of a `for … in` (an item of a list)", actual: c.text(arg), hint: BUILTINS.position }, scope, arg.loc);
        return ANY;
      }
      return { kind: "integer", min: 1 };
    }
    case "along":
    case "past_ends": {
      if (!arity(3)) return ANY;
      const keys = c.check(expr.args[0], scope);
      const key = keys.kind === "list" ? bare(keys.of) : ANY;
      if (keys.kind !== "list" && keys.kind !== "any") c.report("HX0301", { what: "The keys a shift goes along", expected: "a list of chart keys, such as columns(T)", actual: describe(keys), hint: BUILTINS.along }, scope, expr.args[0].loc);
      c.expect(expr.args[1], scope, key, "The key a shift starts from", "a key of the list: a number, odds or a member of its enum");
      c.expect(expr.args[2], scope, INTEGER, "How many places a shift goes", "a whole number of places, below 0 towards the first key");
      return name === "along" ? key : INTEGER;
    }
    case "spread": {
      if (!arity(2, 3)) return ANY;
      c.expect(expr.args[0], scope, INTEGER, "What `spread` shares out", "spread shares out a whole number");
      c.expect(expr.args[1], scope, { kind: "list", of: INTEGER }, "The capacities of `spread`", "a list of whole numbers, e.g. list(u.steps for u in units)");
      if (expr.args[2]) c.expect(expr.args[2], scope, INTEGER, "The item `spread` serves first", "a list position, 1 for the first item");
      const caps = c.facts.type(expr.args[1]);
      return { kind: "list", of: { kind: "integer", min: 0 }, ...(caps?.kind === "list" && caps.minItems ? { minItems: caps.minItems } : {}) };
    }
  }
}
