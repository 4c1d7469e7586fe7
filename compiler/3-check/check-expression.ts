import type { Expr, FieldAccess, Loc, Lookup, NameRef } from "../language/ast.ts";
import { ROUNDING_MODES } from "../language/builtins.ts";
import {
  ANY, BOOLEAN, INTEGER, NONE, ALL, NUMBER, ODDS, TEXT,
  assignable, bare, describe, isNumeric, join, type Type,
} from "../language/types.ts";
import { placeIn } from "../2-resolve/types.ts";
import type { Code, Values } from "../diagnostics/diagnostic.ts";
import { checkAggregate } from "./check-aggregate.ts";
import { checkCall } from "./check-call.ts";
import { checkBinary, checkConditional, checkMembership } from "./check-operators.ts";
import { pathKey, type Environment, type Scope } from "./expression-scope.ts";
import { suggest } from "./suggest.ts";

export { rootScope, type Environment, type Scope } from "./expression-scope.ts";

/**
 * Types an expression, annotating every node with `ty` and every name with its
 * `binding`. Errors are reported and typed `any`, so one mistake is reported once.
 */
export class ExpressionChecker {
  private readonly env: Environment;

  constructor(env: Environment) {
    this.env = env;
  }

  check(expr: Expr, scope: Scope, expected?: Type): Type {
    // A document may be reused from an earlier build: clear what an earlier check concluded.
    expr.narrowed = undefined;
    if (expr.type === "Name") expr.binding = undefined;
    if (expr.type === "Field") expr.elementLet = undefined;
    const type = this.infer(expr, scope, expected);
    expr.ty = type;
    return type;
  }

  /** Checks and requires a type; reports HX0301 naming `what` if it does not fit. */
  expect(expr: Expr, scope: Scope, expected: Type, what: string, hint = "change the expression or the declaration"): Type {
    const type = this.check(expr, scope, expected);
    if (!assignable(type, expected)) {
      if (type.orNone && assignable({ ...type, orNone: undefined }, expected)) {
        this.report("HX0303", { expr: this.text(expr) }, scope, expr.loc);
      } else {
        this.report("HX0301", { what, expected: describe(expected), actual: describe(type), hint }, scope, expr.loc);
      }
    }
    return type;
  }

  /** Reports a diagnostic in the scope's file; `values` may be a function, called only if the diagnostic is shown. */
  report<C extends Code>(code: C, values: NoInfer<Values<C>> | (() => NoInfer<Values<C>>), scope: Scope, loc: Loc): void {
    this.env.session.report(code, values, placeIn(scope.file, loc));
  }

  /** How an expression is named in a message: `odds`, `result.exploit`, `max(…)`, `table[…]`. */
  text(expr: Expr): string {
    switch (expr.type) {
      case "Name":
        return expr.name;
      case "Field":
        return `${this.text(expr.object)}.${expr.field}`;
      case "Call":
        return `${expr.callee}(…)`;
      case "Aggregate":
        return `${expr.fn}(…)`;
      case "Lookup":
      case "Index":
        return `${this.text(expr.object)}[…]`;
      case "If":
        return "if … then … else …";
      default:
        return "this value";
    }
  }

