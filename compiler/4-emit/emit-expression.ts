import type { AggregateExpr, CallExpr, Expr, FieldAccess } from "../language/ast.ts";
import type { Type } from "../language/types.ts";
import { arrow, bin, call, cast, cond, id, lit, member, neg, not, type TsExpr, type TsParam } from "./ts/ast.ts";
import { definitionName, diceName, elementName, inputName, localName, tableKeysName, tableName } from "./names.ts";
import { nativeType, wireConversion } from "./emit-types.ts";

const PRIMITIVE = new Set(["number", "integer", "boolean", "text", "enum", "none", "all", "any"]);

/**
 * Translates a checked rules expression into TypeScript. Names become calls of
 * memoized definitions (`odds(s)`), inputs become accessors (`in$mp_left(s)`),
 * comprehensions become runtime helpers with arrow functions. `paragraph` is the
 * paragraph cited when an operation has no value (division by zero, 0:0 odds).
 */
export function emitExpression(expr: Expr, paragraph: string): TsExpr {
  const code = translate(expr, paragraph);
  // The checker proved this value is not none (a test above, or a comprehension over a
  // list that cannot be empty); TypeScript cannot see that through function calls.
  const nullable =
    (expr.type === "Aggregate" && ["first", "last", "min", "max"].includes(expr.fn)) ||
    (expr.type === "Call" && (expr.callee === "first" || expr.callee === "last"));
  if (expr.ty && !expr.ty.orNone && (expr.narrowed || nullable)) return cast(code, nativeType(expr.ty));
  return code;
}

function translate(expr: Expr, paragraph: string): TsExpr {
  const e = (x: Expr) => emitExpression(x, paragraph);
  switch (expr.type) {
    case "Literal":
      if (expr.kind === "none") return lit(null);
      if (expr.kind === "all") return lit(Infinity);
      return lit(expr.value);
    case "Name": {
      const b = expr.binding;
      switch (b?.kind) {
        case "input":
          return call(id(inputName(b.decl.name)), [id("s")]);
        case "let":
          return call(id(definitionName(b.decl.name)), [id("s")]);
        case "dice":
          return call(id(diceName(b.decl.name)), [id("s")]);
        case "table":
          return id(tableName(b.decl.name));
        case "member":
          return lit(b.member);
        case "rounding":
          return lit(b.mode);
        case "local":
          return id(localName(b.name));
        default:
          throw new Error(`unbound name ${expr.name} reached the emitter`);
      }
    }
    case "Field":
      return field(expr, paragraph);
    case "Lookup":
      return call("rt.lookup", [e(expr.object), e(expr.row), e(expr.column)]);
    case "Index":
      return call("rt.item", [e(expr.object), e(expr.index), lit(paragraph)]);
    case "Unary":
      return expr.op === "not" ? not(e(expr.operand)) : neg(e(expr.operand));
    case "Binary":
      return binary(expr.op, expr.left, expr.right, paragraph);
    case "Ratio":
      return call("rt.ratio", [e(expr.left), e(expr.right), lit(paragraph)]);
    case "In": {
      const value = e(expr.value);
      const set = expr.set;
      if (set.type === "Set") {
        return set.items.map((item) => bin("===", value, e(item))).reduce((a, b) => bin("||", a, b));
      }
      if (set.type === "Span") return bin("&&", bin(">=", value, e(set.low)), bin("<=", value, e(set.high)));
      return call("rt.inRange", [value, e(set)]);
    }
    case "If":
      return cond(e(expr.test), e(expr.consequent), e(expr.alternate));
    case "Aggregate":
      return aggregate(expr, paragraph);
    case "Call":
      return builtin(expr, paragraph);
    case "List":
      return { type: "array", items: expr.items.map(e) };
    case "Set":
    case "Span":
    case "RecordLiteral":
      throw new Error(`${expr.type} cannot appear in an engine expression`);
  }
}

function field(expr: FieldAccess, paragraph: string): TsExpr {
  const object = expr.object;
  if (expr.elementLet && object.type === "Name" && object.binding?.kind === "local" && object.binding.list) {
    return call(id(elementName(object.binding.list.name, expr.elementLet.name)), [id("s"), id(object.binding.index)]);
  }
  const read = member(emitExpression(object, paragraph), expr.field);
  // Records arrive in wire form; fields that are odds, ranges or `| all` numbers are converted on read.
  const fromRecord = object.ty?.kind === "record";
  const conversion = fromRecord && expr.ty ? wireConversion(expr.ty) : null;
  return conversion ? call(conversion, [read]) : read;
}

