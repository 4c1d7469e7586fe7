// What the site knows about the corpus: generated/index.json and each edition's
// rule index. Nothing here derives ids or links; it reads what the compiler wrote.
import { join } from "node:path";
import { isTerm } from "../../compiler/markdown/glossary-terms.ts";
import { indexLookups } from "../../compiler/markdown/index-lookups.ts";
import { chartHref, editionIndex, paragraphHref, readJson, type IndexDocument, type RuleIndex } from "../../compiler/markdown/rulebook-context.ts";
import { base } from "./base.ts";

export type { IndexDocument, RuleIndex };

export const root = process.env.HEXLAW_ROOT ?? process.cwd();

interface CorpusIndex {
  rulesets: {
    id: string;
    title: string;
    publisher: string | null;
    description: string | null;
    editions: { id: string; title: string; date: string | null; version: string | null; supersedes: string | null }[];
  }[];
}

export function corpus(): CorpusIndex {
  return readJson<CorpusIndex>(join(root, "generated", "index.json"));
}

export function edition(ruleset: string, id: string): RuleIndex {
  return editionIndex(root, ruleset, id);
}

export function editions(): RuleIndex[] {
  return corpus().rulesets.flatMap((r) => r.editions.map((e) => edition(r.id, e.id)));
}

export const editionPath = (index: RuleIndex) => `${base}${index.ruleset.id}/${index.edition.id}/`;
/** An edition of a ruleset by ids (one the index names, such as the edition it supersedes). */
export const editionPathOf = (ruleset: string, edition: string) => `${base}${ruleset}/${edition}/`;
export const chapterPath = (index: RuleIndex, slug: string) => `${editionPath(index)}${slug}/`;
export const calculatorPath = (index: RuleIndex, procedure: string) => `${editionPath(index)}calculators/${procedure}/`;
export const aboutPath = (index: RuleIndex) => `${editionPath(index)}about/`;
export const hrefOf = (index: RuleIndex, id: string, fromSlug?: string) => paragraphHref(index, id, base, fromSlug);
/** Where a chart is (a paragraph of the same id may be elsewhere). */
export const chartHrefOf = (index: RuleIndex, id: string) => chartHref(index, id, base);

/** What the header and search know about the edition a page belongs to. */
export function scopeOf(index: RuleIndex): Scope {
  return {
    ruleset: index.ruleset.id,
    edition: index.edition.id,
    rulesetTitle: index.ruleset.title,
    editionTitle: index.edition.title,
    label: `${index.ruleset.title} ${index.edition.id}`,
    href: editionPath(index),
  };
}

/** An edition as a page belongs to it: ids, the titles search filters by, how the header names it. */
export interface Scope {
  ruleset: string;
  edition: string;
  rulesetTitle: string;
  editionTitle: string;
  label: string;
  href: string;
}

/** "9.14b Supply Dump" — a paragraph as a reader names it. */
export function paragraphLabel(index: RuleIndex, id: string): string {
  const p = index.paragraphs[id];
  if (!p) return id;
  if (p.kind === "chapter") return (p.document ? indexLookups(index).document(p.document)?.heading : undefined) ?? id;
  // A term (`action-rating`) is named by its title alone.
  if (isTerm(id, p)) return p.title!;
  return p.title ? `${id} ${p.title}` : id;
}

/** A plain-text excerpt of a paragraph for previews and search snippets. */
export function excerpt(text: string, length = 420): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= length ? flat : `${flat.slice(0, flat.lastIndexOf(" ", length))} …`;
}

/** Edition label such as "OCS Series Rules v4.3 (2018)". */
export function editionLabel(index: RuleIndex): string {
  const when = index.edition.date ?? index.edition.version;
  return when && !index.edition.title.includes(when) ? `${index.edition.title} (${when})` : index.edition.title;
}

/** The source site's anchors of a chapter's headings (`914-specialized-combats`) → paragraph ids, where they differ. */
export function sourceAnchors(index: RuleIndex, slug: string): Record<string, string> {
  const document = indexLookups(index).document(slug);
  const anchors: Record<string, string> = {};
  for (const id of document?.paragraphs ?? []) {
    const sourceSlug = index.paragraphs[id]?.sourceSlug;
    if (sourceSlug && sourceSlug !== id) anchors[sourceSlug] = id;
  }
  return anchors;
}
