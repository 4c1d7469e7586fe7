import type { Session } from "../diagnostics/session.ts";
import type { ExceptionDecl, InputDecl, LetDecl, Loc, TableDecl } from "../language/ast.ts";
import { ANY, BOOLEAN, describe, join, type EnumInfo, type TableInfo, type Type } from "../language/types.ts";
import { placeIn, type Declared, type Symbols } from "../2-resolve/types.ts";
import { ExpressionChecker, rootScope, type Environment, type Scope } from "./check-expression.ts";
import type { TypeResolver } from "./resolve-types.ts";
import { loopIndex } from "../language/bindings.ts";
import { isChapter, reportAmbiguous, resolveLet } from "../2-resolve/scoped-names.ts";

/**
 * Thrown out of the check of a definition that reached another not typed yet: that one is
 * typed first, and the check is made again (see `letType`).
 */
class NotTypedYet {
  readonly declared: Declared<LetDecl>;
  constructor(declared: Declared<LetDecl>) {
    this.declared = declared;
  }
}

/** What a check of a definition reports, kept until the check is made to the end (an interrupted one says nothing). */
class Reports {
  private readonly calls: Parameters<Session["report"]>[] = [];
  report(...call: Parameters<Session["report"]>): void {
    this.calls.push(call);
  }
  replay(session: Session): void {
    for (const call of this.calls) session.report(...call);
  }
}

/**
 * Types every definition of an edition. Lets are typed on demand, in whatever
 * order expressions reach them; reaching a let that is being typed is a cycle.
 * A chain of definitions each reading the next is typed without recursion: the
 * lets waiting for another are kept on a stack of their own (`letType`).
 */
export class Definitions implements Environment {
  readonly checker: ExpressionChecker;
  private readonly inputTypes = new Map<string, Type>();
  private readonly letTypes = new Map<LetDecl, Type>();
  /** Lets whose check was made to the end. */
  private readonly checked = new Set<LetDecl>();
  /** The lets being typed, each waiting for the one above it. */
  private readonly inProgress: Declared<LetDecl>[] = [];
  private readonly waiting = new Set<LetDecl>();
  private readonly scopes = new Map<LetDecl, Scope>();
  /** Where the check being made reports: kept until it is made to the end. */
  private reports: Reports | null = null;
  private readonly tableInfos = new Map<string, TableInfo>();
  private memberIndex?: { size: number; byMember: Map<string, EnumInfo[]> };

  readonly symbols: Symbols;
  readonly types: TypeResolver;
  private readonly edition: Session;

  /** The exceptions of each definition that has some, in the order an engine tries them. */
  private readonly exceptions: ReadonlyMap<LetDecl, { ordered: Declared<ExceptionDecl>[] }>;

  constructor(symbols: Symbols, types: TypeResolver, session: Session, exceptions: ReadonlyMap<LetDecl, { ordered: Declared<ExceptionDecl>[] }> = new Map()) {
    this.exceptions = exceptions;
    this.symbols = symbols;
    this.types = types;
    this.edition = session;
    this.checker = new ExpressionChecker(this);
  }

  /** Where expressions report: the check of a definition under way, or else the edition's session. */
  get session(): Pick<Session, "report"> {
    return this.reports ?? this.edition;
  }

  /** An input as expressions read it: a value left out (`| unknown`) stops the reading, so it is never absent. */
  input(name: string) {
    const declared = this.symbols.inputs.get(name);
    if (!declared) return undefined;
    const { orUnknown: _, ...type } = this.inputType(name, declared);
    return { type: type as Type, decl: declared.decl };
  }

  inputType(name: string, declared: Declared<InputDecl>): Type {
    let type = this.inputTypes.get(name);
    if (!type) {
      type = this.types.resolve(declared.decl.valueType, declared.file, name, true);
      this.inputTypes.set(name, type);
    }
    return type;
  }

  let(name: string, file: string, chapter?: string) {
    const found = resolveLet(this.symbols, name, file, chapter);
    if (!found) return undefined;
    if ("ambiguous" in found) return found;
    return { type: this.letType(found.declared), decl: found.declared.decl, key: found.key };
  }

  valueType(name: string, file: string): Type | undefined {
    const input = this.input(name);
    if (input) return input.type;
    const found = resolveLet(this.symbols, name, file);
    if (!found || "ambiguous" in found || this.waiting.has(found.declared.decl)) return undefined;
    return this.letType(found.declared);
  }

  isChapter(word: string): boolean {
    return isChapter(this.symbols, word);
  }

  chapterOf(file: string): string {
    return this.symbols.chapters.get(file) ?? "";
  }

