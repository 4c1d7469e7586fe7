import type { CompileResult } from "../compile.ts";
import type { CheckedEdition, Citation } from "../3-check/types.ts";
import type { Declared } from "../2-resolve/types.ts";
import { placeIn } from "../2-resolve/types.ts";
import { resolveLet } from "../2-resolve/scoped-names.ts";
import type { Place } from "../diagnostics/diagnostic.ts";
import type {
  BindingClause, Cite, DiceDecl, Expr, NameRef, FieldAccess, InputDecl, LetDecl, Loc, ProcedureDecl, Statement, TypeExpr,
} from "../language/ast.ts";
import type { Binding } from "../language/bindings.ts";
import { children } from "../language/visit.ts";
import { describe, type EnumInfo, type Type } from "../language/types.ts";

/** What a word of a rules block stands for: where it is defined, and what hovering on it says (Markdown). */
export interface Meaning {
  /** What it is: `input`, `definition`, `member`, `field`, `paragraph`, `chart`, … */
  kind: string;
  name: string;
  /** Where it is defined: the name in its declaration, the paragraph, the chart; none for a rounding mode. */
  place?: Place;
  hover: string;
  /** Its type, for completing what may follow it (`u.` → fields; `terrain ==` → members). */
  type?: Type;
}

/** A word of a file and what it stands for. */
export interface Occurrence {
  loc: Loc;
  meaning: Meaning;
}

/**
 * Every name, member, field, paragraph citation and chart id written in the rules blocks of
 * the corpus, with what the checked model says it stands for — the facts phase 3 recorded
 * (what each name in an expression is bound to, each expression's type) and the symbols of
 * phase 2, never the text read again. A document an edition takes from the edition it extends
 * is indexed with the first edition that has it.
 */
export class NameIndex {
  /** The occurrences in each file, in the order they are met. */
  readonly files = new Map<string, Occurrence[]>();
  /** The edition each indexed file belongs to (for completion). */
  readonly editions = new Map<string, CheckedEdition>();

  constructor(result: Pick<CompileResult, "editions">) {
    for (const edition of result.editions) {
      const fresh = [edition.resolved.edition.file, ...edition.resolved.edition.documents.map((d) => d.file)].filter((file) => !this.editions.has(file));
      for (const file of fresh) this.editions.set(file, edition);
      new EditionWalk(edition, new Set(fresh), this.files).run();
    }
  }

  /** The occurrence under a 1-based line and column of a file, if any. */
  at(file: string, line: number, column: number): Occurrence | undefined {
    let best: Occurrence | undefined;
    for (const occurrence of this.files.get(file) ?? []) {
      if (!contains(occurrence.loc, line, column)) continue;
      if (!best || span(occurrence.loc) <= span(best.loc)) best = occurrence;
    }
    return best;
  }

  /**
   * The type of a name as last written before a line of a file (or after it, or in another file of
   * its edition): for completing `u.` or `terrain ==` where the line being typed has not been checked.
   */
  typeOf(file: string, name: string, line: number): Type | undefined {
    let found: Type | undefined;
    for (const { loc, meaning } of this.files.get(file) ?? []) {
      if (meaning.name !== name || !meaning.type) continue;
      if (loc.start.line <= line || found === undefined) found = meaning.type;
    }
    if (found) return found;
    const edition = this.editions.get(file);
    for (const [other, occurrences] of this.files) {
      if (other === file || this.editions.get(other) !== edition) continue;
      const named = occurrences.find((o) => o.meaning.name === name && o.meaning.type);
      if (named) return named.meaning.type;
    }
    return undefined;
  }
}

function contains(loc: Loc, line: number, column: number): boolean {
  const after = line > loc.start.line || (line === loc.start.line && column >= loc.start.column);
  const before = line < loc.end.line || (line === loc.end.line && column <= loc.end.column);
  return after && before;
}

const span = (loc: Loc) => (loc.end.line - loc.start.line) * 10_000 + loc.end.column - loc.start.column;

/** Builds the meanings of one edition's names and records where its files write them. */
class EditionWalk {
  private readonly edition: CheckedEdition;
  private readonly files: ReadonlySet<string>;
  private readonly out: Map<string, Occurrence[]>;
  /** Where each declaration is written. */
  private readonly fileOf = new Map<object, string>();
  private readonly cache = new Map<object, Meaning>();
  private file = "";