  private infer(expr: Expr, scope: Scope, expected?: Type): Type {
    switch (expr.type) {
      case "Literal":
        return literalType(expr.kind);
      case "Name":
        return this.name(expr, scope, expected);
      case "Field":
        return this.field(expr, scope);
      case "Lookup":
        return this.lookup(expr, scope);
      case "Index": {
        const listType = this.check(expr.object, scope);
        this.expect(expr.index, scope, INTEGER, "A list position", "positions are whole numbers, 1 for the first item");
        if (listType.kind === "list") return listType.of;
        if (listType.kind !== "any") this.report("HX0301", { what: `\`${this.text(expr.object)}\``, expected: "a list (to take item [i])", actual: describe(listType), hint: "write table[row, column] for a chart cell" }, scope, expr.object.loc);
        return ANY;
      }
      case "Unary":
        if (expr.op === "not") {
          this.expect(expr.operand, scope, BOOLEAN, "The operand of `not`");
          return BOOLEAN;
        }
        {
          // The sign changes, so a declared range of the operand (0..4) is not the negation's range.
          const operand = this.numeric(expr.operand, scope, "The operand of `-`");
          return operand.kind === "any" ? ANY : { ...(operand.kind === "integer" ? INTEGER : NUMBER), orAll: operand.orAll };
        }
      case "Binary":
        return checkBinary(this, expr, scope);
      case "Ratio": {
        this.numeric(expr.left, scope, "The attacker's side of odds");
        this.numeric(expr.right, scope, "The defender's side of odds");
        return ODDS;
      }
      case "In":
        return checkMembership(this, expr, scope);
      case "If":
        return checkConditional(this, expr, scope, expected);
      case "Aggregate":
        return checkAggregate(this, expr, scope, expected);
      case "Call":
        return checkCall(this, expr, scope, expected);
      case "List": {
        const of = expected?.kind === "list" ? expected.of : undefined;
        let itemType: Type | undefined = of;
        for (const item of expr.items) {
          const t = this.check(item, scope, of);
          itemType = itemType ? (join(itemType, t) ?? itemType) : t;
        }
        return { kind: "list", of: itemType ?? ANY };
      }
      case "RecordLiteral": {
        if (expected?.kind !== "record") {
          this.report("HX0301", { what: "A record value", expected: "used where a record is expected", actual: "a record", hint: "records are written in examples and defaults of list inputs" }, scope, expr.loc);
          return ANY;
        }
        for (const entry of expr.entries) {
          const field = expected.info.fields.find((f) => f.name === entry.name);
          if (!field) {
            this.report("HX0206", { type: expected.info.name, field: entry.name, known: expected.info.fields.map((f) => f.name).join(", ") }, scope, entry.nameLoc);
            continue;
          }
          this.expect(entry.value, scope, field.type, `Field \`${entry.name}\``);
        }
        return expected;
      }
      case "Set":
      case "Span":
        this.report("HX0301", { what: "A set or span", expected: "on the right of `in`", actual: "elsewhere", hint: "write `x in {a, b}` or `x in 2..12`" }, scope, expr.loc);
        return ANY;
    }
  }

  private name(expr: NameRef, scope: Scope, expected?: Type): Type {
    const local = scope.locals.get(expr.name);
    if (local) {
      expr.binding = local;
      return this.narrow(local.type, expr, scope);
    }
    const input = this.env.input(expr.name);
    if (input) {
      expr.binding = { kind: "input", decl: input.decl };
      return this.narrow(input.type, expr, scope);
    }
    const definition = this.env.let(expr.name);
    if (definition) {
      expr.binding = { kind: "let", decl: definition.decl };
      return this.narrow(definition.type, expr, scope);
    }
    const dice = this.env.dice(expr.name);
    if (dice) {
      expr.binding = { kind: "dice", decl: dice };
      return { kind: "integer", min: dice.count, max: dice.count * dice.sides };
    }
    const table = this.env.table(expr.name);
    if (table) {
      expr.binding = { kind: "table", decl: table.decl };
      return { kind: "table", info: table.info };
    }
    if (expected?.kind === "rounding") {
      if ((ROUNDING_MODES as readonly string[]).includes(expr.name)) {
        expr.binding = { kind: "rounding", mode: expr.name };
        return { kind: "rounding" };
      }
      this.report("HX0203", { name: expr.name, hint: `rounding modes are ${ROUNDING_MODES.join(", ")}` }, scope, expr.nameLoc);
      return ANY;
    }
    return this.member(expr, scope, expected);
  }

