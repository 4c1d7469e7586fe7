import type { Session } from "../diagnostics/session.ts";
import { chapterKey, isWithin } from "../1-read/numbering.ts";
import type { Edition, Paragraph, Reference } from "../1-read/types.ts";
import { editionName, type ResolvedReference } from "./types.ts";

/**
 * Classifies every reference: resolved (the paragraph is here), outside (a part of
 * the rulebook that is not in the corpus), or broken (its chapter is here, the
 * paragraph is not). A link whose text and target disagree is reported too.
 */
export function resolveReferences(edition: Edition, paragraphs: Map<string, Paragraph>, session: Session): ResolvedReference[] {
  const chapters = new Map(edition.documents.map((d) => [chapterKey(d.front.section), d]));
  const label = editionName(edition);

  const statusOf = (id: string, reference: Reference): ResolvedReference["status"] => {
    if (reference.missing) return "outside";
    if (paragraphs.has(id)) return "resolved";
    const document = chapters.get(chapterKey(id));
    if (!document || document.front.excerpt) return "outside";
    return "broken";
  };

  // An `outside` entry for a part that is now in the corpus is stale: references there resolve anyway.
  for (const [key, title] of Object.entries(edition.outside)) {
    const document = chapters.get(chapterKey(key));
    if (document && !document.front.excerpt) session.report("HX0111", { id: key, title, chapter: document.front.section }, edition.outsidePlaces[key]);
  }

  const resolved: ResolvedReference[] = [];
  for (const document of edition.documents) {
    for (const reference of document.references) {
      const ends = [reference.id, reference.through].filter((id): id is string => Boolean(id));
      const statuses = ends.map((id) => statusOf(id, reference));
      const status = statuses.includes("broken") ? "broken" : statuses[0];
      if (status === "broken") {
        const id = ends[statuses.indexOf("broken")];
        session.report("HX0102", { id, edition: label, chapter: chapterKey(id) }, reference.place);
      }
      const outsideTitle = status === "outside" ? outsideTitleOf(reference.id, edition.outside) : undefined;
      // An erratum says where a mislabelled link should go: its target is not checked against its text.
      const anchor = reference.href && status !== "broken" && !reference.erratum ? checkLinkTarget(reference, edition, paragraphs, session) : undefined;
      resolved.push({ ...reference, status, outsideTitle, ...(anchor ? { anchor } : {}) });
    }
  }
  return resolved;
}

function outsideTitleOf(id: string, outside: Record<string, string>): string | undefined {
  if (outside[id]) return outside[id];
  // The most specific known part: a section (6.1) before its chapter (6.0).
  const specificity = (key: string) => (/^\d+(\.0)?$/.test(key) ? 0 : key.length);
  const parent = Object.keys(outside)
    .filter((key) => isWithin(id, key))
    .sort((a, b) => specificity(b) - specificity(a))[0];
  return parent ? `${parent} ${outside[parent]}` : undefined;
}

/**
 * Hugo-style links name a document by slug and a heading by its anchor
 * (`../9-0-ground-combat/#914-specialized-combats`). Where that target is in the
 * corpus, the link's text must name it or a paragraph inside it.
 */
function checkLinkTarget(reference: Reference, edition: Edition, paragraphs: Map<string, Paragraph>, session: Session): string | undefined {
  const match = /^(?:\.\.\/([^/#]+)\/?)?(?:#(.+))?$/.exec(reference.href ?? "");
  if (!match) return undefined;
  const [, docSlug, fragment] = match;
  const document = docSlug
    ? edition.documents.find((d) => d.front.slug === docSlug)
    : edition.documents.find((d) => d.file === reference.place.file);
  if (!document) return undefined;
  let target: Paragraph | undefined;
  let anchor: string | undefined;
  if (fragment) {
    target = document.paragraphs.find((p) => p.sourceSlug === fragment);
    const heading = target ? undefined : document.headings.find((h) => h.anchor === fragment);
    if (heading) {
      target = paragraphs.get(heading.paragraph);
      anchor = heading.anchor;
    }
    if (!target) {
      if (document.front.excerpt) return undefined;
      session.report("HX0104", { href: reference.href ?? "", edition: editionName(edition), text: reference.text }, reference.place);
      return undefined;
    }
  } else {
    target = paragraphs.get(document.front.section);
  }
  if (target && !isWithin(reference.id, target.id) && !(anchor && isWithin(target.id, reference.id))) {
    session.report("HX0103", { text: reference.text, target: target.id }, reference.place);
  }
  return anchor;
}
