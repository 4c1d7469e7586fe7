import { fingerprint } from "../cache-files.ts";
import { grammarsVersion } from "../grammars.ts";
import type { Corpus } from "../1-read/types.ts";
import type { Loc } from "../language/ast.ts";
import type { CheckedEdition, ProcedureModel } from "../3-check/types.ts";

/**
 * What a procedure's engine is made from, hashed: the words of every declaration in
 * its closure (and of every type, notation and chart it could use), their citations
 * and quotes, the edition's titles, and the grammars (a notation's grammar makes
 * its cells' values). The same fingerprint always gives the same
 * engine, so a rebuild can reuse it; it costs a few string copies, not an emit.
 */
export function procedureFingerprint(procedure: ProcedureModel, edition: CheckedEdition, runtimeImport: string, sources: Corpus["sources"]): string {
  const { ruleset, edition: meta, symbols, charts } = edition.resolved;
  const parts: string[] = [grammarsVersion(), runtimeImport, ruleset.id, ruleset.title, meta.id, meta.title, meta.supersedes ?? ""];
  const text = (file: string, loc: Loc) => (sources.get(file) ?? "").slice(loc.start.offset, loc.end.offset);
  const declared = (d: { decl: { loc: Loc }; file: string; paragraph: string }) => parts.push(d.paragraph, text(d.file, d.decl.loc));
  declared(symbols.procedures.get(procedure.name)!);
  for (const i of [...procedure.inputs, ...procedure.fixedInputs]) parts.push(i.citation.paragraph, i.citation.quote, text(i.citation.file, i.decl.loc));
  for (const d of procedure.dice) parts.push(d.citation.paragraph, d.citation.quote, text(d.citation.file, d.decl.loc));
  for (const l of procedure.lets) parts.push(l.citation.paragraph, l.citation.quote, text(l.citation.file, l.decl.loc));
  for (const r of procedure.requirements) parts.push(r.citation.paragraph, r.citation.quote, text(r.citation.file, r.decl.loc));
  for (const t of procedure.tables) parts.push(t.citation.paragraph, JSON.stringify(charts.get(t.chart)?.rows.map((row) => row.map((c) => c.text))), JSON.stringify(charts.get(t.chart)?.header.map((c) => c.text)));
  // Types are few, and a name can resolve to any of them: include them all.
  for (const kind of ["records", "enums", "notations", "tables"] as const) for (const d of symbols[kind].values()) declared(d);
  return fingerprint(...parts);
}
