import type { Expr, FieldAccess, Loc, Lookup, NameRef } from "../language/ast.ts";
import { ROUNDING_MODES } from "../language/builtins.ts";
import {
  ANY, BOOLEAN, INTEGER, NONE, ALL, NUMBER, ODDS, TEXT,
  assignable, bare, describe, isNumeric, join, type EnumInfo, type TableInfo, type Type,
} from "../language/types.ts";
import { placeIn } from "../2-resolve/types.ts";
import type { Code, Values } from "../diagnostics/diagnostic.ts";
import { checkAggregate } from "./check-aggregate.ts";
import { checkCall } from "./check-call.ts";
import { checkBinary, checkConditional, checkMembership } from "./check-operators.ts";
import { pathKey, type Environment, type Scope } from "./expression-scope.ts";
import { closest, suggest } from "./suggest.ts";
import { CheckedFacts } from "./facts.ts";
import { dispatch, type Cases } from "../language/visit.ts";

export { rootScope, type Environment, type Scope } from "./expression-scope.ts";

/**
 * Types an expression, recording in `facts` the type of every node and what every
 * name stands for. Errors are reported and typed `any`, so one mistake is reported once.
 */
export class ExpressionChecker {
  private readonly env: Environment;
  readonly facts = new CheckedFacts();

  constructor(env: Environment) {
    this.env = env;
  }

  check(expr: Expr, scope: Scope, expected?: Type): Type {
    this.facts.forget(expr);
    const type = this.infer(expr, scope, expected);
    this.facts.setType(expr, type);
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
    return dispatch(NAMED, expr, this);
  }

  private infer(expr: Expr, scope: Scope, expected?: Type): Type {
    return dispatch(INFER, expr, { c: this, scope, expected });
  }

  name(expr: NameRef, scope: Scope, expected?: Type): Type {
    const local = scope.locals.get(expr.name);
    if (local) {
      this.facts.bind(expr, local);
      return this.narrow(local.type, expr, scope);
    }
    if (expected?.kind === "enum" && expected.info.members.some((m) => m.name === expr.name)) return this.expectedMember(expr, scope, expected.info);
    const input = this.env.input(expr.name);
    if (input) {
      this.facts.bind(expr, { kind: "input", decl: input.decl });
      return this.narrow(input.type, expr, scope);
    }
    const definition = this.env.let(expr.name, scope.file);
    if (definition) return this.definition(expr, definition, scope);
    const dice = this.env.dice(expr.name);
    if (dice) {
      this.facts.bind(expr, { kind: "dice", decl: dice });
      return { kind: "integer", min: dice.count, max: dice.count * dice.sides };
    }
    const table = this.env.table(expr.name);
    if (table) {
      this.facts.bind(expr, { kind: "table", decl: table.decl });
      return { kind: "table", info: table.info };
    }
    if (expected?.kind === "rounding") {
      if ((ROUNDING_MODES as readonly string[]).includes(expr.name)) {
        this.facts.bind(expr, { kind: "rounding", mode: expr.name });
        return { kind: "rounding" };
      }
      this.report("HX0203", { name: expr.name, hint: `rounding modes are ${ROUNDING_MODES.join(", ")}` }, scope, expr.nameLoc);
      return ANY;
    }
    return this.member(expr, scope, expected);
  }

  /**
   * Where a member of an enum is expected, a bare name that is one of its members is that
   * member, even if an input or definition has the same name; when that value is of the same
   * enum, both readings fit and the name is ambiguous (HX0307).
   */
  private expectedMember(expr: NameRef, scope: Scope, info: EnumInfo): Type {
    const valueType = this.env.valueType(expr.name, scope.file);
    if (valueType?.kind === "enum" && valueType.info === info) {
      const qualified = info.declared ? `write \`${info.name}.${expr.name}\` for the member, or rename the ${this.env.input(expr.name) ? "input" : "definition"}` : `rename the ${this.env.input(expr.name) ? "input" : "definition"}`;
      this.report("HX0307", { name: expr.name, enum: info.name, hint: qualified }, scope, expr.nameLoc);
      return ANY;
    }
    this.facts.bind(expr, { kind: "member", info, member: expr.name });
    return { kind: "enum", info };
  }