  constructor(edition: CheckedEdition, files: ReadonlySet<string>, out: Map<string, Occurrence[]>) {
    this.edition = edition;
    this.files = files;
    this.out = out;
    const s = edition.resolved.symbols;
    const declared: Iterable<Declared<object>>[] = [
      s.inputs.values(), s.records.values(), s.enums.values(), s.notations.values(), s.lets.values(), s.requirements.values(),
      s.dice.values(), s.tables.values(), s.procedures.values(), [...s.elementLets.values()].flatMap((m) => [...m.values()]),
    ];
    for (const group of declared) for (const { decl, file } of group) this.fileOf.set(decl, file);
  }

  run(): void {
    for (const document of this.edition.resolved.edition.documents) {
      if (!this.files.has(document.file)) continue;
      this.file = document.file;
      for (const block of document.blocks) for (const statement of block.ast?.statements ?? []) this.statement(statement);
    }
  }

  private add(loc: Loc, meaning: Meaning | undefined): void {
    if (!meaning) return;
    let list = this.out.get(this.file);
    if (!list) this.out.set(this.file, (list = []));
    list.push({ loc, meaning });
  }

  private get symbols() {
    return this.edition.resolved.symbols;
  }

  // ─── Statements ─────────────────────────────────────────────────────────────

  private statement(statement: Statement): void {
    const cite = (c: Cite | null | undefined): void => {
      if (c) this.add(c.loc, this.paragraph(c.id));
    };
    switch (statement.type) {
      case "Input":
        this.add(statement.nameLoc, this.input(statement));
        this.typeExpr(statement.valueType, statement.name);
        if (statement.defaultValue) this.expression(statement.defaultValue);
        return cite(statement.cite);
      case "Let":
        this.add(statement.nameLoc, this.let(statement));
        if (statement.each?.list) this.expression(statement.each.list);
        this.expression(statement.value);
        cite(statement.cite);
        for (const branch of statement.branches ?? []) cite(branch.cite);
        return;
      case "Exception": {
        const target = this.letNamed(statement.target.name);
        this.add(statement.target.nameLoc, target);
        this.expression(statement.condition);
        this.expression(statement.value);
        return cite(statement.cite);
      }
      case "Require":
        this.add(statement.nameLoc, this.declaration("requirement", statement.name, statement, `${statement.message.text}`, statement.cite?.id));
        this.expression(statement.condition);
        return cite(statement.cite);
      case "Dice":
        this.add(statement.nameLoc, this.dice(statement));
        return cite(statement.cite);
      case "Enum":
        this.add(statement.nameLoc, this.enumType(statement.name));
        for (const member of statement.members) this.add(member.nameLoc, this.member(this.enumInfo(statement.name), member.name));
        return;
      case "Record":
        this.add(statement.nameLoc, this.declaration("record", statement.name, statement, statement.label?.text ?? ""));
        for (const field of statement.fields) {
          this.add(field.nameLoc, this.field(statement.name, field.name));
          this.typeExpr(field.valueType, field.name);
          if (field.defaultValue) this.expression(field.defaultValue);
        }
        return;
      case "Notation":
        this.add(statement.nameLoc, this.declaration("notation", statement.name, statement, statement.label?.text ?? ""));
        for (const field of statement.fields) this.typeExpr(field.valueType, field.name);
        return;
      case "Table": {
        this.add(statement.nameLoc, this.table(statement.name));
        this.add(statement.chart.id.loc, this.chart(statement.chart.id.text));
        const model = this.edition.tables.get(statement.name);
        for (const [spec, keyType] of [[statement.rows, model?.rowType], [statement.columns, model?.columnType]] as const) {
          this.typeExpr(spec.keyType, statement.name);
          for (const alias of spec.aliases) this.add(alias.nameLoc, keyType?.kind === "enum" ? this.member(keyType.info, alias.name) : undefined);
        }
        this.typeExpr(statement.cells, statement.name);
        const cellType = model?.cellType;
        for (const alias of statement.cellAliases) this.add(alias.nameLoc, cellType?.kind === "enum" ? this.member(cellType.info, alias.name) : undefined);
        return cite(statement.cite);
      }
      case "Procedure":
        this.add(statement.nameLoc, this.procedure(statement));
        this.procedureClauses(statement);
        return cite(statement.cite);
      case "Example": {
        const procedure = this.symbols.procedures.get(statement.procedure.name);
        this.add(statement.procedure.nameLoc, procedure && this.procedure(procedure.decl));
        cite(statement.cite);
        for (const clause of statement.clauses) {
          if (clause.type === "ExampleBindings") {
            for (const binding of clause.bindings) this.exampleBinding(statement.procedure.name, clause.kind, binding);
          } else {
            for (const expectation of clause.expectations) {
              if (expectation.type === "ExpectAllowed") continue;
              const meaning = this.procedureName(statement.procedure.name, expectation.name.name);
              this.add(expectation.name.nameLoc, meaning);
              if (expectation.type === "ExpectValue") this.value(expectation.value, meaning?.type);
            }
          }
        }
        return;
      }
    }
  }

