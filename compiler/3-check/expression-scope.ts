import type { Session } from "../diagnostics/session.ts";
import type { DiceDecl, Expr, InputDecl, LetDecl, Loc, TableDecl } from "../language/ast.ts";
import type { Declared } from "../2-resolve/types.ts";
import type { Binding } from "../language/bindings.ts";
import type { EnumInfo, TableInfo, Type } from "../language/types.ts";

/** What expressions can refer to; lets are typed on demand (which also finds cycles). */
export interface Environment {
  session: Pick<Session, "report">;
  input(name: string): { type: Type; decl: InputDecl } | undefined;
  /** The definition a name written in `file` reads (see resolveLet), or the definitions it could mean; `chapter` qualifies it. */
  let(name: string, file: string, chapter?: string): { type: Type; decl: LetDecl; key: string } | { ambiguous: Declared<LetDecl>[] } | undefined;
  /** Whether a word is a chapter's qualifier (`ch9` of `ch9.column_shift`), and a file's. */
  isChapter(word: string): boolean;
  chapterOf(file: string): string;
  /** Reports a name two other chapters define (HX0212). */
  ambiguous(name: string, defined: Declared<LetDecl>[], file: string, loc: Loc): void;
  elementLet(list: string, name: string): { type: Type; decl: LetDecl } | undefined;
  elementLetNames(list: string): string[];
  dice(name: string): DiceDecl | undefined;
  table(name: string): { info: TableInfo; decl: TableDecl } | undefined;
  enumsWithMember(name: string): EnumInfo[];
  /**
   * The type of the input or definition a name written in `file` reads, if it has one
   * already known or typed without a cycle (a definition being typed has none yet).
   */
  valueType(name: string, file: string): Type | undefined;
  /** A declared `enum name …` (whose members can be written `name.member`). */
  enumNamed(name: string): EnumInfo | undefined;
  globalNames(): string[];
}

export type Local = Extract<Binding, { kind: "local" }>;

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
 * `result.exploit` → "result.exploit", `ranges[s, re].up_to` → "ranges[s,re].up_to" (a chart cell
 * read with names is the same cell each time it is read); other expressions have no stable key.
 */
export function pathKey(expr: Expr): string | null {
  if (expr.type === "Name") return expr.name;
  if (expr.type === "Field") {
    const inner = pathKey(expr.object);
    return inner ? `${inner}.${expr.field}` : null;
  }
  if (expr.type === "Lookup") {
    const [table, row, column] = [pathKey(expr.object), expr.row2 ? pairKey(expr.row, expr.row2) : pathKey(expr.row), pathKey(expr.column)];
    return table && row && column ? `${table}[${row},${column}]` : null;
  }
  return null;
}

function pairKey(first: Expr, second: Expr): string | null {
  const [a, b] = [pathKey(first), pathKey(second)];
  return a && b ? `(${a},${b})` : null;
}

/** The paths a condition proves not none when it is true (or when false, for `whenTrue = false`). */
export function narrowing(test: Expr, whenTrue: boolean): string[] {
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

export function withFacts(scope: Scope, keys: string[]): Scope {
  if (keys.length === 0) return scope;
  return { ...scope, nonNone: new Set([...scope.nonNone, ...keys]) };
}

/** In `x == none`, x itself must keep its `| none`. */
export function withoutNarrowing(scope: Scope, expr: Expr): Scope {
  const key = pathKey(expr);
  if (!key || !scope.nonNone.has(key)) return scope;
  const nonNone = new Set(scope.nonNone);
  nonNone.delete(key);
  return { ...scope, nonNone };
}
