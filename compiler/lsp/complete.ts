import type { CheckedEdition } from "../3-check/types.ts";
import { ROUNDING_MODES } from "../language/builtins.ts";
import type { EnumInfo, Type } from "../language/types.ts";
import type { NameIndex } from "./names.ts";
import { typeText } from "./names.ts";

/** A completion as the server offers it (kinds are those of the Language Server Protocol's CompletionItemKind). */
export interface Completion {
  label: string;
  kind: "variable" | "enumMember" | "field" | "reference" | "constant" | "function" | "enum" | "struct";
  detail?: string;
  /** Sorted before the rest (an enum's members where the type wants one). */
  first?: true;
}

/**
 * What may be written at a place of a rules block, from the text before it on its line and the
 * edition's checked model: paragraph numbers after `@`, chart ids after `chart "`, an enum's
 * members or a record's fields after `name.`, a chapter's definitions after `ch9.`, the members of
 * the enum a name is compared with (`==`, `!=`, `in { … }`, `given name =`), else the names in scope.
 * The text before the cursor says which of these it is; what the names mean comes from the model
 * of the last compile that checked (the line being typed may not parse).
 */
export function complete(index: NameIndex, file: string, line: number, before: string): Completion[] {
  const edition = index.editions.get(file);
  if (!edition) return [];
  const resolved = edition.resolved;
  if (/@[\w.]*$/.test(before)) {
    return [...resolved.paragraphs.values()].map((p) => ({ label: p.id, kind: "reference", detail: p.title || p.text.slice(0, 80) }));
  }
  if (/\bchart\s+"[^"]*$/.test(before)) {
    return [...resolved.charts.values()].map((c) => ({ label: c.id, kind: "reference", detail: c.caption }));
  }
  const qualified = /\b([A-Za-z_]\w*)\.(\w*)$/.exec(before);
  if (qualified) return afterDot(index, edition, file, line, qualified[1]);
  const names = inScope(edition, file);
  const compared = /\b([A-Za-z_]\w*)\s*(?:==|!=)\s*\w*$/.exec(before) ?? /\b([A-Za-z_]\w*)\s+in\s+\{[^}]*$/.exec(before) ?? /\bgiven\b.*\b([A-Za-z_]\w*)\s*=\s*\w*$/.exec(before);
  const wanted = compared ? enumOf(index.typeOf(file, compared[1], line) ?? inputType(edition, compared[1])) : undefined;
  return wanted ? [...members(wanted), ...names] : names;
}

function afterDot(index: NameIndex, edition: CheckedEdition, file: string, line: number, word: string): Completion[] {
  const symbols = edition.resolved.symbols;
  const declared = edition.enums.find((e) => e.declared && e.name === word);
  if (declared) return members(declared);
  if ([...symbols.chapters].some(([, chapter]) => chapter === word)) {
    return [...symbols.lets.values()].filter((d) => symbols.chapters.get(d.file) === word).map((d) => ({ label: d.decl.name, kind: "variable", detail: d.decl.label?.text }));
  }
  const type = index.typeOf(file, word, line) ?? inputType(edition, word);
  const record = type?.kind === "list" ? type.of : type;
  if (record?.kind !== "record" && record?.kind !== "notation") return [];
  const fields: Completion[] = record.info.fields.map((f) => ({ label: f.name, kind: "field", detail: `${typeText(f.type)} — ${f.label}` }));
  // `u.attack` of `let u.attack for u in attackers`: the per-element definitions of the lists of that record.
  const lists = [...symbols.inputs.values()].filter((i) => i.decl.valueType.kind === "list" && i.decl.valueType.of?.name === record.info.name).map((i) => i.decl.name);
  const elements: Completion[] = lists.flatMap((list) => [...(symbols.elementLets.get(list)?.values() ?? [])].map((d) => ({ label: d.decl.name, kind: "variable" as const, detail: `per ${list} element` })));
  return [...fields, ...elements];
}

/** The names a rules block of `file` can read: inputs, definitions (its own chapter's where chapters share a name), dice, tables, types, rounding modes. */
function inScope(edition: CheckedEdition, file: string): Completion[] {
  const symbols = edition.resolved.symbols;
  const chapter = symbols.chapters.get(file);
  const lets = [...symbols.letKeys].flatMap(([name, keys]) => {
    const own = keys.map((key) => symbols.lets.get(key)!).find((d) => symbols.chapters.get(d.file) === chapter);
    const declared = own ?? (keys.length === 1 ? symbols.lets.get(keys[0]) : undefined);
    return declared ? [{ label: name, kind: "variable" as const, detail: declared.decl.label?.text }] : keys.map((key) => ({ label: key, kind: "variable" as const, detail: symbols.lets.get(key)!.decl.label?.text }));
  });
  return [
    ...[...symbols.inputs.values()].map((d) => ({ label: d.decl.name, kind: "variable" as const, detail: `input — ${d.decl.label?.text ?? ""}` })),
    ...lets,
    ...[...symbols.dice.values()].map((d) => ({ label: d.decl.name, kind: "variable" as const, detail: `dice ${d.decl.count}d${d.decl.sides}` })),
    ...[...symbols.tables.values()].map((d) => ({ label: d.decl.name, kind: "struct" as const, detail: `table of chart ${d.decl.chart.id.text}` })),
    ...edition.enums.filter((e) => e.declared).map((e) => ({ label: e.name, kind: "enum" as const, detail: e.label })),
    ...edition.records.map((r) => ({ label: r.name, kind: "struct" as const, detail: r.label })),
    ...ROUNDING_MODES.map((mode) => ({ label: mode, kind: "constant" as const, detail: "rounding mode" })),
  ];
}

function members(info: EnumInfo): Completion[] {
  return info.members.map((m) => ({ label: m.name, kind: "enumMember", detail: m.label, first: true }));
}

function enumOf(type: Type | undefined): EnumInfo | undefined {
  const inner = type?.kind === "list" ? type.of : type;
  return inner?.kind === "enum" ? inner.info : undefined;
}

/** An input's type as a procedure has it (for `given name =` before any compile has seen the name written). */
function inputType(edition: CheckedEdition, name: string): Type | undefined {
  return edition.procedures.flatMap((p) => p.inputs).find((i) => i.name === name)?.type;
}
