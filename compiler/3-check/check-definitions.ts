import type { Session } from "../diagnostics/session.ts";
import type { InputDecl, LetDecl } from "../language/ast.ts";
import { ANY, BOOLEAN, type EnumInfo, type TableInfo, type Type } from "../language/types.ts";
import { placeIn, type Declared, type Symbols } from "../2-resolve/types.ts";
import { ExpressionChecker, rootScope, type Environment, type Scope } from "./check-expression.ts";
import type { TypeResolver } from "./resolve-types.ts";
import { loopIndex } from "../language/bindings.ts";

/**
 * Types every definition of an edition. Lets are typed on demand, in whatever
 * order expressions reach them; reaching a let that is being typed is a cycle.
 */
export class Definitions implements Environment {
  readonly checker: ExpressionChecker;
  private readonly inputTypes = new Map<string, Type>();
  private readonly letTypes = new Map<LetDecl, Type>();
  private readonly inProgress: LetDecl[] = [];
  private readonly tableInfos = new Map<string, TableInfo>();
  private memberIndex?: { size: number; byMember: Map<string, EnumInfo[]> };

  readonly symbols: Symbols;
  readonly types: TypeResolver;
  readonly session: Session;

  constructor(symbols: Symbols, types: TypeResolver, session: Session) {
    this.symbols = symbols;
    this.types = types;
    this.session = session;
    this.checker = new ExpressionChecker(this);
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

  let(name: string) {
    const declared = this.symbols.lets.get(name);
    if (!declared) return undefined;
    return { type: this.letType(declared), decl: declared.decl };
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
        rowKey: this.types.resolve(decl.rows.keyType, file, `${name}_rows`),
        columnKey: this.types.resolve(decl.columns.keyType, file, `${name}_columns`),
        cell: this.types.resolve(decl.cells, file, `${name}_cells`),
      };
      this.tableInfos.set(name, info);
    }
    return { info, decl: declared.decl };
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

  globalNames(): string[] {
    const s = this.symbols;
    return [...s.inputs.keys(), ...s.lets.keys(), ...s.dice.keys(), ...s.tables.keys()];
  }

  /** The type of a let, checking its expression the first time it is asked for. */
  letType(declared: Declared<LetDecl>): Type {
    const { decl, file } = declared;
    const known = this.letTypes.get(decl);
    if (known) return known;
    if (this.inProgress.includes(decl)) {
      const path = [...this.inProgress.slice(this.inProgress.indexOf(decl)), decl].map((d) => d.name).join(" → ");
      this.session.report("HX0305", { name: decl.name, path }, placeIn(file, decl.nameLoc));
      this.letTypes.set(decl, ANY);
      return ANY;
    }
    this.inProgress.push(decl);
    const type = this.checker.check(decl.value, this.scopeOf(declared));
    this.inProgress.pop();
    if (!this.letTypes.has(decl)) this.letTypes.set(decl, type);
    return this.letTypes.get(decl)!;
  }

  /** A per-element let sees its variable bound to an element of the list it ranges over. */
  scopeOf(declared: Declared<LetDecl>): Scope {
    const scope = rootScope(declared.file);
    const each = declared.decl.each;
    if (!each) return scope;
    const list = each.list?.type === "Name" ? this.symbols.inputs.get(each.list.name) : undefined;
    const listType = list ? this.inputType(list.decl.name, list) : undefined;
    const variable = each.variable?.name ?? each.element?.name ?? "it";
    if (each.element && each.variable && each.element.name !== each.variable.name) {
      this.session.report("HX0203", { name: each.element.name, hint: `the element is called \`${each.variable.name}\` in \`for ${each.variable.name} in …\`` }, placeIn(declared.file, each.element.nameLoc));
    }
    if (!list || listType?.kind !== "list" || listType.of.kind !== "record") {
      const where = each.list ?? declared.decl;
      this.session.report("HX0210", { variable, list: each.list?.type === "Name" ? each.list.name : "…" }, placeIn(declared.file, where.loc));
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