function isPrimitive(type: Type | undefined): boolean {
  return !type || PRIMITIVE.has(type.kind);
}

function binary(op: string, left: Expr, right: Expr, paragraph: string): TsExpr {
  const l = emitExpression(left, paragraph);
  const r = emitExpression(right, paragraph);
  switch (op) {
    case "and":
      return bin("&&", l, r);
    case "or":
      return bin("||", l, r);
    case "/":
      return call("rt.divide", [l, r, lit(paragraph)]);
    case "==":
    case "!=": {
      if (isPrimitive(left.ty) && isPrimitive(right.ty)) return bin(op === "==" ? "===" : "!==", l, r);
      const same = call("rt.sameValue", [l, r]);
      return op === "==" ? same : not(same);
    }
    case "<":
    case "<=":
    case ">":
    case ">=":
      if (left.ty?.kind === "odds") return bin(op, call("rt.oddsValue", [l]), call("rt.oddsValue", [r]));
      return bin(op, l, r);
    default:
      return bin(op, l, r);
  }
}

function aggregate(expr: AggregateExpr, paragraph: string): TsExpr {
  const local = expr.variable.name;
  const params: TsParam[] = [{ name: localName(local) }, { name: expr.index ?? "i" }];
  const list = emitExpression(expr.list, paragraph);
  const value = expr.value ? arrow(params, emitExpression(expr.value, paragraph)) : null;
  const keep = expr.filter ? arrow(params, emitExpression(expr.filter, paragraph)) : lit(undefined);
  switch (expr.fn) {
    case "sum":
      return call("rt.sum", [list, value!, ...(expr.filter ? [keep] : [])]);
    case "count":
      return call("rt.count", [list, ...(expr.filter ? [keep] : [])]);
    case "every":
      return call("rt.every", [list, value!, ...(expr.filter ? [keep] : [])]);
    case "some":
      return call("rt.some", [list, value!, ...(expr.filter ? [keep] : [])]);
    case "min":
      return call("rt.extreme", [list, value!, keep, lit(1)]);
    case "max":
      return call("rt.extreme", [list, value!, keep, lit(-1)]);
    case "first":
      return call("rt.firstWhere", [list, value!, ...(expr.filter ? [keep] : [])]);
    case "last":
      return call("rt.lastWhere", [list, value!, ...(expr.filter ? [keep] : [])]);
    case "list":
      return call("rt.collect", [list, value!, ...(expr.filter ? [keep] : [])]);
  }
}

function builtin(expr: CallExpr, paragraph: string): TsExpr {
  const args = expr.args.map((a) => emitExpression(a, paragraph));
  const table = (axis: "rows" | "columns") => {
    const arg = expr.args[0];
    if (arg.type !== "Name" || arg.binding?.kind !== "table") throw new Error(`${expr.callee}() needs a table name`);
    return id(tableKeysName(arg.binding.decl.name, axis));
  };
  switch (expr.callee) {
    case "round":
      return call(expr.args[0].ty?.kind === "odds" ? "rt.roundOdds" : "rt.round", args);
    case "floor":
      return call("Math.floor", args);
    case "ceil":
      return call("Math.ceil", args);
    case "abs":
      return call("Math.abs", args);
    case "min":
      return call("Math.min", args);
    case "max":
      return call("Math.max", args);
    case "clamp":
      return call("Math.min", [call("Math.max", [args[0], args[1]]), args[2]]);
    case "halve":
      return bin("/", args[0], lit(2));
    case "quarter":
      return bin("/", args[0], lit(4));
    case "columns":
      return table("columns");
    case "rows":
      return table("rows");
    case "first":
      return call("rt.firstWhere", [args[0], arrow([{ name: "item" }], id("item"))]);
    case "last":
      return call("rt.lastWhere", [args[0], arrow([{ name: "item" }], id("item"))]);
    case "count":
      return member(args[0], "length");
    case "position": {
      const arg = expr.args[0];
      if (arg.type !== "Name" || arg.binding?.kind !== "local") throw new Error("position() needs a list variable");
      return bin("+", id(arg.binding.index), lit(1));
    }
    case "spread":
      return call("rt.spread", args);
    default:
      throw new Error(`unknown function ${expr.callee} reached the emitter`);
  }
}

