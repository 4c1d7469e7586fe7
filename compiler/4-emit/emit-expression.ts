import type { AggregateExpr, CallExpr, Expr, FieldAccess, Lookup } from "../language/ast.ts";
import type { Type } from "../language/types.ts";
import type { TableModel } from "../3-check/types.ts";
import type { ExpressionFacts } from "../3-check/facts.ts";
import { loopIndex } from "../language/bindings.ts";
import {
  assign, bin, call, cast, cond, id, index, lit, member, neg, newExpr, not, tRef, rt, rtType, builtin, type TsExpr, type TsParam, type TsStmt, type TsType,
} from "./ts/ast.ts";
import { definitionName, diceName, elementName, inputName, localName, tableKeysName, tableName } from "./names.ts";
import { nativeType, numberValue, wireConversion } from "./emit-types.ts";
import { dispatch, type Cases } from "../language/visit.ts";
import { freeLocals, planLoop, sortedSearch, type LoopPlan } from "./plan-loops.ts";

const PRIMITIVE = new Set(["integer", "boolean", "text", "enum", "none", "all", "any"]);
const S = id("s");

/**
 * How an expression reads the values it names. `memoized`: through the memoized
 * definitions and accessors of an evaluation's state (`odds(s)`, `in$mp_left(s)`,
 * `attackers$strength(s, u$i)`). `locals`: as local variables a straight-line function
 * computed before (`odds`, `in$mp_left`, `attackers$strength[u$i]`, or `attackers$strength`
 * for one of `scalars`, computed in the same loop over the units); a comprehension's
 * function then takes the values it reads as parameters, typed by `types` (by name). The
 * step-by-step evaluation scans every column of a chart where the straight-line one may
 * bisect (`charts`): the property tests compare the two.
 */
export type Reads =
  | { kind: "memoized" }
  | {
      kind: "locals";
      types: ReadonlyMap<string, TsType>;
      scalars: ReadonlySet<string>;
      /** The charts, by table name: a search along a row of one whose rows are sorted bisects (see `sortedSearch`). */
      charts: ReadonlyMap<string, TableModel>;
    };

/**
 * Translates checked rules expressions into TypeScript. Names become calls of
 * memoized definitions (`odds(s)`), inputs become accessors (`in$mp_left(s)`), or
 * locals (see `Reads`). Each comprehension (`sum(u.x for u in attackers)`) becomes a
 * module-level function with a plain loop, collected in `helpers`: a monomorphic loop
 * that the JavaScript engine inlines, where a shared helper taking callbacks would not.
 */
export class ExpressionEmitter {
  readonly helpers: TsStmt[] = [];
  /** Fractions written in the rules (0.5, 1.5), made once per module. */
  readonly constants: Map<string, TsStmt>;
  private readonly reads: Reads;
  /** The definition being emitted: its comprehensions are named after it (`odds$each1`). */
  private owner = "";
  private count = 0;
  /** What was computed before the loop of the comprehension being emitted. */
  private loop: Hoisted = nothingHoisted();
  /** With `locals`: the values each comprehension being emitted reads (innermost last), its parameters. */
  private captures: Set<string>[] = [];
  /** With `locals`: every value some comprehension reads. */
  readonly capturedAnywhere = new Set<string>();
  /** With `locals`: the values the comprehensions of each definition read, by the name given to `definition`. */
  readonly capturedBy = new Map<string, Set<string>>();
  /** With `locals`: every value read while `readsOf` emits (see there). */
  private logged: Set<string> | null = null;

  private readonly facts: ExpressionFacts;
  /** What the procedure calls definitions the edition keys by chapter (ProcedureModel.keys). */
  private readonly keys: ReadonlyMap<string, string>;

  /** `constants` may be shared with another emitter of the same module, so each fraction is made once. */
  constructor(facts: ExpressionFacts, reads: Reads = { kind: "memoized" }, constants = new Map<string, TsStmt>(), keys: ReadonlyMap<string, string> = new Map()) {
    this.facts = facts;
    this.reads = reads;
    this.constants = constants;
    this.keys = keys;
  }

