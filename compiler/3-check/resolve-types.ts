import type { Session } from "../diagnostics/session.ts";
import type { FieldDecl, Member, TypeExpr } from "../language/ast.ts";
import type { EnumInfo, FieldInfo, NotationInfo, RecordInfo, Type } from "../language/types.ts";
import { ANY, INTEGER } from "../language/types.ts";
import type { Bounds } from "../runtime/bounds.ts";
import { placeIn, type Symbols } from "../2-resolve/types.ts";
import { CHART_FORMS, isChartForm } from "./chart-forms.ts";
import { suggest } from "./suggest.ts";

/** The named types of an edition, and a function that turns a written type into a Type. */
export class TypeResolver {
  readonly enums = new Map<string, EnumInfo>();
  readonly records = new Map<string, RecordInfo>();
  readonly notations = new Map<string, NotationInfo>();
  /** Enums written inline in an input or field type, named after it. */
  readonly inlineEnums: EnumInfo[] = [];

  private readonly session: Session;

  constructor(symbols: Symbols, session: Session) {
    this.session = session;
    for (const [name, { decl }] of symbols.enums) {
      this.enums.set(name, { name, label: decl.label?.text ?? humanize(name), members: members(decl.members), declared: true });
    }
    // Records and notations may refer to each other, so create them first and fill fields after.
    for (const [name, { decl }] of symbols.records) this.records.set(name, { name, label: decl.label?.text ?? humanize(name), fields: [] });
    for (const [name, { decl }] of symbols.notations) {
      this.notations.set(name, { name, label: decl.label?.text ?? humanize(name), grammar: decl.grammar?.text ?? "", fields: [] });
    }
    for (const [name, declared] of symbols.records) this.records.get(name)!.fields = this.fields(declared.decl.fields, declared.file, name);
    for (const [name, declared] of symbols.notations) this.notations.get(name)!.fields = this.fields(declared.decl.fields, declared.file, name);
  }

  private fields(fields: FieldDecl[], file: string, owner: string): FieldInfo[] {
    return fields.map((field) => ({
      name: field.name,
      label: field.label?.text ?? humanize(field.name),
      description: field.description?.text ?? "",
      type: this.resolve(field.valueType, file, `${owner}_${field.name}`),
    }));
  }

  /** Turns a written type into a Type; unknown names are reported and become `any`. Only inputs may be `| unknown`. */
  resolve(written: TypeExpr, file: string, inlineName: string, input = false): Type {
    if (written.orUnknown && !input) this.session.report("HX0309", { name: inlineName }, placeIn(file, written.loc));
    const flags = { orNone: written.orNone || undefined, orAll: written.orAll || undefined, orUnknown: (input && written.orUnknown) || undefined };
    const range = {
      min: written.min ?? undefined,
      max: written.max ?? undefined,
      minExclusive: written.minExclusive || undefined,
      maxExclusive: written.maxExclusive || undefined,
    };
    if (emptyRange(written.kind, range)) this.session.report("HX0308", { name: inlineName, range: rangeText(range) }, placeIn(file, written.loc));
    switch (written.kind) {
      case "number":
      case "integer":
        return clean({ kind: written.kind, ...range, ...flags });
      case "boolean":
      case "text":
      case "odds":
      case "range":
        return clean({ kind: written.kind, ...flags });
      case "enum": {
        const info: EnumInfo = { name: inlineName, label: humanize(inlineName), members: members(written.members ?? []) };
        this.inlineEnums.push(info);
        return clean({ kind: "enum", info, ...flags });
      }
      case "list": {
        const of = this.named(written.of!.name, file, written.of!.nameLoc);
        return clean({ kind: "list", of, minItems: range.min, maxItems: range.max, ...flags });
      }
      case "named":
        return clean({ ...this.named(written.ref!.name, file, written.ref!.nameLoc), ...flags });
    }
  }

  private named(name: string, file: string, loc: TypeExpr["loc"]): Type {
    const info = this.enums.get(name);
    if (info) return { kind: "enum", info };
    const record = this.records.get(name);
    if (record) return { kind: "record", info: record };
    const notation = this.notations.get(name);
    if (notation) return { kind: "notation", info: notation };
    // A chart's printed shifts ("Left 2", "None", "Right 1") and die-roll modifiers ("+1", "−2") are integers.
    if (isChartForm(name)) return INTEGER;
    const known = () => [...this.enums.keys(), ...this.records.keys(), ...this.notations.keys(), ...CHART_FORMS];
    this.session.report("HX0203", () => ({ name, hint: suggest(name, known(), "types: number, integer, boolean, text, odds, range, shift, drm, list of …, enum { … }") }), placeIn(file, loc));
    return ANY;
  }
}

/** Whether no number (no whole number, for `integer`) lies within the bounds. */
function emptyRange(kind: TypeExpr["kind"], b: Bounds): boolean {
  if (b.min === undefined || b.max === undefined) return false;
  if (kind === "integer") {
    const low = b.minExclusive ? Math.floor(b.min) + 1 : Math.ceil(b.min);
    const high = b.maxExclusive ? Math.ceil(b.max) - 1 : Math.floor(b.max);
    return low > high;
  }
  return b.min > b.max || (b.min === b.max && Boolean(b.minExclusive || b.maxExclusive));
}

/** Bounds as they are written: `12..2`, `> 0 < 0`. */
function rangeText(b: Bounds): string {
  if (!b.minExclusive && !b.maxExclusive) return `${b.min}..${b.max}`;
  return `${b.minExclusive ? ">" : ">="} ${b.min} ${b.maxExclusive ? "<" : "<="} ${b.max}`;
}

function members(list: Member[]) {
  return list.map((member) => ({ name: member.name, label: member.label?.text ?? humanize(member.name) }));
}

function clean<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] === undefined) delete value[key];
  return value;
}

/** `attack_total` → `Attack total`: the label a form shows when the rules give none. */
export function humanize(name: string): string {
  const words = name.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