  /** A type written in a declaration: named types are their declarations; an inline enum's members are its own. */
  private typeExpr(written: TypeExpr, inlineName: string): void {
    const named = written.ref ?? written.of;
    if (named) this.add(named.nameLoc, this.typeNamed(named.name));
    if (!written.members?.length) return;
    const info = [...this.inlineMembers()].find(([, places]) => written.members!.some((m) => places.get(m.name)?.start === m.nameLoc.start))?.[0];
    for (const member of written.members) this.add(member.nameLoc, this.member(info ?? this.enumInfo(inlineName), member.name));
  }

  private procedureClauses(decl: ProcedureDecl): void {
    for (const clause of decl.clauses) {
      const names: NameRef[] =
        clause.type === "With" ? clause.bindings.map((b) => b.name)
        : clause.type === "Summary" ? clause.parts.flatMap((p) => [...p.items.flatMap((i) => (i.type === "SummaryValue" ? [i.name] : [])), ...(p.condition ? [p.condition] : [])])
        : clause.names;
      for (const name of names) this.add(name.nameLoc, this.procedureName(decl.name, name.name));
      if (clause.type === "With") for (const binding of clause.bindings) this.expression(binding.value);
    }
  }

  /** `given terrain = open`, `dice combat_roll = 7`, `assume odds = …`: the name is the procedure's, the value is read as its type. */
  private exampleBinding(procedure: string, kind: "given" | "dice" | "assume", binding: BindingClause): void {
    const meaning = kind === "dice" ? this.diceNamed(binding.name.name) : this.procedureName(procedure, binding.name.name);
    this.add(binding.name.nameLoc, meaning);
    this.value(binding.value, meaning?.type);
  }

  /** A value written in an example: enum members and record fields are those of the type it is read as. */
  private value(value: Expr, type: Type | undefined): void {
    if (!type) return;
    if (value.type === "Name" && type.kind === "enum") this.add(value.nameLoc, this.member(type.info, value.name));
    else if (value.type === "List" && type.kind === "list") for (const item of value.items) this.value(item, type.of);
    else if (value.type === "Set" && type.kind === "enum") for (const item of value.items) this.value(item, type);
    else if (value.type === "RecordLiteral" && (type.kind === "record" || type.kind === "notation")) {
      for (const entry of value.entries) {
        const field = type.info.fields.find((f) => f.name === entry.name);
        this.add(entry.nameLoc, this.field(type.info.name, entry.name));
        this.value(entry.value, field?.type);
      }
    }
  }

  // ─── Expressions ────────────────────────────────────────────────────────────

  /** Every name and field of an expression, as the checker bound them. */
  private expression(root: Expr): void {
    const facts = this.edition.facts;
    const stack: Expr[] = [root];
    while (stack.length > 0) {
      const expr = stack.pop()!;
      if (expr.type === "Name") {
        const binding = facts.binding(expr);
        this.add(expr.nameLoc, binding ? this.bound(binding, facts.type(expr)) : this.unbound(expr.name));
      } else if (expr.type === "Field") {
        this.add(expr.fieldLoc, this.fieldAccess(expr));
      }
      stack.push(...children(expr));
    }
  }