  /** A bare name that is not defined is an enum member, read in the context of the expected enum. */
  member(expr: NameRef, scope: Scope, expected?: Type): Type {
    if (expected?.kind === "enum") {
      if (expected.info.members.some((m) => m.name === expr.name)) {
        this.facts.bind(expr, { kind: "member", info: expected.info, member: expr.name });
        return { kind: "enum", info: expected.info };
      }
      this.report("HX0203", () => ({ name: expr.name, hint: suggest(expr.name, expected.info.members.map((m) => m.name), `members of ${expected.info.name}: ${expected.info.members.map((m) => m.name).join(", ")}`) }), scope, expr.nameLoc);
      return ANY;
    }
    const owners = this.env.enumsWithMember(expr.name);
    if (owners.length === 1) {
      this.facts.bind(expr, { kind: "member", info: owners[0], member: expr.name });
      return { kind: "enum", info: owners[0] };
    }
    if (owners.length > 1) {
      this.report("HX0304", { name: expr.name, enums: owners.map((e) => e.name).join(", "), hint: qualifyHint(expr.name, owners) }, scope, expr.nameLoc);
      return ANY;
    }
    // The names it might have meant are gathered only if the diagnostic is shown (a file reports only so many).
    const known = () => [...scope.locals.keys(), ...this.env.globalNames()];
    this.report("HX0203", () => ({ name: expr.name, hint: suggest(expr.name, known(), "define it with `input`, `let`, `dice` or `table`, or check the spelling") }), scope, expr.nameLoc);
    return ANY;
  }

  /** Whether a name stands for a value (which then wins over an enum of the same name). */
  private isValue(name: string, scope: Scope): boolean {
    return scope.locals.has(name) || !!(this.env.input(name) || this.env.let(name, scope.file) || this.env.dice(name) || this.env.table(name));
  }

  /** A name (or `ch9.name`) that reads a definition; one that chapters share and its own chapter does not define is ambiguous. */
  private definition(expr: NameRef | FieldAccess, found: NonNullable<ReturnType<Environment["let"]>>, scope: Scope): Type {
    if ("ambiguous" in found) {
      this.env.ambiguous(expr.type === "Name" ? expr.name : expr.field, found.ambiguous, scope.file, expr.type === "Name" ? expr.nameLoc : expr.loc);
      return ANY;
    }
    this.facts.bind(expr, { kind: "let", decl: found.decl, key: found.key });
    return this.narrow(found.type, expr, scope);
  }

