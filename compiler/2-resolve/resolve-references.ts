import type { Session } from "../diagnostics/session.ts";
import { chapterKey, isWithin } from "../1-read/numbering.ts";
import type { Edition, Paragraph, Reference, RuleDocument } from "../1-read/types.ts";
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

  const targets = linkTargets(edition);
  const outsideTitle = outsideTitles(edition.outside);
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
      const title = status === "outside" ? outsideTitle(reference.id) : undefined;
      // An erratum says where a mislabelled link should go: its target is not checked against its text.
      const anchor = reference.href && status !== "broken" && !reference.erratum ? checkLinkTarget(reference, edition, targets, paragraphs, session) : undefined;
      resolved.push({ ...reference, status, outsideTitle: title, ...(anchor ? { anchor } : {}) });
    }
  }
  return resolved;
}

/**
 * The title of the part outside the corpus a reference names: its own `outside` entry, else
 * the most specific entry it is within (a section, 6.1, before its chapter, 6.0). Only the
 * entries it could be within are looked up (its chapter's, and each start of its number
 * that `isWithin` accepts), not every entry for every reference.
 */
function outsideTitles(outside: Record<string, string>): (id: string) => string | undefined {
  const keys = Object.keys(outside);
  const order = new Map(keys.map((key, i) => [key, i]));
  const chapters = new Map<string, string[]>();
  for (const key of keys) {
    const chapterOnly = /^(\d+)\.0$/.exec(key) ?? /^(\d+)$/.exec(key);
    if (!chapterOnly) continue;
    const list = chapters.get(chapterOnly[1]);
    if (list) list.push(key);
    else chapters.set(chapterOnly[1], [key]);
  }
  const specificity = (key: string) => (/^\d+(\.0)?$/.test(key) ? 0 : key.length);
  return (id) => {
    if (Object.hasOwn(outside, id)) return outside[id];
    const candidates = [...(chapters.get(chapterKey(id)) ?? [])];
    for (let end = 1; end < id.length; end++) if (order.has(id.slice(0, end))) candidates.push(id.slice(0, end));
    const parent = candidates
      .filter((key) => isWithin(id, key))
      .sort((a, b) => specificity(b) - specificity(a) || order.get(a)! - order.get(b)!)[0];
    return parent ? `${parent} ${outside[parent]}` : undefined;
  };
}

/** What a Hugo-style link can name, by key: documents by slug and file, and in each its paragraphs' and headings' anchors. */
interface LinkTargets {
  bySlug: Map<string, RuleDocument>;
  byFile: Map<string, RuleDocument>;
  anchors: Map<RuleDocument, { paragraphs: Map<string, Paragraph>; headings: Map<string, RuleDocument["headings"][number]> }>;
}

function linkTargets(edition: Edition): LinkTargets {
  const first = <K, V>(entries: [K, V][]) => {
    const map = new Map<K, V>();
    for (const [key, value] of entries) if (!map.has(key)) map.set(key, value);
    return map;
  };
  return {
    bySlug: first(edition.documents.map((d) => [d.front.slug, d])),
    byFile: first(edition.documents.map((d) => [d.file, d])),
    anchors: new Map(
      edition.documents.map((d) => [
        d,
        {
          paragraphs: first(d.paragraphs.flatMap((p): [string, Paragraph][] => (p.sourceSlug === undefined ? [] : [[p.sourceSlug, p]]))),
          headings: first(d.headings.map((h) => [h.anchor, h])),
        },
      ]),
    ),
  };
}

/**
 * Hugo-style links name a document by slug and a heading by its anchor
 * (`../9-0-ground-combat/#914-specialized-combats`). Where that target is in the
 * corpus, the link's text must name it or a paragraph inside it.
 */
function checkLinkTarget(reference: Reference, edition: Edition, targets: LinkTargets, paragraphs: Map<string, Paragraph>, session: Session): string | undefined {
  const match = /^(?:\.\.\/([^/#]+)\/?)?(?:#(.+))?$/.exec(reference.href ?? "");
  if (!match) return undefined;
  const [, docSlug, fragment] = match;
  const document = docSlug ? targets.bySlug.get(docSlug) : targets.byFile.get(reference.place.file);
  if (!document) return undefined;
  let target: Paragraph | undefined;
  let anchor: string | undefined;
  if (fragment) {
    target = targets.anchors.get(document)!.paragraphs.get(fragment);
    const heading = target ? undefined : targets.anchors.get(document)!.headings.get(fragment);
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