  ambiguous(name: string, defined: Declared<LetDecl>[], file: string, loc: Loc): void {
    reportAmbiguous(this.session, this.symbols, name, defined, file, loc);
  }

  elementLet(list: string, name: string) {
    const declared = this.symbols.elementLets.get(list)?.get(name);
    if (!declared) return undefined;
    return { type: this.letType(declared), decl: declared.decl };
  }

  elementLetNames(list: string): string[] {
    return [...(this.symbols.elementLets.get(list)?.keys() ?? [])];
  }

  dice(name: string) {
    return this.symbols.dice.get(name)?.decl;
  }

  table(name: string) {
    const declared = this.symbols.tables.get(name);
    if (!declared) return undefined;
    let info = this.tableInfos.get(name);
    if (!info) {
      const { decl, file } = declared;
      info = {
        name,
        partial: decl.partial,
        ...this.rowKeys(decl, file),
        columnKey: this.types.resolve(decl.columns.keyType, file, `${name}_columns`),
        cell: this.types.resolve(decl.cells, file, `${name}_cells`),
      };
      this.tableInfos.set(name, info);
    }
    return { info, decl: declared.decl };
  }

  /**
   * The row key of a table; rows keyed by two columns (`rows: (hex_status, terrain)`) are keyed by
   * the pairs of their two enums' members, each row one member `first/second` of an enum of pairs.
   */
  private rowKeys(decl: TableDecl, file: string): Pick<TableInfo, "rowKey" | "rowPair"> {
    const rowKey = this.types.resolve(decl.rows.keyType, file, `${decl.name}_rows`);
    if (!decl.rows.second) return { rowKey };
    const secondKey = this.types.resolve(decl.rows.second.keyType, file, `${decl.name}_rows_second`);
    const keys = [[rowKey, "the first"], [secondKey, "the second"]] as const;
    for (const [type, which] of keys) {
      if (type.kind !== "enum" && type.kind !== "any") this.edition.report("HX0422", { table: decl.name, which, type: describe(type) }, placeIn(file, decl.rows.loc));
    }
    if (rowKey.kind !== "enum" || secondKey.kind !== "enum") return { rowKey: ANY };
    const [first, second] = [rowKey.info, secondKey.info];
    const members = first.members.flatMap((a) => second.members.map((b) => ({ name: `${a.name}/${b.name}`, label: `${a.label}, ${b.label}` })));
    return { rowKey: { kind: "enum", info: { name: `${decl.name}_rows`, label: `${first.label}, ${second.label}`, members } }, rowPair: [first, second] };
  }

  enums(): EnumInfo[] {
    return [...this.types.enums.values(), ...this.types.inlineEnums];
  }

  /** The enums with a member of this name (indexed once per set of enums, not searched per name). */
  enumsWithMember(name: string): EnumInfo[] {
    const size = this.types.enums.size + this.types.inlineEnums.length;
    if (this.memberIndex?.size !== size) {
      const byMember = new Map<string, EnumInfo[]>();
      for (const info of this.enums()) for (const member of new Set(info.members.map((m) => m.name))) byMember.set(member, [...(byMember.get(member) ?? []), info]);
      this.memberIndex = { size, byMember };
    }
    return this.memberIndex.byMember.get(name) ?? [];
  }

  enumNamed(name: string): EnumInfo | undefined {
    return this.types.enums.get(name);
  }

  globalNames(): string[] {
    const s = this.symbols;
    return [...s.inputs.keys(), ...s.letKeys.keys(), ...s.dice.keys(), ...s.tables.keys()];
  }

  /**
   * The type of a let, checking its expression the first time it is asked for. Asked for by
   * the check of another let, it is known, or a cycle (it is being typed below), or not typed
   * yet: that check stops, this let is typed first, and the check is made again.
   */
  letType(declared: Declared<LetDecl>): Type {
    const { decl, file } = declared;
    const known = this.letTypes.get(decl);
    if (known) return known;
    if (this.waiting.has(decl)) {
      const path = [...this.inProgress.slice(this.inProgress.findIndex((d) => d.decl === decl)), declared].map((d) => d.decl.name);
      this.edition.report("HX0305", { name: decl.name, path: shortPath(path) }, placeIn(file, decl.nameLoc));
      this.letTypes.set(decl, ANY);
      return ANY;
    }
    if (this.inProgress.length > 0) throw new NotTypedYet(declared);
    this.typeInOrder(declared);
    return this.letTypes.get(decl)!;
  }

