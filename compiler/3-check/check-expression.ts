import type { Session } from "../diagnostics/session.ts";
import type {
  AggregateExpr, BinaryExpr, CallExpr, DiceDecl, Expr, FieldAccess, IfExpr, InExpr, InputDecl, LetDecl, Loc, Lookup, NameRef, TableDecl,
} from "../language/ast.ts";
import type { Binding } from "../language/bindings.ts";
import { BUILTINS, isBuiltin, ROUNDING_MODES } from "../language/builtins.ts";
import {
  ANY, BOOLEAN, INTEGER, NONE, ALL, NUMBER, ODDS, RANGE, TEXT,
  assignable, bare, describe, isNumeric, join, type EnumInfo, type TableInfo, type Type,
} from "../language/types.ts";
import { placeIn } from "../2-resolve/types.ts";
import { suggest } from "./suggest.ts";

/** What expressions can refer to; lets are typed on demand (which also finds cycles). */
export interface Environment {
  session: Session;
  input(name: string): { type: Type; decl: InputDecl } | undefined;
  let(name: string): { type: Type; decl: LetDecl } | undefined;
  elementLet(list: string, name: string): { type: Type; decl: LetDecl } | undefined;
  elementLetNames(list: string): string[];
  dice(name: string): DiceDecl | undefined;
  table(name: string): { info: TableInfo; decl: TableDecl } | undefined;
  enumsWithMember(name: string): EnumInfo[];
  globalNames(): string[];
}

type Local = Extract<Binding, { kind: "local" }>;

/** Lexical context of an expression: its file, comprehension variables, names known not to be none. */
export interface Scope {
  file: string;
  locals: Map<string, Local>;
  nonNone: Set<string>;
}