  /** `ch9.column_shift`: the definition a chapter makes, read from any chapter. */
  private qualifiedDefinition(expr: FieldAccess, chapter: string, scope: Scope): Type {
    const found = this.env.let(expr.field, scope.file, chapter);
    if (found) return this.definition(expr, found, scope);
    const hint = () => {
      const defined = this.env.let(expr.field, scope.file);
      if (defined && "key" in defined) return `\`${expr.field}\` is defined once in this edition: write \`${expr.field}\``;
      if (defined) return `\`${expr.field}\` is defined in ${defined.ambiguous.map((d) => `\`${this.env.chapterOf(d.file)}.${expr.field}\``).join(" and ")}`;
      return `${chapter} defines no \`${expr.field}\``;
    };
    this.report("HX0203", () => ({ name: `${chapter}.${expr.field}`, hint: hint() }), scope, expr.fieldLoc);
    return ANY;
  }

  /** `terrain_category.open`: a member named with its enum, read the same wherever it is written. */
  private qualifiedMember(expr: FieldAccess, info: EnumInfo, scope: Scope): Type {
    if (info.members.some((m) => m.name === expr.field)) {
      this.facts.bind(expr, { kind: "member", info, member: expr.field });
      return { kind: "enum", info };
    }
    const hint = () => {
      const best = closest(expr.field, info.members.map((m) => m.name));
      return best !== undefined ? `did you mean \`${info.name}.${best}\`?` : `members of ${info.name}: ${info.members.map((m) => m.name).join(", ")}`;
    };
    this.report("HX0203", () => ({ name: `${info.name}.${expr.field}`, hint: hint() }), scope, expr.fieldLoc);
    return ANY;
  }

  narrow(type: Type, expr: Expr, scope: Scope): Type {
    const key = pathKey(expr);
    if (!key || !type.orNone || !scope.nonNone.has(key)) return type;
    this.facts.markNarrowed(expr);
    return { ...type, orNone: undefined };
  }

  field(expr: FieldAccess, scope: Scope): Type {
    const qualifier = expr.object.type === "Name" && !this.isValue(expr.object.name, scope) ? expr.object.name : undefined;
    const qualifyingEnum = qualifier !== undefined ? this.env.enumNamed(qualifier) : undefined;
    if (qualifyingEnum) return this.qualifiedMember(expr, qualifyingEnum, scope);
    if (qualifier !== undefined && this.env.isChapter(qualifier)) return this.qualifiedDefinition(expr, qualifier, scope);
    const objectType = this.check(expr.object, scope);
    if (objectType.kind === "any") return ANY;
    if (objectType.orNone) {
      this.report("HX0303", { expr: this.text(expr.object) }, scope, expr.object.loc);
      return ANY;
    }
    if (objectType.kind === "record" || objectType.kind === "notation") {
      const field = objectType.info.fields.find((f) => f.name === expr.field);
      if (field) return this.narrow(field.type, expr, scope);
      const binding = expr.object.type === "Name" ? this.facts.binding(expr.object) : undefined;
      if (binding?.kind === "local" && binding.list) {
        const element = this.env.elementLet(binding.list.name, expr.field);
        if (element) {
          this.facts.readsElement(expr, element.decl);
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

  lookup(expr: Lookup, scope: Scope): Type {
    const tableType = this.check(expr.object, scope);
    if (tableType.kind === "any") return ANY;
    if (tableType.kind !== "table") {
      this.report("HX0301", { what: `\`${this.text(expr.object)}\``, expected: "a table (to look up `[row, column]`)", actual: describe(tableType), hint: "declare it with `table … = chart \"…\"`" }, scope, expr.object.loc);
      return ANY;
    }
    this.lookupRow(expr, tableType.info, scope);
    this.expect(expr.column, scope, bare(tableType.info.columnKey), `The column of ${tableType.info.name}`);
    return tableType.info.cell;
  }

  /** The row of a lookup: one key, or the pair `(status, terrain)` of a chart whose rows are keyed by two columns. */
  private lookupRow(expr: Lookup, info: TableInfo, scope: Scope): void {
    const pair = info.rowPair;
    if (info.rowKey.kind === "any") {
      // The table's rows are already reported (HX0422): its keys are not checked against them.
      this.check(expr.row, scope);
      if (expr.row2) this.check(expr.row2, scope);
    } else if (pair && expr.row2) {
      this.expect(expr.row, scope, { kind: "enum", info: pair[0] }, `The first row key of ${info.name}`);
      this.expect(expr.row2, scope, { kind: "enum", info: pair[1] }, `The second row key of ${info.name}`);
    } else if (pair) {
      this.report("HX0301", { what: `The row of ${info.name}`, expected: `a pair of keys (${pair[0].name}, ${pair[1].name})`, actual: "one key", hint: `its rows are keyed by two columns: write both keys, a ${pair[0].name} and a ${pair[1].name}, as \`${info.name}[(first, second), column]\`` }, scope, expr.row.loc);
      // The one key is still read (as the first), so what it names counts as used: no mistakes follow from this one.
      this.expect(expr.row, scope, { kind: "enum", info: pair[0] }, `The first row key of ${info.name}`);
    } else if (expr.row2) {
      this.report("HX0301", { what: `The row of ${info.name}`, expected: "one key", actual: "a pair of keys", hint: "only a chart declared with `rows: (first, second)` is read by a pair" }, scope, expr.row.loc);
      this.expect(expr.row, scope, bare(info.rowKey), `The row of ${info.name}`);
      this.check(expr.row2, scope);
    } else {
      this.expect(expr.row, scope, bare(info.rowKey), `The row of ${info.name}`);
    }
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

/** How to say which enum a shared member belongs to: its qualified forms, where its enums have names to qualify with. */
function qualifyHint(member: string, owners: EnumInfo[]): string {
  const forms = owners.filter((e) => e.declared).map((e) => `\`${e.name}.${member}\``);
  if (forms.length === 0) return "compare it with a value of the enum you mean";
  return `name it with its enum: ${forms.join(" or ")}${forms.length < owners.length ? ", or compare it with a value of the enum you mean" : ""}`;
}

interface Checking {
  c: ExpressionChecker;
  scope: Scope;
  /** The type the context expects, which decides what a bare member name or a list literal is. */
  expected?: Type;
}

/** The type of each kind of expression; each case checks the node's parts. */
const INFER: Cases<Type, Checking> = {
  Literal: (expr) => literalType(expr.kind),
  Name: (expr, { c, scope, expected }) => c.name(expr, scope, expected),
  Field: (expr, { c, scope }) => c.field(expr, scope),
  Lookup: (expr, { c, scope }) => c.lookup(expr, scope),
  Index: (expr, { c, scope }) => {
    const listType = c.check(expr.object, scope);
    c.expect(expr.index, scope, INTEGER, "A list position", "positions are whole numbers, 1 for the first item");
    if (listType.kind === "list") return listType.of;
    if (listType.kind !== "any") c.report("HX0301", { what: `\`${c.text(expr.object)}\``, expected: "a list (to take item [i])", actual: describe(listType), hint: "write table[row, column] for a chart cell" }, scope, expr.object.loc);
    return ANY;
  },
  Unary: (expr, { c, scope }) => {
    if (expr.op === "not") {
      c.expect(expr.operand, scope, BOOLEAN, "The operand of `not`");
      return BOOLEAN;
    }
    // The sign changes, so a declared range of the operand (0..4) is not the negation's range.
    const operand = c.numeric(expr.operand, scope, "The operand of `-`");
    return operand.kind === "any" ? ANY : { ...(operand.kind === "integer" ? INTEGER : NUMBER), orAll: operand.orAll };
  },
  Binary: (expr, { c, scope }) => checkBinary(c, expr, scope),
  Ratio: (expr, { c, scope }) => {
    c.numeric(expr.left, scope, "The attacker's side of odds");
    c.numeric(expr.right, scope, "The defender's side of odds");
    return ODDS;
  },
  In: (expr, { c, scope }) => checkMembership(c, expr, scope),
  If: (expr, { c, scope, expected }) => checkConditional(c, expr, scope, expected),
  Aggregate: (expr, { c, scope, expected }) => checkAggregate(c, expr, scope, expected),
  Call: (expr, { c, scope, expected }) => checkCall(c, expr, scope, expected),
  List: (expr, { c, scope, expected }) => {
    const of = expected?.kind === "list" ? expected.of : undefined;
    let itemType: Type | undefined = of;
    for (const item of expr.items) {
      const t = c.check(item, scope, of);
      itemType = itemType ? (join(itemType, t) ?? itemType) : t;
    }
    return { kind: "list", of: itemType ?? ANY };
  },
  RecordLiteral: (expr, { c, scope, expected }) => {
    if (expected?.kind !== "record") {
      c.report("HX0301", { what: "A record value", expected: "used where a record is expected", actual: "a record", hint: "records are written in examples and defaults of list inputs" }, scope, expr.loc);
      return ANY;
    }
    for (const entry of expr.entries) {
      const field = expected.info.fields.find((f) => f.name === entry.name);
      if (!field) {
        c.report("HX0206", { type: expected.info.name, field: entry.name, known: expected.info.fields.map((f) => f.name).join(", ") }, scope, entry.nameLoc);
        continue;
      }
      c.expect(entry.value, scope, field.type, `Field \`${entry.name}\``);
    }
    return expected;
  },
  Set: (expr, { c, scope }) => outsideIn(c, expr, scope),
  Span: (expr, { c, scope }) => outsideIn(c, expr, scope),
};

/** Sets and spans are only written on the right of `in` (checkMembership reads them there). */
function outsideIn(c: ExpressionChecker, expr: Expr, scope: Scope): Type {
  c.report("HX0301", { what: "A set or span", expected: "on the right of `in`", actual: "elsewhere", hint: "write `x in {a, b}` or `x in 2..12`" }, scope, expr.loc);
  return ANY;
}

const thisValue = () => "this value";

/** How each kind of expression is named in a message. */
const NAMED: Cases<string, ExpressionChecker> = {
  Name: (expr) => expr.name,
  Field: (expr, c) => `${c.text(expr.object)}.${expr.field}`,
  Call: (expr) => `${expr.callee}(…)`,
  Aggregate: (expr) => `${expr.fn}(…)`,
  Lookup: (expr, c) => `${c.text(expr.object)}[…]`,
  Index: (expr, c) => `${c.text(expr.object)}[…]`,
  If: () => "if … then … else …",
  Literal: thisValue,
  Binary: thisValue,
  Unary: thisValue,
  Ratio: thisValue,
  In: thisValue,
  Set: thisValue,
  Span: thisValue,
  List: thisValue,
  RecordLiteral: thisValue,
};

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
