import type { Corpus } from "../1-read/types.ts";
import type { Loc } from "../language/ast.ts";
import type { CheckedEdition } from "../3-check/types.ts";
import type { FormalChange } from "./types.ts";

interface Declaration {
  what: string;
  name: string;
  paragraph: string;
  source: string;
}

/** Every declaration of an edition with the text that defines it (whitespace and comments normalized). */
function declarations(edition: CheckedEdition, sources: Corpus["sources"]): Map<string, Declaration> {
  const { symbols } = edition.resolved;
  const out = new Map<string, Declaration>();
  const text = (file: string, loc: Loc) =>
    (sources.get(file) ?? "")
      .slice(loc.start.offset, loc.end.offset)
      .replace(/#[^\n"]*$/gm, "")
      .replace(/\s+/g, " ")
      .trim();
  const add = (what: string, name: string, declared: { decl: { loc: Loc }; paragraph: string; file: string }, extra = "") =>
    out.set(`${what} ${name}`, { what, name, paragraph: declared.paragraph, source: text(declared.file, declared.decl.loc) + extra });
  for (const [name, d] of symbols.inputs) add("input", name, d);
  for (const [name, d] of symbols.lets) add("definition", name, d);
  for (const [list, scope] of symbols.elementLets) for (const [name, d] of scope) add("definition", `${list}.${name}`, d);
  const unlabelled = new Map<string, number>();
  for (const d of symbols.exceptions) {
    const { target, label } = d.decl;
    const n = label ? 0 : (unlabelled.get(target.name) ?? 0) + 1;
    unlabelled.set(target.name, n);
    add("exception", label ? `${target.name}: ${label.name}` : `${target.name} (${n})`, d);
  }
  for (const [name, d] of symbols.requirements) add("requirement", name, d);
  for (const [name, d] of symbols.dice) add("dice", name, d);
  for (const [name, d] of symbols.procedures) add("procedure", name, d);
  for (const [name, d] of symbols.records) add("type", name, d);
  for (const [name, d] of symbols.enums) add("type", name, d);
  for (const [name, d] of symbols.notations) add("type", name, d);
  for (const [name, d] of symbols.tables) {
    const table = edition.tables.get(name);
    add("table", name, d, table ? ` cells ${JSON.stringify(table.cells)}` : "");
  }
  for (const d of symbols.examples) add("example", d.decl.title.text, d);
  return out;
}

/** Definitions, exceptions, requirements, tables, types, procedures and examples that were added, removed or changed. */
export function diffFormal(from: CheckedEdition, to: CheckedEdition, sources: Corpus["sources"]): FormalChange[] {
  const a = declarations(from, sources);
  const b = declarations(to, sources);
  const changes: FormalChange[] = [];
  for (const [key, x] of a) {
    const y = b.get(key);
    if (!y) changes.push({ kind: "removed", what: x.what, name: x.name, from: { paragraph: x.paragraph, source: x.source } });
    else if (x.source !== y.source) changes.push({ kind: "changed", what: x.what, name: x.name, from: { paragraph: x.paragraph, source: x.source }, to: { paragraph: y.paragraph, source: y.source } });
  }
  for (const [key, y] of b) if (!a.has(key)) changes.push({ kind: "added", what: y.what, name: y.name, to: { paragraph: y.paragraph, source: y.source } });
  const order = ["procedure", "input", "dice", "definition", "exception", "requirement", "table", "type", "example"];
  return changes.sort((p, q) => order.indexOf(p.what) - order.indexOf(q.what) || (p.name < q.name ? -1 : p.name > q.name ? 1 : 0));
}
