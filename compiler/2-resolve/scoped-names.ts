import type { Session } from "../diagnostics/session.ts";
import type { LetDecl, Loc } from "../language/ast.ts";
import { placeIn, type Declared, type Symbols } from "./types.ts";

/**
 * A chapter's qualifier, the word that names its definitions from elsewhere (`ch9.column_shift`):
 * `ch` and its section without a trailing `.0`, other marks as `_` (`9.0` → `ch9`, `12.D` → `ch12_d`,
 * `Charts` → `ch_charts`).
 */
export function chapterQualifier(section: string): string {
  const words = section.toLowerCase().replace(/\.0$/, "").replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
  return /^[0-9]/.test(words) ? `ch${words}` : `ch_${words}`;
}

/**
 * What a definition is called outside the language (outputs, traces, vectors, `expect`): its name
 * where the edition defines it once, else its chapter's qualifier and its name (`ch9.column_shift`),
 * which is also how the language names it from any chapter.
 */
export function definitionKey(name: string, chapter: string, definedOnce: boolean): string {
  return definedOnce ? name : `${chapter}.${name}`;
}

/** The definition a name reads, written in a chapter: or the chapters that define it, when that is not one. */
export type LetResolution = { key: string; declared: Declared<LetDecl> } | { ambiguous: Declared<LetDecl>[] };

/**
 * Which definition a name written in `file` reads: its own chapter's, else the one other chapter's
 * that defines it; two other chapters that define it (and not its own) is ambiguous. A qualified
 * name (`ch9.column_shift`, as `chapter`) reads that chapter's definition.
 */
export function resolveLet(symbols: Symbols, name: string, file: string, chapter?: string): LetResolution | undefined {
  const keys = symbols.letKeys.get(name) ?? [];
  const defined = keys.map((key) => ({ key, declared: symbols.lets.get(key)! }));
  const within = chapter ?? symbols.chapters.get(file);
  const own = defined.find((d) => symbols.chapters.get(d.declared.file) === within);
  if (own || chapter !== undefined) return own;
  if (defined.length > 1) return { ambiguous: defined.map((d) => d.declared) };
  return defined[0];
}

/** Whether a word is a chapter's qualifier in this edition. */
export function isChapter(symbols: Symbols, word: string): boolean {
  for (const chapter of symbols.chapters.values()) if (chapter === word) return true;
  return false;
}

/** HX0212: a name two other chapters define, at `loc` in `file`, with the places of both and their qualified forms. */
export function reportAmbiguous(session: Pick<Session, "report">, symbols: Symbols, name: string, ambiguous: Declared<LetDecl>[], file: string, loc: Loc): void {
  const chapterOf = (d: Declared<LetDecl>) => symbols.chapters.get(d.file) ?? "";
  session.report(
    "HX0212",
    { name, chapters: ambiguous.map(chapterOf).join(" and "), forms: ambiguous.map((d) => `\`${chapterOf(d)}.${name}\``).join(" or ") },
    placeIn(file, loc),
    ambiguous.map((d) => ({ message: `defined in ${chapterOf(d)} here`, place: placeIn(d.file, d.decl.nameLoc) })),
  );
}

/**
 * The key of a definition named outside expressions (an output, a summary, `expect`, `assume`,
 * an exception's target), written in `file`: `name` or `ch9.name` as expressions read them, a
 * per-element `list.name` as it is. A name two other chapters define is reported (HX0212) and
 * has no key; a name no chapter defines is returned as written, for the caller to report.
 */
export function writtenKey(symbols: Symbols, written: { name: string; nameLoc: Loc }, file: string, session: Pick<Session, "report">): string | null {
  const dot = written.name.indexOf(".");
  const [chapter, name] = dot > 0 && isChapter(symbols, written.name.slice(0, dot)) ? [written.name.slice(0, dot), written.name.slice(dot + 1)] : [undefined, written.name];
  if (dot > 0 && chapter === undefined) return written.name;
  const found = resolveLet(symbols, name, file, chapter);
  if (!found) return written.name;
  if ("key" in found) return found.key;
  reportAmbiguous(session, symbols, name, found.ambiguous, file, written.nameLoc);
  return null;
}