  /** A definition's function or local, by the key its binding has in the edition. */
  private definitionOf(key: string): string {
    return definitionName(this.keys.get(key) ?? key);
  }

  /** A named value: a call of its memoized accessor, or its local (which the comprehension being emitted takes as a parameter). */
  private read(name: string, index?: string): TsExpr {
    if (this.reads.kind === "memoized") return call(id(name), index === undefined ? [S] : [S, id(index)]);
    this.logged?.add(name);
    const inner = this.captures.at(-1);
    if (inner) {
      inner.add(name);
      this.capturedAnywhere.add(name);
      let mine = this.capturedBy.get(this.owner);
      if (!mine) this.capturedBy.set(this.owner, (mine = new Set()));
      mine.add(name);
    }
    // A per-unit value read in its own loop, kept in a local of the loop (see `scalars`).
    return index === undefined || this.reads.scalars.has(name) ? id(name) : { type: "index", object: id(name), index: id(index) };
  }

  /** What `emit` returns (code emitted through it), and the values that code reads, by name (with `locals`). */
  readsOf<T>(emit: () => T): { code: T; reads: Set<string> } {
    const outer = this.logged;
    const reads = new Set<string>();
    this.logged = reads;
    try {
      return { code: emit(), reads };
    } finally {
      this.logged = outer;
      if (outer) for (const name of reads) outer.add(name);
    }
  }

  /** The type of a value read with `locals`, by name. */
  typeOf(name: string): TsType {
    if (this.reads.kind !== "locals") throw new Error("only values read as locals have a type here");
    return localType(this.reads, name);
  }

  /** Starts a definition; helper names stay the same when other definitions change. */
  definition(name: string): this {
    this.owner = name;
    this.count = 0;
    return this;
  }

  /** The key of a lookup's row: its one key, or for rows keyed by two columns the pair as the chart's row is keyed, `first/second`. */
  rowKey(expr: Lookup, paragraph: string): TsExpr {
    const row = this.emit(expr.row, paragraph);
    return expr.row2 ? bin("+", bin("+", row, lit("/")), this.emit(expr.row2, paragraph)) : row;
  }

  /** `paragraph` is cited when an operation has no value (division by zero, 0:0 odds). */
  emit(expr: Expr, paragraph: string): TsExpr {
    const code = this.translate(expr, paragraph);
    // The checker proved this value is not none (a test above, or a comprehension over a
    // list that cannot be empty); TypeScript cannot see that through function calls.
    const nullable =
      (expr.type === "Aggregate" && MAY_BE_NONE.has(expr.fn)) ||
      (expr.type === "Call" && (expr.callee === "first" || expr.callee === "last"));
    const type = this.facts.type(expr);
    if (type && !type.orNone && (this.facts.narrowed(expr) || nullable)) return cast(code, nativeType(type));
    return code;
  }

  private translate(expr: Expr, paragraph: string): TsExpr {
    return this.loop.values.get(expr) ?? dispatch(this.translation, expr, paragraph);
  }

