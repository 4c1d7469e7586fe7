import type { Link, Node, Parent, Text } from "mdast";
import { toString } from "mdast-util-to-string";
import { matchWholeNumber, fillTemplate } from "./numbering.ts";
import type { SourcePlaces } from "./source-places.ts";
import type { FrontMatter, Numbering, Reference } from "./types.ts";

const RANGE = /\s*(?:--|–|—)\s*/;

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
): Reference[] {
  const references: Reference[] = [];
  const context = { parent: null, chapter: front.section };

  const visit = (node: Node, from: string) => {
    const own = owner.get(node);
    const paragraph = own ?? from;
    if (node.type === "code" || node.type === "inlineCode" || node.type === "yaml") return;
    if (node.type === "link") {
      const reference = linkReference(node as Link, paragraph);
      if (reference) {
        references.push(reference);
        return;
      }
    }
    if (node.type === "text") {
      references.push(...plainReferences(node as Text, paragraph));
      return;
    }
    if ("children" in node) for (const child of (node as Parent).children) visit(child, paragraph);
  };

  function linkReference(link: Link, from: string): Reference | null {
    const text = toString(link).trim();
    const [first, last] = text.split(RANGE);
    const start = numberOf(first);
    if (!start) return null;
    const end = last ? numberOf(last) : null;
    const offset = link.position?.start.offset ?? 0;
    const place = places.find(text, offset, link.position?.end.offset) ?? places.span(offset, link.position?.end.offset ?? offset);
    return { id: start, through: end ?? undefined, text, href: link.url, missing: false, from, place };
  }

  function numberOf(text: string | undefined): string | null {
    if (!text) return null;
    const match = matchWholeNumber(numbering.references, text, context) ?? matchWholeNumber(numbering.paragraphs, text, context);
    return match?.id ?? null;
  }

  function plainReferences(node: Text, from: string): Reference[] {
    const found: { index: number; end: number; reference: Omit<Reference, "place"> }[] = [];
    for (const rule of numbering.references) {
      const pattern = new RegExp(rule.pattern.source, rule.pattern.flags.includes("g") ? rule.pattern.flags : rule.pattern.flags + "g");
      for (const match of node.value.matchAll(pattern)) {
        const index = match.index ?? 0;
        const end = index + match[0].length;
        if (found.some((f) => index < f.end && end > f.index)) continue;
        const id = rule.missing ? match[0] : fillTemplate(rule.id, { ...match.groups }, context);
        found.push({ index, end, reference: { id, text: match[0], missing: rule.missing, from } });
      }
    }
    const offset = node.position?.start.offset ?? 0;
    const limit = node.position?.end.offset;
    return found
      .sort((a, b) => a.index - b.index)
      .map(({ reference, index }) => {
        const place = locate(reference.text, offset, limit, node.value, index);
        return { ...reference, place };
      });
  }

  /**
   * mdast drops list indentation and escapes from text values, so a match's
   * offset in the value is only close to its offset in the file: search the
   * source from a little before it.
   */
  function locate(text: string, offset: number, limit: number | undefined, _value: string, index: number) {
    const words = text.split("\n")[0];
    return places.find(words, Math.max(offset, offset + index - 8), limit) ?? places.span(offset, offset + 1);
  }

  visit(tree, front.section);
  return references;
}