  private bound(binding: Binding, type: Type | undefined): Meaning | undefined {
    switch (binding.kind) {
      case "input":
        return this.input(binding.decl);
      case "let":
        return this.let(binding.decl);
      case "dice":
        return this.dice(binding.decl);
      case "table":
        return this.table(binding.decl.name);
      case "member":
        return this.member(binding.info, binding.member);
      case "rounding":
        return { kind: "rounding mode", name: binding.mode, hover: `rounding mode \`${binding.mode}\`` };
      case "local":
        return { kind: "variable", name: binding.name, type: type ?? binding.type, hover: code(`${binding.name}: ${typeText(type ?? binding.type)}`) };
    }
  }

  /** A name the checker did not bind (an expression it did not reach): what the edition declares by that name. */
  private unbound(name: string): Meaning | undefined {
    const input = this.symbols.inputs.get(name);
    if (input) return this.input(input.decl);
    return this.letNamed(name) ?? this.diceNamed(name) ?? (this.symbols.tables.has(name) ? this.table(name) : undefined);
  }

  private fieldAccess(expr: FieldAccess): Meaning | undefined {
    const facts = this.edition.facts;
    const binding = facts.binding(expr);
    if (binding) return this.bound(binding, facts.type(expr));
    const element = facts.elementLet(expr);
    if (element) return this.let(element);
    const object = facts.type(expr.object);
    const record = object?.kind === "list" ? object.of : object;
    if (record?.kind === "record" || record?.kind === "notation") return this.field(record.info.name, expr.field);
    return undefined;
  }

  // ─── Meanings ───────────────────────────────────────────────────────────────

  private once(key: object, make: () => Meaning | undefined): Meaning | undefined {
    if (!this.cache.has(key)) {
      const made = make();
      if (!made) return undefined;
      this.cache.set(key, made);
    }
    return this.cache.get(key);
  }

  private declaredAt(decl: { nameLoc: Loc }): Place | undefined {
    const file = this.fileOf.get(decl);
    return file === undefined ? undefined : placeIn(file, decl.nameLoc);
  }

  private input(decl: InputDecl): Meaning | undefined {
    return this.once(decl, () => {
      const model = this.edition.procedures.flatMap((p) => [...p.inputs, ...p.fixedInputs]).find((i) => i.decl === decl);
      const type = model?.type;
      return {
        kind: "input",
        name: decl.name,
        place: this.declaredAt(decl),
        type,
        hover: hover(`input ${decl.name}${type ? `: ${typeText(type)}` : ""}`, model?.label ?? decl.label?.text, model?.description ?? decl.description?.text, model?.citation),
      };
    });
  }

  private let(decl: LetDecl): Meaning | undefined {
    return this.once(decl, () => {
      const model = this.edition.procedures.flatMap((p) => p.lets).find((l) => l.decl === decl);
      const type = model?.type ?? this.edition.facts.type(decl.value);
      const citation = model?.citation ?? (decl.cite ? this.citation(decl.cite.id, decl.quote?.text) : undefined);
      return {
        kind: "definition",
        name: decl.name,
        place: this.declaredAt(decl),
        type,
        hover: hover(`let ${model?.key ?? decl.name}${type ? `: ${typeText(type)}` : ""}`, model?.label ?? decl.label?.text, undefined, citation),
      };
    });
  }

  private letNamed(name: string): Meaning | undefined {
    const found = resolveLet(this.symbols, name, this.file);
    return found && "key" in found ? this.let(found.declared.decl) : undefined;
  }

  private dice(decl: DiceDecl): Meaning | undefined {
    return this.once(decl, () => {
      const model = this.edition.procedures.flatMap((p) => p.dice).find((d) => d.decl === decl);
      return {
        kind: "dice",
        name: decl.name,
        place: this.declaredAt(decl),
        type: { kind: "integer", min: decl.count, max: decl.count * decl.sides },
        hover: hover(`dice ${decl.name}: ${decl.count}d${decl.sides}`, model?.label ?? decl.label?.text, model?.description ?? decl.description?.text, model?.citation),
      };
    });
  }

  private diceNamed(name: string): Meaning | undefined {
    const dice = this.symbols.dice.get(name);
    return dice && this.dice(dice.decl);
  }

