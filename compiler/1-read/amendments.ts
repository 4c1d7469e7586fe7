import type { Node, Parent, Root, Text } from "mdast";
import type { LeafDirective } from "mdast-util-directive";
import { toString } from "mdast-util-to-string";
import type { Session } from "../diagnostics/session.ts";
import { escapeRegExp } from "../regexp.ts";
import type { ParagraphLayout } from "./find-paragraphs.ts";
import { leafDirectives } from "./leaf-directives.ts";
import type { SourcePlaces } from "./source-places.ts";
import type { Amendment } from "./types.ts";

/** The longest quoted text (printed or corrected) an amendment may carry: a phrase or a few sentences. */
export const MAX_AMENDMENT_TEXT = 2000;

/**
 * `::amend[What the errata say]{paragraph="18.4e(A)" printed="per 18.5e" corrected="per 18.5a"}`
 * in a chapter of an edition that extends another (an errata document): the paragraph of the
 * edition it extends, named by its id (or the anchor of an unnumbered heading), reads
 * `corrected` where the base prints `printed`. Without `printed` and `corrected` it attaches
 * the note to the paragraph as a clarification. Each amendment cites the errata paragraph it
 * follows. Malformed ones are reported (HX0114) and left out.
 */
export function findAmendments(tree: Parent, owner: Map<Node, string>, source: string, places: SourcePlaces, session: Session): Amendment[] {
  const amendments: Amendment[] = [];
  // After an erratum's paragraph, or inside its list item (then it cites that item).
  for (const { directive, paragraph: from } of leafDirectives(tree, owner, "amend")) {
    const place = places.span(directive.position?.start.offset ?? 0, directive.position?.end.offset ?? 0);
    const attributes = directive.attributes ?? {};
    const paragraph = attributes.paragraph ?? "";
    const printed = attributes.printed ?? undefined;
    const corrected = attributes.corrected ?? undefined;
    const note = toString(directive).trim();
    const problem = !paragraph
      ? "it names no paragraph (`paragraph=`)"
      : (printed === undefined) !== (corrected === undefined)
        ? "`printed` and `corrected` go together: the words the base prints and the words that replace them"
        : printed !== undefined && !printed.trim()
          ? "`printed` is empty"
          : !note
            ? "it says nothing (write what the errata say between the brackets)"
            : [printed, corrected, note].some((text) => (text?.length ?? 0) > MAX_AMENDMENT_TEXT)
              ? `a text of it is longer than ${MAX_AMENDMENT_TEXT} characters`
              : null;
    if (problem) {
      session.report("HX0114", { problem }, place);
      continue;
    }
    amendments.push({ paragraph, ...(printed !== undefined ? { printed, corrected } : {}), note, from, source, place });
  }
  return amendments;
}

/** An amendment as amendTree needs it (the site has it from the rule index, without its place). */
export type AmendmentText = Omit<Amendment, "place">;

/** Why an amendment could not be applied to its paragraph's text. */
export interface AmendmentProblem<A extends AmendmentText> {
  amendment: A;
  reason: string;
}

/** The problem of an amendment whose paragraph is not in the document (another document may have it). */
export const NOT_HERE = "not-here";

/** What an amendment inserts after the text it changes (or after its paragraph): a note the site renders as an erratum. */
export const AMENDMENT_NOTE = "amendment";

/**
 * Applies amendments to a parsed document of the edition they amend, in place: the printed
 * words are replaced by the corrected ones (an `amended` node whose text is the correction,
 * preceded by an `amendedPrinted` node that holds the printed words for the reader only, so
 * the paragraph's text, references and search are the corrected edition's), and an
 * `::amendment` note follows the changed block or the paragraph. The compiler and the site
 * both run this, on the same tree, so they agree on every id and offset.
 */