  /** The code of each kind of expression (`paragraph` is cited where an operation has no value). */
  private readonly translation: Cases<TsExpr, string> = {
    Literal: (expr) => {
      if (expr.kind === "none") return lit(null);
      if (expr.kind === "all") return lit(Infinity);
      if (expr.kind === "number" || expr.kind === "integer") return this.number(expr.value as number);
      return lit(expr.value);
    },
    Name: (expr) => {
      const b = this.facts.binding(expr);
      switch (b?.kind) {
        case "input":
          return this.read(inputName(b.decl.name));
        case "let":
          return this.read(this.definitionOf(b.key));
        case "dice":
          return this.read(diceName(b.decl.name));
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
    },
    Field: (expr, paragraph) => this.field(expr, paragraph),
    Lookup: (expr, paragraph) => {
      const e = (x: Expr) => this.emit(x, paragraph);
      const table = e(expr.object);
      const row = this.loop.rows.get(expr);
      const column = this.loop.columns.get(expr);
      if (row && column) return call(rt("cell"), [table, row.index, column, row.row, e(expr.column)]);
      if (row) return call(rt("cellAt"), [table, row.index, row.row, e(expr.column)]);
      return call(rt("lookup"), [table, this.rowKey(expr, paragraph), e(expr.column)]);
    },
    Index: (expr, paragraph) => call(rt("item"), [this.readList(expr.object, paragraph), this.emit(expr.index, paragraph), lit(paragraph)]),
    Unary: (expr, paragraph) => {
      const operand = this.emit(expr.operand, paragraph);
      if (expr.op === "not") return not(operand);
      return isExact(this.facts.type(expr.operand)) ? call(rt("neg"), [operand]) : neg(operand);
    },
    Binary: (expr, paragraph) => this.binary(expr.op, expr.left, expr.right, paragraph),
    Ratio: (expr, paragraph) => call(rt("ratio"), [this.emit(expr.left, paragraph), this.emit(expr.right, paragraph), lit(paragraph)]),
    In: (expr, paragraph) => {
      const e = (x: Expr) => this.emit(x, paragraph);
      const value = e(expr.value);
      const set = expr.set;
      const exactly = isExact(this.facts.type(expr.value));
      if (set.type === "Set") return set.items.map((item) => (exactly || isExact(this.facts.type(item)) ? call(rt("eq"), [value, e(item)]) : bin("===", value, e(item)))).reduce((a, b) => bin("||", a, b));
      if (set.type === "Span") {
        if (exactly || isExact(this.facts.type(set.low)) || isExact(this.facts.type(set.high))) return bin("&&", call(rt("le"), [e(set.low), value]), call(rt("le"), [value, e(set.high)]));
        return bin("&&", bin(">=", value, e(set.low)), bin("<=", value, e(set.high)));
      }
      return call(rt("inRange"), [value, e(set)]);
    },
    If: (expr, paragraph) => cond(this.emit(expr.test, paragraph), this.emit(expr.consequent, paragraph), this.emit(expr.alternate, paragraph)),
    Aggregate: (expr, paragraph) => this.aggregate(expr, paragraph),
    Call: (expr, paragraph) => this.builtin(expr, paragraph),
    List: (expr, paragraph) => ({ type: "array", items: expr.items.map((item) => this.emit(item, paragraph)) }),
    // Read where they stand (`x in {a, b}`, a literal of an example), never computed on their own.
    Set: notInEngines,
    Span: notInEngines,
    RecordLiteral: notInEngines,
  };

  private field(expr: FieldAccess, paragraph: string): TsExpr {
    const qualified = this.facts.binding(expr);
    if (qualified?.kind === "member") return lit(qualified.member);
    if (qualified?.kind === "let") return this.read(this.definitionOf(qualified.key));
    const object = expr.object;
    const element = this.facts.elementLet(expr);
    const local = object.type === "Name" ? this.facts.binding(object) : undefined;
    if (element && local?.kind === "local" && local.list) return this.read(elementName(local.list.name, element.name), local.index);
    const read = member(this.emit(object, paragraph), expr.field);
    // Records and results arrive in wire form; fields that are odds, ranges or numbers are converted on read.
    const objectType = this.facts.type(object);
    const type = this.facts.type(expr);
    const conversion = (objectType?.kind === "record" || objectType?.kind === "notation") && type ? wireConversion(type) : null;
    return conversion && type ? cast(call(conversion, [read]), nativeType(type)) : read;
  }

  private binary(op: string, left: Expr, right: Expr, paragraph: string): TsExpr {
    const l = this.emit(left, paragraph);
    const r = this.emit(right, paragraph);
    const exactly = isExact(this.facts.type(left)) || isExact(this.facts.type(right));
    switch (op) {
      case "and":
        return bin("&&", l, r);
      case "or":
        return bin("||", l, r);
      case "+":
      case "-":
      case "*":
      case "/":
        // Exact: whole numbers stay whole (and stop when too large), others are fractions.
        // Integers only add, subtract and multiply to integers: no fraction to look for, only a result beyond the safe integers.
        if (op !== "/" && isInteger(this.facts.type(left)) && isInteger(this.facts.type(right))) return call(rt("whole"), [bin(op, l, r), lit(paragraph)]);
        return call(rt(ARITHMETIC[op]), [l, r, lit(paragraph)]);
      case "==":
      case "!=": {
        let same: TsExpr;
        if (exactly && isNumeric(this.facts.type(left)) && isNumeric(this.facts.type(right))) same = call(rt("eq"), [l, r]);
        else if (isPrimitive(this.facts.type(left)) && isPrimitive(this.facts.type(right))) return bin(op === "==" ? "===" : "!==", l, r);
        else same = call(rt("sameValue"), [l, r]);
        return op === "==" ? same : not(same);
      }
      case "<":
      case "<=":
      case ">":
      case ">=":
        if (this.facts.type(left)?.kind === "odds") return bin(op, call(rt("compareOdds"), [l, r]), lit(0));
        if (exactly) return call(rt(COMPARE[op]), [l, r]);
        return bin(op, l, r);
      default:
        return bin(op, l, r);
    }
  }

  /** A number written in the rules: a whole number as is, a fraction as a module constant (0.5 is 1/2). */
  private number(value: number): TsExpr {
    const n = numberValue(value);
    if (typeof n === "number") return lit(n);
    const name = `num$${n.n < 0 ? "m" : ""}${Math.abs(n.n)}$${n.d}`;
    if (!this.constants.has(name)) this.constants.set(name, { type: "const", name, valueType: rtType("Num"), init: call(rt("fraction"), [lit(n.n), lit(n.d)]) });
    return id(name);
  }

  /** A comprehension becomes `each$N(s, …free variables)`, a function with one loop. */
  private aggregate(expr: AggregateExpr, paragraph: string): TsExpr {
    const name = `${this.owner}$each${++this.count}`;
    const free = freeLocals(expr, this.facts);
    const params: TsParam[] = [];
    for (const local of free) {
      params.push({ name: localName(local.name), type: nativeType(local.type) });
      params.push({ name: local.index, type: tRef("number") });
    }
    const listOf = this.facts.type(expr.list);
    const listType = listOf?.kind === "list" ? listOf.of : ({ kind: "any" } as Type);
    const i = loopIndex(expr.variable.name);
    const items = id("items");
    const captured = new Set<string>();
    this.captures.push(captured);
    const list = this.emit(expr.list, paragraph);
    const outer = this.loop;
    this.loop = nothingHoisted();
    const before = this.hoist(planLoop(expr, this.facts), i, paragraph);
    const item: TsStmt = { type: "const", name: localName(expr.variable.name), init: index(items, id(i)) };
    const test = expr.filter ? this.emit(expr.filter, paragraph) : null;
    const keep: TsStmt[] = test ? [{ type: "if", test: not(test), then: [{ type: "continue" }] }] : [];
    const value = expr.value ? this.emit(expr.value, paragraph) : lit(null);
    const loop = (body: TsStmt[], reverse = false): TsStmt => ({ type: "for", index: i, limit: member(items, "length"), body: [item, ...keep, ...body], reverse });
    // The loop's own result may be none (the call site knows better, and casts).
    const type = this.facts.type(expr);
    const returns = type ? nativeType(MAY_BE_NONE.has(expr.fn) ? { ...type, orNone: true } : type) : tRef("unknown");
    const kept = test && this.reads.kind === "locals" ? sortedSearch(expr, this.facts, this.reads.charts) : null;
    const body = loopBody(expr, { value, test, item, index: i, returns, kept, paragraph, loop }, this.facts);
    this.loop = outer;
    this.captures.pop();
    // The state, or the values the loop reads (in the order it first reads them).
    const reads: TsParam[] = this.reads.kind === "memoized"
      ? [{ name: "s", type: tRef("State") }]
      : [...captured].map((value) => ({ name: value, type: localType(this.reads as Extract<Reads, { kind: "locals" }>, value) }));
    // Values hoisted out of the loop are computed only when there is an item to loop over.
    const empty: TsStmt[] = before.length > 0 ? [{ type: "if", test: bin("===", member(items, "length"), lit(0)), then: [{ type: "return", value: emptyResult(expr.fn) }] }] : [];
    this.helpers.push({
      type: "function",
      name,
      params: [...reads, ...params],
      returns,
      body: [{ type: "const", name: "items", valueType: { type: "array", element: nativeType(listType), readonly: true }, init: list }, ...empty, ...before, ...body],
    });
    const values = this.reads.kind === "memoized" ? [S] : [...captured].map((value) => this.read(value));
    return call(id(name), [...values, ...free.flatMap((local) => [id(localName(local.name)), id(local.index)])]);
  }

  /** The statements before a comprehension's loop that compute what its plan hoists (plan-loops.ts), recorded in `this.loop`. */
  private hoist(plan: LoopPlan, loopIndex: string, paragraph: string): TsStmt[] {
    const statements: TsStmt[] = [];
    const constant = (init: TsExpr): TsExpr => {
      const name = `inv$${statements.length + 1}`;
      statements.push({ type: "const", name, init });
      return id(name);
    };
    for (const hoist of plan.hoisted) {
      if (hoist.kind === "value") {
        this.loop.values.set(hoist.expr, constant(this.emit(hoist.expr, paragraph)));
        continue;
      }
      const { lookup } = hoist;
      const row = constant(this.rowKey(lookup, paragraph));
      this.loop.rows.set(lookup, { row, index: constant(call(rt("rowOf"), [this.emit(lookup.object, paragraph), row])) });
    }
    for (const lookup of plan.columns) this.loop.columns.set(lookup, id(loopIndex));
    return statements;
  }

  /**
   * A list that is only read (indexed, or passed to a function that does not keep it):
   * `list(u.x for u in units)` of a per-unit value the straight-line function computed into an
   * array is that array, not a copy of it.
   */
  private readList(expr: Expr, paragraph: string): TsExpr {
    if (this.reads.kind !== "locals" || expr.type !== "Aggregate" || expr.fn !== "list" || expr.filter || expr.value?.type !== "Field") return this.emit(expr, paragraph);
    const { object } = expr.value;
    const elementLet = this.facts.elementLet(expr.value);
    const listBinding = expr.list.type === "Name" ? this.facts.binding(expr.list) : undefined;
    const list = listBinding?.kind === "input" ? listBinding.decl.name : null;
    const unit = object.type === "Name" ? this.facts.binding(object) : undefined;
    const ofUnit = unit?.kind === "local" && unit.index === loopIndex(expr.variable.name) && unit.list?.name === list;
    if (!elementLet || !list || !ofUnit) return this.emit(expr, paragraph);
    const name = elementName(list, elementLet.name);
    if (this.reads.scalars.has(name)) return this.emit(expr, paragraph);
    // Every unit's value is read, as by a comprehension: the array must be complete first, never a local of a loop.
    this.capturedAnywhere.add(name);
    this.capturedBy.get(this.owner)?.add(name) ?? this.capturedBy.set(this.owner, new Set([name]));
    return this.read(name);
  }

  private builtin(expr: CallExpr, paragraph: string): TsExpr {
    const args = expr.args.map((a) => this.readList(a, paragraph));
    const keys = (axis: "rows" | "columns") => {
      const arg = expr.args[0];
      const table = arg.type === "Name" ? this.facts.binding(arg) : undefined;
      if (table?.kind !== "table") throw new Error(`${expr.callee}() needs a table name`);
      return id(tableKeysName(table.decl.name, axis));
    };
    switch (expr.callee) {
      case "round":
        return call(rt(this.facts.type(expr.args[0])?.kind === "odds" ? "roundOdds" : "round"), args);
      case "floor":
        return call(rt("floor"), args);
      case "ceil":
        return call(rt("ceil"), args);
      case "abs":
        return call(rt("abs"), args);
      case "min":
      case "max":
        // Of integers, JavaScript's own (exact for whole numbers and "all"); otherwise exact comparison.
        if (expr.args.every((a) => isInteger(this.facts.type(a)))) return call(builtin("Math", expr.callee), args);
        return args.reduce((a, b) => call(rt(expr.callee), [a, b]));
      case "clamp":
        return call(rt("min"), [call(rt("max"), [args[0], args[1]]), args[2]]);
      case "halve":
        return call(rt("halve"), [args[0], lit(paragraph)]);
      case "quarter":
        return call(rt("quarter"), [args[0], lit(paragraph)]);
      case "columns":
        return keys("columns");
      case "rows":
        return keys("rows");
      case "column_header":
      case "row_header":
        return call(rt("header"), [args[0], lit(expr.callee === "row_header" ? "row" : "column"), args[1]]);
      case "first":
        return call(rt("firstItem"), [args[0]]);
      case "last":
        return call(rt("lastItem"), [args[0]]);
      case "count":
        return member(args[0], "length");
      case "position": {
        const arg = expr.args[0];
        const local = arg.type === "Name" ? this.facts.binding(arg) : undefined;
        if (local?.kind !== "local") throw new Error("position() needs a list variable");
        return bin("+", id(local.index), lit(1));
      }
      case "spread":
        return call(rt("spread"), args);
      case "along":
      case "past_ends":
        return call(rt(expr.callee === "along" ? "along" : "pastEnds"), [...args, lit(paragraph)]);
      default:
        throw new Error(`unknown function ${expr.callee} reached the emitter`);
    }
  }
}

function notInEngines(expr: Expr): never {
  throw new Error(`${expr.type} cannot appear in an engine expression`);
}

function localType(reads: Extract<Reads, { kind: "locals" }>, name: string): TsType {
  const type = reads.types.get(name);
  if (!type) throw new Error(`no type for the local ${name}`);
  return type;
}

/** What a comprehension computed before its loop, by the node each replaces. */
interface Hoisted {
  /** Values that do not change in the loop. */
  values: Map<Expr, TsExpr>;
  /** Chart rows found once, for lookups whose row does not change. */
  rows: Map<Lookup, { row: TsExpr; index: TsExpr }>;
  /** Lookups along the chart's own columns: the column's position is the loop index. */
  columns: Map<Lookup, TsExpr>;
}

function nothingHoisted(): Hoisted {
  return { values: new Map(), rows: new Map(), columns: new Map() };
}

/** What a comprehension's function does after making its list: the loop that finds its answer (`loop` wraps a body in the loop over the items), or the bisection its plan allows. */
function loopBody(
  expr: AggregateExpr,
  { value, test, item, index: i, returns, kept, paragraph, loop }: { value: TsExpr; test: TsExpr | null; item: TsStmt; index: string; returns: TsType; kept: "first" | "last" | null; paragraph: string; loop: (body: TsStmt[], reverse?: boolean) => TsStmt },
  facts: ExpressionFacts,
): TsStmt[] {
  const items = id("items");
  switch (expr.fn) {
    case "sum":
      return [{ type: "let", name: "total", valueType: returns, init: lit(0) }, loop([{ type: "expr", expr: assign(id("total"), call(rt("add"), [id("total"), value, lit(paragraph)])) }]), { type: "return", value: id("total") }];
    case "count":
      return [{ type: "let", name: "total", init: lit(0) }, loop([{ type: "expr", expr: assign(id("total"), bin("+", id("total"), lit(1))) }]), { type: "return", value: id("total") }];
    case "every":
      return [loop([{ type: "if", test: not(value), then: [{ type: "return", value: lit(false) }] }]), { type: "return", value: lit(true) }];
    case "some":
      return [loop([{ type: "if", test: value, then: [{ type: "return", value: lit(true) }] }]), { type: "return", value: lit(false) }];
    case "first":
    case "last":
      return [loop([{ type: "return", value }], expr.fn === "last"), { type: "return", value: lit(null) }];
    case "list": {
      // Without a filter the list has one value per item: made at that length, not grown one by one.
      const valueType = expr.value ? facts.type(expr.value) : undefined;
      const out = expr.filter ? { type: "array", items: [] } satisfies TsExpr : newExpr("Array", [member(items, "length")]);
      const add = expr.filter ? call(member(id("out"), "push"), [value]) : assign(index(id("out"), id(i)), value);
      return [{ type: "const", name: "out", valueType: { type: "array", element: valueType ? nativeType(valueType) : tRef("unknown") }, init: out }, loop([{ type: "expr", expr: add }]), { type: "return", value: id("out") }];
    }
    case "min":
    case "max": {
      if (kept && test) return bisect(kept, test, item, i);
      const kind = expr.value ? facts.type(expr.value)?.kind : undefined;
      const better =
        kind === "odds" ? bin(expr.fn === "min" ? "<" : ">", call(rt("compareOdds"), [id("v"), id("best")]), lit(0))
        : kind === "number" ? call(rt(expr.fn === "min" ? "lt" : "gt"), [id("v"), id("best")])
        : bin(expr.fn === "min" ? "<" : ">", id("v"), id("best"));
      return [
        { type: "let", name: "best", valueType: returns, init: lit(null) },
        loop([
          { type: "const", name: "v", init: value },
          { type: "if", test: bin("||", bin("===", id("best"), lit(null)), better), then: [{ type: "expr", expr: assign(id("best"), id("v")) }] },
        ]),
        { type: "return", value: id("best") },
      ];
    }
  }
}

/** The runtime's exact operations, by operator. */
const ARITHMETIC: Record<string, string> = { "+": "add", "-": "sub", "*": "mul", "/": "div" };
const COMPARE: Record<string, string> = { "<": "lt", "<=": "le", ">": "gt", ">=": "ge" };

/** Comprehensions whose loop gives none when nothing is kept. */
const MAY_BE_NONE = new Set<string>(["first", "last", "min", "max"]);

/**
 * The search of a sorted chart row (see `sortedSearch`): the columns the filter keeps are the
 * first ones (`max` answers the last of them) or the last ones (`min`, the first of them).
 * Bisects for where they end; each step tests one column, as the full scan would.
 */
function bisect(kept: "first" | "last", test: TsExpr, item: TsStmt, i: string): TsStmt[] {
  const items = id("items");
  const low = id("low");
  const high = id("high");
  const keptAt = assign(kept === "first" ? low : high, kept === "first" ? bin("+", id(i), lit(1)) : id(i));
  const notKeptAt = assign(kept === "first" ? high : low, kept === "first" ? id(i) : bin("+", id(i), lit(1)));
  return [
    { type: "comment", text: `Every row of the chart is non-decreasing along its columns (checked when compiled): the columns kept are the ${kept} ones.` },
    { type: "let", name: "low", init: lit(0) },
    { type: "let", name: "high", init: member(items, "length") },
    {
      type: "while",
      test: bin("<", low, high),
      body: [
        { type: "const", name: i, init: bin(">>>", bin("+", low, high), lit(1)) },
        item,
        { type: "if", test, then: [{ type: "expr", expr: keptAt }], otherwise: [{ type: "expr", expr: notKeptAt }] },
      ],
    },
    kept === "first"
      ? { type: "return", value: cond(bin("===", low, lit(0)), lit(null), index(items, bin("-", low, lit(1)))) }
      : { type: "return", value: cond(bin("===", low, member(items, "length")), lit(null), index(items, low)) },
  ];
}

/** What a comprehension gives over an empty list. */
function emptyResult(fn: AggregateExpr["fn"]): TsExpr {
  switch (fn) {
    case "sum":
    case "count":
      return lit(0);
    case "every":
      return lit(true);
    case "some":
      return lit(false);
    case "list":
      return { type: "array", items: [] };
    default:
      return lit(null);
  }
}

/** A `number` (not an `integer`): exact arithmetic, since it may be a fraction. */
function isExact(type: Type | undefined): boolean {
  return type?.kind === "number";
}

/** An `integer`: whole numbers (or "all"), never a fraction. */
function isInteger(type: Type | undefined): boolean {
  return type?.kind === "integer";
}

function isNumeric(type: Type | undefined): boolean {
  return type?.kind === "number" || type?.kind === "integer";
}

function isPrimitive(type: Type | undefined): boolean {
  return !type || PRIMITIVE.has(type.kind);
}