  /** Types a let and, first, every let its check finds untyped, waiting on a stack instead of in recursion. */
  private typeInOrder(first: Declared<LetDecl>): void {
    this.inProgress.push(first);
    this.waiting.add(first.decl);
    while (this.inProgress.length > 0) {
      const declared = this.inProgress.at(-1)!;
      const { decl } = declared;
      if (this.checked.has(decl)) {
        this.inProgress.pop();
        this.waiting.delete(decl);
        continue;
      }
      const scope = this.scopeOf(declared);
      const reports = (this.reports = new Reports());
      try {
        let type = this.checker.check(decl.value, scope);
        for (const exception of this.exceptions.get(decl)?.ordered ?? []) type = this.exceptionType(exception, decl.name, type);
        this.checked.add(decl);
        if (!this.letTypes.has(decl)) this.letTypes.set(decl, type);
        this.inProgress.pop();
        this.waiting.delete(decl);
        this.reports = null;
        reports.replay(this.edition);
      } catch (error) {
        this.reports = null;
        if (!(error instanceof NotTypedYet)) throw error;
        this.inProgress.push(error.declared);
        this.waiting.add(error.declared.decl);
      }
    }
  }

  /** Checks an exception in its own paragraph's file: a yes/no condition, and a value of the definition's type (the two joined). */
  private exceptionType({ decl, file }: Declared<ExceptionDecl>, name: string, type: Type): Type {
    const scope = rootScope(file);
    this.checker.expect(decl.condition, scope, BOOLEAN, `The condition of an exception to \`${name}\``, "an exception's condition is a yes/no condition");
    const value = this.checker.check(decl.value, scope, type);
    const joined = join(type, value);
    if (!joined) {
      this.session.report("HX0301", { what: `The value of an exception to \`${name}\``, expected: describe(type), actual: describe(value), hint: "an exception gives the definition another value of the same kind" }, placeIn(file, decl.value.loc));
      return type;
    }
    return joined;
  }

  /** A per-element let sees its variable bound to an element of the list it ranges over (worked out once per let). */
  scopeOf(declared: Declared<LetDecl>): Scope {
    let scope = this.scopes.get(declared.decl);
    if (!scope) this.scopes.set(declared.decl, (scope = this.declaredScope(declared)));
    return scope;
  }

  private declaredScope(declared: Declared<LetDecl>): Scope {
    const scope = rootScope(declared.file);
    const each = declared.decl.each;
    if (!each) return scope;
    const list = each.list?.type === "Name" ? this.symbols.inputs.get(each.list.name) : undefined;
    const listType = list ? this.inputType(list.decl.name, list) : undefined;
    const variable = each.variable?.name ?? each.element?.name ?? "it";
    if (each.element && each.variable && each.element.name !== each.variable.name) {
      this.edition.report("HX0203", { name: each.element.name, hint: `the element is called \`${each.variable.name}\` in \`for ${each.variable.name} in …\`` }, placeIn(declared.file, each.element.nameLoc));
    }
    if (!list || listType?.kind !== "list" || listType.of.kind !== "record") {
      const where = each.list ?? declared.decl;
      this.edition.report("HX0210", { variable, list: each.list?.type === "Name" ? each.list.name : "…" }, placeIn(declared.file, where.loc));
      scope.locals.set(variable, { kind: "local", name: variable, type: ANY, index: loopIndex(variable) });
      return scope;
    }
    scope.locals.set(variable, { kind: "local", name: variable, type: listType.of, list: list.decl, index: loopIndex(variable) });
    return scope;
  }

  /** Types everything declared, so that unused definitions are checked too. */
  checkAll(): void {
    for (const [name, declared] of this.symbols.inputs) this.inputType(name, declared);
    for (const declared of this.symbols.lets.values()) this.letType(declared);
    for (const scope of this.symbols.elementLets.values()) for (const declared of scope.values()) this.letType(declared);
    for (const name of this.symbols.tables.keys()) this.table(name);
    for (const { decl, file } of this.symbols.requirements.values()) {
      this.checker.expect(decl.condition, rootScope(file), BOOLEAN, `The condition of requirement \`${decl.name}\``, "a requirement is a yes/no condition");
    }
  }

  typeOfLetDecl(decl: LetDecl): Type {
    return this.letTypes.get(decl) ?? ANY;
  }
}

/** A cycle as its names, `a → b → a`; a long one with its middle left out. */
function shortPath(names: string[]): string {
  if (names.length <= 12) return names.join(" → ");
  return [...names.slice(0, 6), `… (${names.length - 9} more) …`, ...names.slice(-3)].join(" → ");
}