export function amendTree<A extends AmendmentText>(tree: Root, amendments: readonly A[], layout: ParagraphLayout): AmendmentProblem<A>[] {
  const problems: AmendmentProblem<A>[] = [];
  // Every scope found in one walk of the tree, before any change (a note is no paragraph's block, so the scopes stay the same).
  const scopes = scopesOf(tree, new Set(amendments.map((a) => a.paragraph)), layout);
  const notesAfter = new Map<Parent, Map<Node, LeafDirective[]>>();
  for (const amendment of amendments) {
    const scope = scopes.get(amendment.paragraph);
    if (!scope) {
      problems.push({ amendment, reason: NOT_HERE });
      continue;
    }
    let after = scope.end;
    if (amendment.printed !== undefined) {
      const found = findPrinted(scope.units, amendment.printed);
      if (found.length !== 1) {
        const flat = scope.units.map((unit) => toString(unit.node)).join(" ").replace(/\s+/g, " ");
        const reason =
          found.length > 1
            ? `it prints them ${found.length} times; quote more of the words around them`
            : flat.includes(amendment.printed.replace(/\s+/g, " "))
              ? "they are split by emphasis, a link or other markup; quote words of one run of plain text"
              : "they are not in its text";
        problems.push({ amendment, reason });
        continue;
      }
      const [{ unit, text, parent, start, end }] = found;
      // Screen readers do not announce <del> and <ins>: visually hidden marks say which is which.
      const mark = (value: string) => ({ type: "element", tagName: "span", properties: { className: ["diff-mark"] }, children: [{ type: "text", value }] });
      const replacement: Node[] = [
        { type: "amendedPrinted", data: { hName: "del", hProperties: { className: ["amended-printed"] }, hChildren: [mark("[printed: "), { type: "text", value: text.value.slice(start, end) }, mark("]")] } } as Node,
        { type: "amended", data: { hName: "ins", hProperties: { className: ["amended"] }, printed: amendment.printed }, children: [{ type: "text", value: amendment.corrected!, position: text.position }] } as Node,
        { type: "amendedEnd", data: { hName: "span", hProperties: { className: ["diff-mark"] }, hChildren: [{ type: "text", value: " (corrected by the errata)" }] } } as Node,
      ];
      const pieces = [
        ...(start > 0 ? [{ type: "text", value: text.value.slice(0, start), position: text.position } as Text] : []),
        ...replacement,
        ...(end < text.value.length ? [{ type: "text", value: text.value.slice(end), position: text.position } as Text] : []),
      ];
      parent.children.splice(parent.children.indexOf(text), 1, ...(pieces as Parent["children"]));
      after = unit;
    }
    const note: LeafDirective = {
      type: "leafDirective",
      name: AMENDMENT_NOTE,
      attributes: { paragraph: amendment.paragraph, from: amendment.from, source: amendment.source, ...(amendment.printed !== undefined ? { printed: amendment.printed, corrected: amendment.corrected } : {}) },
      children: [{ type: "text", value: amendment.note }],
    };
    const notes = notesAfter.get(after.container) ?? notesAfter.set(after.container, new Map()).get(after.container)!;
    if (notes.has(after.node)) notes.get(after.node)!.push(note);
    else notes.set(after.node, [note]);
  }
  // Each note goes right after its block, a later note about the same block before an earlier one;
  // put in once per container at the end (a search and a shift of the document's blocks per note made an errata document of many notes quadratic).
  for (const [container, notes] of notesAfter) {
    const children = [...container.children];
    container.children.length = 0;
    for (const child of children) {
      container.children.push(child);
      for (const note of (notes.get(child) ?? []).toReversed()) container.children.push(note as never);
    }
  }
  return problems;
}

/** A block of a paragraph's text, and the node (the document or a list item) it is a child of. */
interface Unit {
  node: Node;
  container: Parent;
}

/** A paragraph's blocks, and the block a note about the whole paragraph follows. */
interface Scope {
  units: Unit[];
  end: Unit;
}

