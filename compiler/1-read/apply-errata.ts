import type { Node, Parent } from "mdast";
import { toString } from "mdast-util-to-string";
import type { Session } from "../diagnostics/session.ts";
import { leafDirectives } from "./leaf-directives.ts";
import { isWithin } from "./numbering.ts";
import type { SourcePlaces } from "./source-places.ts";
import type { Reference } from "./types.ts";

/**
 * `::erratum[What is wrong]{printed="14.4h" reads="14.4g"}` after a paragraph (or inside a list item): the
 * source's reference printed as `printed` (its words, or a link with those words) names
 * the wrong paragraph, or links to the wrong one; it should be `reads`. `href="#98-surprise"`
 * narrows it to the link with that target, when the same words are printed twice. The text stays
 * as printed; the reference is resolved to `reads` and carries the erratum, so the site
 * shows the printed words, the correction and the note, and the link goes to `reads`.
 * An erratum that matches no reference of its paragraph is an error (HX0109). One whose
 * `printed` is a misprinted lead-in number (`**11.0d8**`) numbers that paragraph instead
 * (find-paragraphs.ts), and is left alone here.
 */
export function applyErrata(tree: Parent, owner: Map<Node, string>, references: Reference[], places: SourcePlaces, session: Session, leadErrata: Set<Node> = new Set()): Reference[] {
  const corrected = [...references];
  for (const { directive, paragraph } of leafDirectives(tree, owner, "erratum")) {
    if (leadErrata.has(directive)) continue;
    const printed = directive.attributes?.printed ?? "";
    const reads = directive.attributes?.reads ?? "";
    const place = places.span(directive.position?.start.offset ?? 0, directive.position?.end.offset ?? 0);
    const href = directive.attributes?.href;
    if (!printed || !reads) {
      session.report("HX0115", { problem: !printed ? "it does not say which reference is wrong (`printed=`)" : "it does not say what the reference should be (`reads=`)" }, place);
      continue;
    }
    const matches = corrected.flatMap((r, i) => (r.text === printed && (href === undefined || r.href === href) && isWithin(r.from, paragraph) && !r.erratum ? [i] : []));
    if (matches.length === 0) {
      session.report("HX0109", { printed, paragraph }, place);
      continue;
    }
    const note = toString(directive);
    for (const i of matches) corrected[i] = { ...corrected[i], id: reads, erratum: { printed, reads, note } };
  }
  return corrected;
}