  private table(name: string): Meaning | undefined {
    const declared = this.symbols.tables.get(name);
    if (!declared) return undefined;
    return this.once(declared.decl, () => {
      const model = this.edition.tables.get(name);
      const chart = this.edition.resolved.charts.get(declared.decl.chart.id.text);
      const keys = model ? ` (rows ${typeText(model.rowType)}, columns ${typeText(model.columnType)}, cells ${typeText(model.cellType)})` : "";
      const caption = chart ? `Chart \`${chart.id}\` in ${chart.paragraph}: ${chart.caption}` : undefined;
      return { kind: "table", name, place: this.declaredAt(declared.decl), hover: hover(`table ${name}${keys}`, model?.label ?? declared.decl.label?.text, caption, model?.citation) };
    });
  }

  private chart(id: string): Meaning | undefined {
    const chart = this.edition.resolved.charts.get(id);
    if (!chart) return undefined;
    return this.once(chart, () => ({ kind: "chart", name: id, place: chart.place, hover: `**${chart.caption}** (chart \`${id}\`, ${chart.paragraph})` }));
  }

  private paragraph(id: string): Meaning | undefined {
    const paragraph = this.edition.resolved.paragraphs.get(id);
    if (!paragraph) return undefined;
    return this.once(paragraph, () => ({ kind: "paragraph", name: id, place: paragraph.place, hover: paragraphText(paragraph.text) }));
  }

  /** A declared or inline enum by the name the checker gave it. */
  private enumInfo(name: string): EnumInfo | undefined {
    return this.edition.enums.find((e) => e.name === name);
  }

  private enumType(name: string): Meaning | undefined {
    const info = this.enumInfo(name);
    const declared = this.symbols.enums.get(name);
    if (!info || !declared) return undefined;
    return this.once(info, () => ({
      kind: "enum",
      name,
      place: this.declaredAt(declared.decl),
      hover: hover(`enum ${name}: ${info.members.map((m) => m.name).join(", ")}`, info.label, undefined, undefined),
    }));
  }