  /** A bare name that is not defined is an enum member, read in the context of the expected enum. */
  private member(expr: NameRef, scope: Scope, expected?: Type): Type {
    if (expected?.kind === "enum") {
      if (expected.info.members.some((m) => m.name === expr.name)) {
        expr.binding = { kind: "member", info: expected.info, member: expr.name };
        return { kind: "enum", info: expected.info };
      }
      this.report("HX0203", () => ({ name: expr.name, hint: suggest(expr.name, expected.info.members.map((m) => m.name), `members of ${expected.info.name}: ${expected.info.members.map((m) => m.name).join(", ")}`) }), scope, expr.nameLoc);
      return ANY;
    }
    const owners = this.env.enumsWithMember(expr.name);
    if (owners.length === 1) {
      expr.binding = { kind: "member", info: owners[0], member: expr.name };
      return { kind: "enum", info: owners[0] };
    }
    if (owners.length > 1) {
      this.report("HX0304", { name: expr.name, enums: owners.map((e) => e.name).join(", ") }, scope, expr.nameLoc);
      return ANY;
    }
    // The names it might have meant are gathered only if the diagnostic is shown (a file reports only so many).
    const known = () => [...scope.locals.keys(), ...this.env.globalNames()];
    this.report("HX0203", () => ({ name: expr.name, hint: suggest(expr.name, known(), "define it with `input`, `let`, `dice` or `table`, or check the spelling") }), scope, expr.nameLoc);
    return ANY;
  }

  private narrow(type: Type, expr: Expr, scope: Scope): Type {
    const key = pathKey(expr);
    if (!key || !type.orNone || !scope.nonNone.has(key)) return type;
    expr.narrowed = true;
    return { ...type, orNone: undefined };
  }

  private field(expr: FieldAccess, scope: Scope): Type {
    const objectType = this.check(expr.object, scope);
    if (objectType.kind === "any") return ANY;
    if (objectType.orNone) {
      this.report("HX0303", { expr: this.text(expr.object) }, scope, expr.object.loc);
      return ANY;
    }
    if (objectType.kind === "record" || objectType.kind === "notation") {
      const field = objectType.info.fields.find((f) => f.name === expr.field);
      if (field) return this.narrow(field.type, expr, scope);
      const binding = expr.object.type === "Name" ? expr.object.binding : undefined;
      if (binding?.kind === "local" && binding.list) {
        const element = this.env.elementLet(binding.list.name, expr.field);
        if (element) {
          expr.elementLet = element.decl;
          return this.narrow(element.type, expr, scope);
        }
      }
      const elementNames = binding?.kind === "local" && binding.list ? this.env.elementLetNames(binding.list.name) : [];
      const known = [...objectType.info.fields.map((f) => f.name), ...elementNames];
      this.report("HX0206", { type: objectType.info.name, field: expr.field, known: known.join(", ") }, scope, expr.fieldLoc);
      return ANY;
    }
    this.report("HX0301", { what: `\`${this.text(expr.object)}\``, expected: "a record or a notation result (something with fields)", actual: describe(objectType), hint: "only records and results have fields" }, scope, expr.object.loc);
    return ANY;
  }

  private lookup(expr: Lookup, scope: Scope): Type {
    const tableType = this.check(expr.object, scope);
    if (tableType.kind === "any") return ANY;
    if (tableType.kind !== "table") {
      this.report("HX0301", { what: `\`${this.text(expr.object)}\``, expected: "a table (to look up `[row, column]`)", actual: describe(tableType), hint: "declare it with `table … = chart \"…\"`" }, scope, expr.object.loc);
      return ANY;
    }
    this.expect(expr.row, scope, bare(tableType.info.rowKey), `The row of ${tableType.info.name}`);
    this.expect(expr.column, scope, bare(tableType.info.columnKey), `The column of ${tableType.info.name}`);
    return tableType.info.cell;
  }

  /** Checks and requires a number (HX0303 if it may be none, HX0301 if it is not one); `any` once reported. */
  numeric(expr: Expr, scope: Scope, what: string): Type {
    const type = this.check(expr, scope);
    if (type.kind === "any") return ANY;
    if (type.orNone) {
      this.report("HX0303", { expr: this.text(expr) }, scope, expr.loc);
      return ANY;
    }
    if (!isNumeric(type)) {
      this.report("HX0301", { what, expected: "a number", actual: describe(type), hint: "arithmetic works on numbers and integers" }, scope, expr.loc);
      return ANY;
    }
    return type;
  }
}

function literalType(kind: string): Type {
  switch (kind) {
    case "integer":
      return INTEGER;
    case "number":
      return NUMBER;
    case "text":
      return TEXT;
    case "boolean":
      return BOOLEAN;
    case "none":
      return NONE;
    default:
      return ALL;
  }
}