export function rootScope(file: string): Scope {
  return { file, locals: new Map(), nonNone: new Set() };
}

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

  private report(code: string, values: Record<string, string | number> | (() => Record<string, string | number>), scope: Scope, loc: Loc): void {
    this.env.session.report(code, values, placeIn(scope.file, loc));
  }

  /** How an expression is named in a message: `odds`, `result.exploit`, `max(…)`, `table[…]`. */
  private text(expr: Expr): string {
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
        return this.numeric(expr.operand, scope, "The operand of `-`");
      case "Binary":
        return this.binary(expr, scope);
      case "Ratio": {
        this.numeric(expr.left, scope, "The attacker's side of odds");
        this.numeric(expr.right, scope, "The defender's side of odds");
        return ODDS;
      }
      case "In":
        return this.membership(expr, scope);
      case "If":
        return this.conditional(expr, scope, expected);
      case "Aggregate":
        return this.aggregate(expr, scope, expected);
      case "Call":
        return this.call(expr, scope, expected);
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

  private numeric(expr: Expr, scope: Scope, what: string): Type {
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

  private binary(expr: BinaryExpr, scope: Scope): Type {
    switch (expr.op) {
      case "and":
      case "or": {
        this.expect(expr.left, scope, BOOLEAN, `The left side of \`${expr.op}\``);
        const facts = narrowing(expr.left, expr.op === "and");
        this.expect(expr.right, withFacts(scope, facts), BOOLEAN, `The right side of \`${expr.op}\``);
        return BOOLEAN;
      }
      case "+":
      case "-":
      case "*":
      case "/": {
        const left = this.numeric(expr.left, scope, `The left side of \`${expr.op}\``);
        const right = this.numeric(expr.right, scope, `The right side of \`${expr.op}\``);
        if (left.kind === "any" || right.kind === "any") return ANY;
        const orAll = left.orAll || right.orAll || undefined;
        const integer = expr.op !== "/" && left.kind === "integer" && right.kind === "integer";
        return { ...(integer ? INTEGER : NUMBER), orAll };
      }
      case "==":
      case "!=":
        return this.equality(expr, scope);
      default:
        return this.ordering(expr, scope);
    }
  }

  private equality(expr: BinaryExpr, scope: Scope): Type {
    const special = (e: Expr) => e.type === "Literal" && (e.kind === "none" || e.kind === "all");
    // Check the side that is not a bare member first, so `open == terrain` reads `open` in terrain's enum.
    const [first, second] = isBareName(expr.left) && !isBareName(expr.right) ? [expr.right, expr.left] : [expr.left, expr.right];
    const scopeFor = (e: Expr) => (special(expr.left) || special(expr.right) ? withoutNarrowing(scope, e) : scope);
    const a = this.check(first, scopeFor(first));
    const b = this.check(second, scopeFor(second), a.kind === "enum" ? a : undefined);
    if (a.kind === "any" || b.kind === "any") return BOOLEAN;
    if (b.kind === "none" && !a.orNone) this.report("HX0302", { op: expr.op, left: describe(a), right: "none", hint: `\`${this.text(first)}\` can never be none` }, scope, expr.loc);
    else if (b.kind === "all" && !a.orAll) this.report("HX0302", { op: expr.op, left: describe(a), right: "all", hint: `\`${this.text(first)}\` can never be all` }, scope, expr.loc);
    else if (a.kind === "none" || a.kind === "all") {
      if (!(a.kind === "none" ? b.orNone : b.orAll)) this.report("HX0302", { op: expr.op, left: a.kind, right: describe(b), hint: "compare a value that can be none or all" }, scope, expr.loc);
    } else if (b.kind !== "none" && b.kind !== "all" && !join(bare(a), bare(b))) {
      this.report("HX0302", { op: expr.op, left: describe(a), right: describe(b), hint: "compare values of the same kind" }, scope, expr.loc);
    }
    return BOOLEAN;
  }

  private ordering(expr: BinaryExpr, scope: Scope): Type {
    const left = this.check(expr.left, scope);
    const right = this.check(expr.right, scope);
    if (left.kind === "any" || right.kind === "any") return BOOLEAN;
    for (const [side, type] of [[expr.left, left], [expr.right, right]] as const) {
      if (type.orNone) {
        this.report("HX0303", { expr: this.text(side) }, scope, side.loc);
        return BOOLEAN;
      }
    }
    const ok = (isNumeric(left) && isNumeric(right)) || (left.kind === "odds" && right.kind === "odds");
    if (!ok) this.report("HX0302", { op: expr.op, left: describe(left), right: describe(right), hint: "order compares two numbers, or two odds" }, scope, expr.loc);
    return BOOLEAN;
  }

  private membership(expr: InExpr, scope: Scope): Type {
    const valueType = this.check(expr.value, scope);
    const set = expr.set;
    if (set.type === "Set") {
      for (const item of set.items) {
        const t = this.check(item, scope, valueType.kind === "enum" ? valueType : undefined);
        if (valueType.kind !== "any" && t.kind !== "any" && !join(bare(valueType), bare(t))) {
          this.report("HX0302", { op: "in", left: describe(valueType), right: describe(t), hint: "the set's items must be the same kind as the value" }, scope, item.loc);
        }
      }
      set.ty = valueType;
      return BOOLEAN;
    }
    if (set.type === "Span") {
      if (valueType.kind !== "any" && !isNumeric(valueType)) this.report("HX0301", { what: "The value before `in low..high`", expected: "a number", actual: describe(valueType), hint: "spans hold numbers" }, scope, expr.value.loc);
      this.numeric(set.low, scope, "The low end of the span");
      this.numeric(set.high, scope, "The high end of the span");
      set.ty = RANGE;
      return BOOLEAN;
    }
    const rangeType = this.check(set, scope);
    if (rangeType.kind !== "any" && rangeType.kind !== "range") {
      this.report("HX0301", { what: "The right side of `in`", expected: "a range (such as a chart cell `9 or more`), a set `{a, b}` or a span `2..12`", actual: describe(rangeType), hint: "membership needs a collection" }, scope, set.loc);
    }
    if (valueType.kind !== "any" && !isNumeric(valueType)) this.report("HX0301", { what: "The value tested against a range", expected: "a number", actual: describe(valueType), hint: "ranges hold numbers" }, scope, expr.value.loc);
    return BOOLEAN;
  }

  private conditional(expr: IfExpr, scope: Scope, expected?: Type): Type {
    this.expect(expr.test, scope, BOOLEAN, "The condition of `if`");
    const whenTrue = this.check(expr.consequent, withFacts(scope, narrowing(expr.test, true)), expected);
    const whenFalse = this.check(expr.alternate, withFacts(scope, narrowing(expr.test, false)), expected ?? (whenTrue.kind === "enum" ? whenTrue : undefined));
    const type = join(whenTrue, whenFalse);
    if (!type) {
      this.report("HX0302", { op: "if … then … else", left: describe(whenTrue), right: describe(whenFalse), hint: "both branches must give the same kind of value" }, scope, expr.loc);
      return ANY;
    }
    return type;
  }

  private aggregate(expr: AggregateExpr, scope: Scope, expected?: Type): Type {
    const listType = this.check(expr.list, scope);
    let itemType: Type = ANY;
    if (listType.kind === "list") itemType = listType.of;
    else if (listType.kind !== "any") {
      this.report("HX0301", { what: `The collection of \`${expr.fn}(… for ${expr.variable.name} in …)\``, expected: "a list", actual: describe(listType), hint: "iterate over a list input, or `columns(table)` / `rows(table)`" }, scope, expr.list.loc);
    }
    const listBinding = expr.list.type === "Name" ? expr.list.binding : undefined;
    if (scope.locals.has(expr.variable.name)) {
      this.report("HX0211", { name: expr.variable.name }, scope, expr.variable.nameLoc);
    }
    const local: Local = {
      kind: "local",
      name: expr.variable.name,
      type: itemType,
      list: listBinding?.kind === "input" ? listBinding.decl : undefined,
      // Named after the variable, so generated code does not change when other rules do.
      index: `${expr.variable.name}$i`,
    };
    expr.index = local.index;
    const inner: Scope = { ...scope, locals: new Map(scope.locals).set(expr.variable.name, local) };
    const filtered = expr.filter ? withFacts(inner, narrowing(expr.filter, true)) : inner;
    if (expr.filter) this.expect(expr.filter, inner, BOOLEAN, "The `where` condition");
    switch (expr.fn) {
      case "count":
        return { kind: "integer", min: 0 };
      case "every":
      case "some":
        this.expect(expr.value!, filtered, BOOLEAN, `The condition of \`${expr.fn}\``);
        return BOOLEAN;
      case "sum": {
        const t = this.numeric(expr.value!, filtered, "What `sum` adds");
        return t.kind === "integer" ? INTEGER : t.kind === "any" ? ANY : NUMBER;
      }
      case "min":
      case "max": {
        const t = this.check(expr.value!, filtered);
        if (t.kind !== "any" && !isNumeric(t) && t.kind !== "odds") {
          this.report("HX0301", { what: `What \`${expr.fn}\` compares`, expected: "a number or odds", actual: describe(t), hint: "min and max order numbers or odds" }, scope, expr.value!.loc);
          return ANY;
        }
        return { ...bare(t), orNone: maybeEmpty(listType, expr.filter) };
      }
      case "first":
      case "last": {
        const t = this.check(expr.value!, filtered, expected);
        return { ...t, orNone: t.orNone || maybeEmpty(listType, expr.filter) };
      }
      case "list": {
        const t = this.check(expr.value!, filtered, expected?.kind === "list" ? expected.of : undefined);
        return { kind: "list", of: t, ...(listType.minItems && !expr.filter ? { minItems: listType.minItems } : {}) };
      }
    }
  }

  private call(expr: CallExpr, scope: Scope, expected?: Type): Type {
    const name = expr.callee;
    if (!isBuiltin(name)) {
      // The arguments are not checked: without knowing the function, any error in them would be a guess.
      this.report("HX0209", { name, known: Object.keys(BUILTINS).join(", ") }, scope, expr.calleeLoc);
      return ANY;
    }
    const arity = (min: number, max = min): boolean => {
      if (expr.args.length >= min && expr.args.length <= max) return true;
      const expectedCount = min === max ? String(min) : max === Infinity ? `${min} or more` : `${min} to ${max}`;
      this.report("HX0306", { name, expected: expectedCount, actual: expr.args.length, hint: BUILTINS[name] }, scope, expr.loc);
      for (const arg of expr.args) this.check(arg, scope);
      return false;
    };
    switch (name) {
      case "round": {
        if (!arity(2)) return ANY;
        const t = this.check(expr.args[0], scope);
        this.check(expr.args[1], scope, { kind: "rounding" });
        if (t.kind === "odds") return ODDS;
        if (t.kind !== "any" && !isNumeric(t)) this.report("HX0301", { what: "What `round` rounds", expected: "a number or odds", actual: describe(t), hint: BUILTINS.round }, scope, expr.args[0].loc);
        return INTEGER;
      }
      case "floor":
      case "ceil":
        if (!arity(1)) return ANY;
        this.numeric(expr.args[0], scope, `The argument of \`${name}\``);
        return INTEGER;
      case "abs":
        if (!arity(1)) return ANY;
        return bare(this.numeric(expr.args[0], scope, "The argument of `abs`"));
      case "halve":
      case "quarter":
        if (!arity(1)) return ANY;
        return { ...NUMBER, orAll: this.numeric(expr.args[0], scope, `The argument of \`${name}\``).orAll };
      case "min":
      case "max":
      case "clamp": {
        if (name === "clamp" ? !arity(3) : !arity(2, Infinity)) return ANY;
        let result: Type | undefined;
        for (const arg of expr.args) {
          const t = this.numeric(arg, scope, `An argument of \`${name}\``);
          result = result ? (join(result, t) ?? ANY) : t;
        }
        return result ?? ANY;
      }
      case "columns":
      case "rows": {
        if (!arity(1)) return ANY;
        const t = this.check(expr.args[0], scope);
        if (t.kind === "table") return { kind: "list", of: bare(name === "columns" ? t.info.columnKey : t.info.rowKey), minItems: 1 };
        if (t.kind !== "any") this.report("HX0301", { what: `The argument of \`${name}\``, expected: "a table", actual: describe(t), hint: BUILTINS[name] }, scope, expr.args[0].loc);
        return ANY;
      }
      case "column_header":
      case "row_header": {
        if (!arity(2)) return ANY;
        const t = this.check(expr.args[0], scope);
        if (t.kind !== "table") {
          if (t.kind !== "any") this.report("HX0301", { what: `The first argument of \`${name}\``, expected: "a table", actual: describe(t), hint: BUILTINS[name] }, scope, expr.args[0].loc);
          this.check(expr.args[1], scope);
          return ANY;
        }
        const key = bare(name === "row_header" ? t.info.rowKey : t.info.columnKey);
        if (key.kind === "enum") {
          this.report("HX0301", { what: `The ${name === "row_header" ? "rows" : "columns"} of ${t.info.name}`, expected: "numbers or odds (a header to look up)", actual: describe(key), hint: "an enum key is already the header: use the member itself" }, scope, expr.args[0].loc);
          this.check(expr.args[1], scope);
          return ANY;
        }
        this.expect(expr.args[1], scope, key, `The key given to \`${name}\``);
        return TEXT;
      }
      case "first":
      case "last":
      case "count": {
        if (!arity(1)) return ANY;
        const t = this.check(expr.args[0], scope, expected ? { kind: "list", of: expected } : undefined);
        if (t.kind !== "list") {
          if (t.kind !== "any") this.report("HX0301", { what: `The argument of \`${name}\``, expected: "a list", actual: describe(t), hint: BUILTINS[name] }, scope, expr.args[0].loc);
          return name === "count" ? INTEGER : ANY;
        }
        return name === "count" ? { kind: "integer", min: 0 } : { ...t.of, orNone: t.of.orNone || maybeEmpty(t, null) };
      }
      case "position": {
        if (!arity(1)) return ANY;
        const arg = expr.args[0];
        this.check(arg, scope);
        if (arg.type !== "Name" || arg.binding?.kind !== "local") {
          this.report("HX0301", { what: "The argument of `position`", expected: "the variable of a `for … in` (an item of a list)", actual: this.text(arg), hint: BUILTINS.position }, scope, arg.loc);
          return ANY;
        }
        return { kind: "integer", min: 1 };
      }
      case "spread": {
        if (!arity(2, 3)) return ANY;
        this.expect(expr.args[0], scope, INTEGER, "What `spread` shares out", "spread shares out a whole number");
        this.expect(expr.args[1], scope, { kind: "list", of: INTEGER }, "The capacities of `spread`", "a list of whole numbers, e.g. list(u.steps for u in units)");
        if (expr.args[2]) this.expect(expr.args[2], scope, INTEGER, "The item `spread` serves first", "a list position, 1 for the first item");
        const caps = expr.args[1].ty;
        return { kind: "list", of: { kind: "integer", min: 0 }, ...(caps?.kind === "list" && caps.minItems ? { minItems: caps.minItems } : {}) };
      }
    }
  }
}

/** Whether a comprehension over this list can find nothing (so min, max, first and last may be none). */
function maybeEmpty(listType: Type, filter: Expr | null): true | undefined {
  return filter || !listType.minItems ? true : undefined;
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

function isBareName(expr: Expr): boolean {
  return expr.type === "Name";
}

/** `result.exploit` → "result.exploit"; other expressions have no stable key. */
function pathKey(expr: Expr): string | null {
  if (expr.type === "Name") return expr.name;
  if (expr.type === "Field") {
    const inner = pathKey(expr.object);
    return inner ? `${inner}.${expr.field}` : null;
  }
  return null;
}

/** The paths a condition proves not none when it is true (or when false, for `whenTrue = false`). */
function narrowing(test: Expr, whenTrue: boolean): string[] {
  if (test.type === "Binary" && (test.op === "==" || test.op === "!=")) {
    const noneSide = [test.left, test.right].find((e) => e.type === "Literal" && e.kind === "none");
    const other = noneSide === test.left ? test.right : test.left;
    const key = noneSide ? pathKey(other) : null;
    if (key && (test.op === "!=") === whenTrue) return [key];
    return [];
  }
  if (test.type === "Binary" && test.op === "and" && whenTrue) return [...narrowing(test.left, true), ...narrowing(test.right, true)];
  if (test.type === "Binary" && test.op === "or" && !whenTrue) return [...narrowing(test.left, false), ...narrowing(test.right, false)];
  if (test.type === "Unary" && test.op === "not") return narrowing(test.operand, !whenTrue);
  return [];
}

function withFacts(scope: Scope, keys: string[]): Scope {
  if (keys.length === 0) return scope;
  return { ...scope, nonNone: new Set([...scope.nonNone, ...keys]) };
}

/** In `x == none`, x itself must keep its `| none`. */
function withoutNarrowing(scope: Scope, expr: Expr): Scope {
  const key = pathKey(expr);
  if (!key || !scope.nonNone.has(key)) return scope;
  const nonNone = new Set(scope.nonNone);
  nonNone.delete(key);
  return { ...scope, nonNone };
}