  /** A member of an enum: its label, where the enum (or the input or field of an inline one) lists it. */
  private member(info: EnumInfo | undefined, name: string): Meaning | undefined {
    const member = info?.members.find((m) => m.name === name);
    if (!info || !member) return undefined;
    return this.once(member, () => {
      const written = this.memberDecl(info, name);
      return {
        kind: "member",
        name,
        place: written,
        type: { kind: "enum", info },
        hover: hover(`${info.declared ? `${info.name}.` : ""}${name}`, member.label, `a member of ${info.declared ? `enum \`${info.name}\`` : `\`${info.name}\``} (${info.label})`, undefined),
      };
    });
  }

  /** Where a member is written: in `enum name …`, or in the inline type that made the enum. */
  private memberDecl(info: EnumInfo, name: string): Place | undefined {
    const declared = this.symbols.enums.get(info.name);
    if (declared) {
      const member = declared.decl.members.find((m) => m.name === name);
      return member && placeIn(declared.file, member.nameLoc);
    }
    return this.inlineMembers().get(info)?.get(name);
  }

  private inline: Map<EnumInfo, Map<string, Place>> | undefined;

  /**
   * The members of each inline enum (`terrain: enum { open, close }`) where they are written: the
   * checker names an inline enum after what it types, so the written list is found by its members.
   */
  private inlineMembers(): Map<EnumInfo, Map<string, Place>> {
    if (this.inline) return this.inline;
    this.inline = new Map();
    const unclaimed = this.edition.enums.filter((e) => !e.declared);
    for (const document of this.edition.resolved.edition.documents) {
      for (const block of document.blocks) {
        for (const statement of block.ast?.statements ?? []) {
          for (const { written, named } of typesOf(statement)) {
            if (!written.members?.length) continue;
            const names = written.members.map((m) => m.name).join(" ");
            const same = unclaimed.filter((e) => e.members.map((m) => m.name).join(" ") === names);
            const info = same.find((e) => e.name === named) ?? same[0];
            if (!info) continue;
            unclaimed.splice(unclaimed.indexOf(info), 1);
            this.inline.set(info, new Map(written.members.map((m) => [m.name, placeIn(document.file, m.nameLoc)])));
          }
        }
      }
    }
    return this.inline;
  }

  private field(record: string, name: string): Meaning | undefined {
    const info = this.edition.records.find((r) => r.name === record) ?? this.edition.notations.find((n) => n.name === record);
    const field = info?.fields.find((f) => f.name === name);
    if (!info || !field) return undefined;
    return this.once(field, () => {
      const declared = this.symbols.records.get(record) ?? this.symbols.notations.get(record);
      const decl = declared?.decl.fields.find((f) => f.name === name);
      return {
        kind: "field",
        name,
        place: declared && decl ? placeIn(declared.file, decl.nameLoc) : undefined,
        type: field.type,
        hover: hover(`${record}.${name}: ${typeText(field.type)}`, field.label, field.description, undefined),
      };
    });
  }

  private typeNamed(name: string): Meaning | undefined {
    if (this.symbols.enums.has(name)) return this.enumType(name);
    const declared = this.symbols.records.get(name) ?? this.symbols.notations.get(name);
    return declared && this.declaration(this.symbols.records.has(name) ? "record" : "notation", name, declared.decl, declared.decl.label?.text ?? "");
  }

  private procedure(decl: ProcedureDecl): Meaning | undefined {
    const model = this.edition.procedures.find((p) => p.name === decl.name);
    return this.declaration("procedure", decl.name, decl, model?.label ?? decl.label?.text ?? "", undefined, model?.citation);
  }

  /** A name a procedure or its example names: its output, input, requirement or definition. */
  private procedureName(procedure: string, name: string): Meaning | undefined {
    const model = this.edition.procedures.find((p) => p.name === procedure);
    const input = model?.inputs.find((i) => i.name === name) ?? model?.fixedInputs.find((i) => i.name === name);
    if (input) return this.input(input.decl);
    const definition = model?.letsByKey.get(name) ?? model?.lets.find((l) => l.name === name);
    if (definition) return this.let(definition.decl);
    const requirement = this.symbols.requirements.get(name);
    if (requirement) return this.declaration("requirement", name, requirement.decl, requirement.decl.message.text, requirement.decl.cite?.id);
    return this.unbound(name);
  }

  private declaration(kind: string, name: string, decl: { nameLoc: Loc }, text: string, cite?: string, citation?: Citation): Meaning | undefined {
    return this.once(decl, () => ({ kind, name, place: this.declaredAt(decl), hover: hover(`${kind} ${name}`, text, undefined, citation ?? (cite ? this.citation(cite) : undefined)) }));
  }

  private citation(paragraph: string, quote?: string): Citation | undefined {
    const found = this.edition.resolved.paragraphs.get(paragraph);
    return found && { paragraph, quote: quote ?? "", file: found.file, place: found.place };
  }
}

/** A type as hover shows it, with its range: `integer 1..6`, `number > 0`. */
export function typeText(type: Type): string {
  const bounds: string[] = [];
  if (type.min !== undefined && type.max !== undefined && !type.minExclusive && !type.maxExclusive) bounds.push(`${type.min}..${type.max}`);
  else {
    if (type.min !== undefined) bounds.push(`${type.minExclusive ? ">" : ">="} ${type.min}`);
    if (type.max !== undefined) bounds.push(`${type.maxExclusive ? "<" : "<="} ${type.max}`);
  }
  const items = type.minItems !== undefined || type.maxItems !== undefined ? ` (${type.minItems ?? 0}..${type.maxItems ?? "any"} items)` : "";
  return [describe(type), ...bounds].join(" ") + items;
}

const code = (text: string) => `\`\`\`hexlaw\n${text}\n\`\`\``;

/** Hover text: the declaration, its label and description, and the sentence it cites with its paragraph. */
function hover(head: string, label: string | undefined, description: string | undefined, citation: Citation | undefined): string {
  const parts = [code(head)];
  if (label) parts.push(`**${label}**${description ? ` — ${description}` : ""}`);
  else if (description) parts.push(description);
  if (citation) parts.push(citation.quote ? `${citation.paragraph}: “${citation.quote}”` : `cites ${citation.paragraph}`);
  return parts.join("\n\n");
}

/** A paragraph's text as hover shows it: its first 600 characters. */
function paragraphText(text: string): string {
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

/** The types a statement writes, with the name an inline enum among them is given. */
function typesOf(statement: Statement): { written: TypeExpr; named: string }[] {
  switch (statement.type) {
    case "Input":
      return [{ written: statement.valueType, named: statement.name }];
    case "Record":
    case "Notation":
      return statement.fields.map((f) => ({ written: f.valueType, named: f.name }));
    case "Table":
      return [statement.rows.keyType, statement.columns.keyType, statement.cells].map((written) => ({ written, named: statement.name }));
    default:
      return [];
  }
}