/**
 * The blocks that hold a paragraph's own text: its top-level nodes and the blocks of the list
 * items it owns (not those of numbered items inside it, which are paragraphs of their own).
 * An unnumbered heading's anchor names the heading and the blocks after it, up to the next
 * heading or numbered paragraph. A note about the paragraph goes after its last top-level
 * node (a numbered item: at the end of the item). Found for every amended paragraph in one
 * walk of the tree: a walk per amendment made an errata document of many notes quadratic.
 */
function scopesOf(tree: Root, targets: ReadonlySet<string>, layout: ParagraphLayout): Map<string, Scope> {
  const scopes = new Map<string, Scope>();
  const headings = new Map<string, Node>();
  for (const [node, anchor] of layout.headingNodes) if (targets.has(anchor) && !headings.has(anchor)) headings.set(anchor, node);
  const position = new Map(tree.children.map((node, i) => [node as Node, i]));
  for (const [anchor, heading] of headings) {
    const units: Unit[] = [{ node: heading, container: tree }];
    for (let i = position.get(heading)! + 1; i < tree.children.length; i++) {
      const node = tree.children[i];
      if (node.type === "heading" || layout.starts.has(node)) break;
      units.push({ node, container: tree });
    }
    scopes.set(anchor, { units, end: units.at(-1)! });
  }
  const ids = new Set(layout.paragraphs.map((p) => p.id));
  const wanted = (id: string | undefined): id is string => id !== undefined && targets.has(id) && ids.has(id) && !headings.has(id);
  const units = new Map<string, Unit[]>();
  const ends = new Map<string, Unit>();
  const last = new Map<string, Node>();
  const add = (id: string, unit: Unit) => (units.has(id) ? units.get(id)!.push(unit) : units.set(id, [unit]));
  const items = (list: Parent) => {
    for (const item of list.children as Parent[]) {
      const owner = layout.owner.get(item);
      for (const child of item.children) {
        if (child.type === "list") items(child as Parent);
        else if (wanted(owner)) add(owner, { node: child, container: item });
      }
      const starts = layout.starts.get(item);
      if (wanted(starts) && item.children.length > 0) ends.set(starts, { node: item.children.at(-1)!, container: item });
    }
  };
  for (const node of tree.children) {
    if (node.type === "yaml") continue;
    const owner = layout.owner.get(node);
    if (wanted(owner)) last.set(owner, node);
    if (node.type === "list") items(node as Parent);
    else if (wanted(owner)) add(owner, { node, container: tree });
  }
  for (const id of targets) {
    if (!wanted(id)) continue;
    const own = units.get(id) ?? [];
    const end = ends.get(id) ?? (last.has(id) ? { node: last.get(id)!, container: tree } : own.at(-1));
    if (end) scopes.set(id, { units: own, end });
  }
  return scopes;
}

/** The printed words as a pattern: any run of white space matches any other (a line break of the source, a space of the quote). */
export function printedPattern(printed: string): RegExp {
  return new RegExp(printed.trim().split(/\s+/).map((word) => escapeRegExp(word)).join("\\s+"), "g");
}

/** Every place the printed words occur inside one text node of the units (any run of white space matches any other). */
function findPrinted(units: Unit[], printed: string): { unit: Unit; text: Text; parent: Parent; start: number; end: number }[] {
  const pattern = printedPattern(printed);
  const found: { unit: Unit; text: Text; parent: Parent; start: number; end: number }[] = [];
  const walk = (unit: Unit, node: Node, parent: Parent | null) => {
    if (node.type === "code" || node.type === "inlineCode" || node.type === "leafDirective" || node.type === "containerDirective") return;
    if (node.type === "text" && parent) {
      for (const match of (node as Text).value.matchAll(pattern)) found.push({ unit, text: node as Text, parent, start: match.index, end: match.index + match[0].length });
      return;
    }
    if ("children" in node) for (const child of (node as Parent).children) walk(unit, child, node as Parent);
  };
  for (const unit of units) walk(unit, unit.node, null);
  return found;
}
