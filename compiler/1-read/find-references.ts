import type { Link, Node, Parent, Text } from "mdast";
import { toString } from "mdast-util-to-string";
import { AMENDMENT_NOTE, printedPattern } from "./amendments.ts";
import { appliesIn, matchWholeNumber, fillTemplate } from "./numbering.ts";
import type { Session } from "../diagnostics/session.ts";
import type { SourcePlaces } from "./source-places.ts";
import type { FrontMatter, Numbering, Reference } from "./types.ts";

const RANGE = /\s*(?:--|–|—)\s*/;
/** How far before a match's offset in a text node its words may start in the file (indentation, escapes). */
const SLACK = 8;

/** A plain mention of a paragraph in a text ("see 9.1f"): where it is, and where its number is. */
export interface Mention {
  start: number;
  end: number;
  /** The number itself (the pattern's `n` group), which is what a link covers. */
  numberStart: number;
  numberEnd: number;
  id: string;
  /** The source leaves the number blank ("Rule ???"). */
  missing: boolean;
}

/** The paragraph a link's text names, and the last of a range (`9.3--9.4`), under an edition's numbering. */
export function linkTarget(text: string, numbering: Numbering, chapter: string): { id: string; through: string | null } | null {
  const [first, last] = text.trim().split(RANGE);
  const numberOf = (words: string | undefined): string | null => {
    if (!words) return null;
    const context = { parent: null, chapter };
    return (matchWholeNumber(numbering.references, words, context) ?? matchWholeNumber(numbering.paragraphs, words, context))?.id ?? null;
  };
  const id = numberOf(first);
  return id ? { id, through: last ? numberOf(last) : null } : null;
}

/**
 * The longest run of text searched for references: the edition's patterns may take
 * time quadratic in it (see check-pattern.ts). A longer run is reported (HX0012).
 */
export const MAX_TEXT_RUN = 5000;

/** Every mention in a text that the edition's reference patterns match, in order; where two overlap, the earlier pattern wins. */
export function mentionsIn(value: string, numbering: Numbering, chapter: string): Mention[] {
  const found: Mention[] = [];
  if (value.length > MAX_TEXT_RUN) return found;
  // The characters an earlier mention covers: a match is checked against them, not against every mention found.
  const covered = new Uint8Array(value.length);
  for (const rule of numbering.references) {
    if (!appliesIn(rule, chapter)) continue;
    const pattern = new RegExp(rule.pattern.source, `gd${rule.pattern.flags.replace(/[gd]/g, "")}`);
    for (const match of value.matchAll(pattern)) {
      const start = match.index ?? 0;
      const end = start + match[0].length;
      if (covered.subarray(start, end).includes(1)) continue;
      covered.fill(1, start, end);
      const number = match.indices?.groups?.n;
      const id = rule.missing ? match[0] : fillTemplate(rule.id, { ...match.groups }, { parent: null, chapter });
      found.push({ start, end, numberStart: number ? number[0] : start, numberEnd: number ? number[1] : end, id, missing: rule.missing });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/**
 * Finds every reference in a document: Markdown links whose text is a paragraph
 * number (or a range such as `9.3--9.4`), and plain mentions matched by the
 * edition's reference patterns ("see 9.1f", "Rule 9I").
 */
export function findReferences(
  owner: Map<Node, string>,
  tree: Parent,
  front: FrontMatter,
  numbering: Numbering,
  places: SourcePlaces,
  session: Session,
): Reference[] {
  const references: Reference[] = [];

  /** `printed`: inside words an erratum corrected (an errata edition), the printed words they replace. */
  const visit = (node: Node, from: string, printed?: string) => {
    const own = owner.get(node);
    const paragraph = own ?? from;
    if (node.type === "code" || node.type === "inlineCode" || node.type === "yaml") return;
    // An applied erratum's note is the errata's words, not the paragraph's (see amendments.ts).
    if (node.type === "leafDirective" && (node as { name?: string }).name === AMENDMENT_NOTE) return;
    if (node.type === "link") {
      const reference = linkReference(node as Link, paragraph);
      if (reference) {
        references.push(reference);
        return;
      }
    }
    if (node.type === "text") {
      references.push(...plainReferences(node as Text, paragraph, printed));
      return;
    }
    const corrected = node.type === "amended" ? (node.data as { printed?: string } | undefined)?.printed : printed;
    if ("children" in node) for (const child of (node as Parent).children) visit(child, paragraph, corrected);
  };

  function linkReference(link: Link, from: string): Reference | null {
    const text = toString(link).trim();
    const target = linkTarget(text, numbering, front.section);
    if (!target) return null;
    const offset = link.position?.start.offset ?? 0;
    const place = places.find(text, offset, link.position?.end.offset) ?? places.span(offset, link.position?.end.offset ?? offset);
    return { id: target.id, through: target.through ?? undefined, text, href: link.url, missing: false, from, place };
  }

  function plainReferences(node: Text, from: string, printed?: string): Reference[] {
    const offset = node.position?.start.offset ?? 0;
    const limit = node.position?.end.offset;
    if (node.value.length > MAX_TEXT_RUN) session.report("HX0012", { length: node.value.length, limit: MAX_TEXT_RUN }, places.span(offset, offset + 1));
    return mentionsIn(node.value, numbering, front.section).map((m) => {
      const text = node.value.slice(m.start, m.end);
      // Corrected words are not in the file: such a reference is placed on the printed words they replace.
      if (printed !== undefined) return { id: m.id, text, missing: m.missing, from, place: locatePrinted(printed, offset, limit), printed };
      return { id: m.id, text, missing: m.missing, from, place: locate(text, offset, limit, m.start) };
    });
  }

  function locatePrinted(printed: string, offset: number, limit: number | undefined) {
    const pattern = printedPattern(printed);
    pattern.lastIndex = offset;
    const match = pattern.exec(places.text);
    return match && (limit === undefined || match.index <= limit) ? places.span(match.index, match.index + match[0].length) : places.span(offset, offset + 1);
  }

  /**
   * mdast drops list indentation and escapes from text values, so a match's
   * offset in the value is only close to its offset in the file: search the
   * source from a few characters before it.
   */
  function locate(text: string, offset: number, limit: number | undefined, index: number) {
    const words = text.split("\n")[0];
    return places.find(words, Math.max(offset, offset + index - SLACK), limit) ?? places.span(offset, offset + 1);
  }

  visit(tree, front.section);
  return references;
}
