import type { List, Node, Parent, Root } from "mdast";
import { toString } from "mdast-util-to-string";
import GithubSlugger, { slug } from "github-slugger";
import type { Place } from "../diagnostics/diagnostic.ts";
import { matchNumberAtStart, type NumberContext } from "./numbering.ts";
import type { SourcePlaces } from "./source-places.ts";
import type { FrontMatter, Numbering, Paragraph, ParagraphKind } from "./types.ts";

export interface ParagraphLayout {
  paragraphs: Paragraph[];
  /** The paragraph each top-level node and list item belongs to. */
  owner: Map<Node, string>;
  /** The node each numbered paragraph starts at: its heading, lead-in paragraph or list item. */
  starts: Map<Node, string>;
  /** Headings without a number ("Weather Determination Segment"), with the anchor the source's site gives them. */
  headings: UnnumberedHeading[];
  /** The node of each unnumbered heading, by anchor (the site gives it that id). */
  headingNodes: Map<Node, string>;
  /** Bold lead-ins that start like a paragraph number but fit no numbering pattern (`**11.0d8**`). */
  misfits: { text: string; node: Node; paragraph: string }[];
  /** `::erratum` notes that say what a misprinted lead-in's number should read (they number the paragraph, not a reference). */
  leadErrata: Set<Node>;
}

/** A heading that starts no numbered paragraph: it belongs to the one it is in, and has an anchor of its own. */
export interface UnnumberedHeading {
  /** The anchor, as the source's site slugs heading texts (a repeated text gets `-1`, `-2`). */
  anchor: string;
  title: string;
  /** The numbered paragraph it belongs to. */
  paragraph: string;
}

interface Open {
  id: string;
  depth: number;
}

/**
 * Splits a document into numbered paragraphs: headings and bold lead-ins that
 * start with a paragraph number, and list items that start with an item marker.
 * Everything else belongs to the numbered paragraph before it.
 */
export function findParagraphs(tree: Root, front: FrontMatter, numbering: Numbering, places: SourcePlaces): ParagraphLayout {
  const file = places.file;
  const paragraphs: Paragraph[] = [];
  const texts = new Map<string, string[]>();
  const owner = new Map<Node, string>();
  const starts = new Map<Node, string>();
  const headings: UnnumberedHeading[] = [];
  const headingNodes = new Map<Node, string>();
  const slugger = new GithubSlugger();
  const misfits: ParagraphLayout["misfits"] = [];
  const leadErrata = new Set<Node>();

  const add = (kind: ParagraphKind, id: string, title: string, node: Node, parent: string | null, depth: number, numberLength: number, sourceSlug?: string, start = node) => {
    const paragraph: Paragraph = { id, kind, title, text: "", parent, file, place: numberPlace(node, numberLength, places), depth, sourceSlug };
    starts.set(start, id);
    paragraphs.push(paragraph);
    texts.set(id, texts.get(id) ?? []);
    return paragraph;
  };
  const addText = (id: string, text: string) => texts.get(id)?.push(text);

  const heading = tree.children.find((n) => n.type === "heading" && n.depth === 1);
  const chapterTitle = heading ? toString(heading) : front.title;
  const chapter = add("chapter", front.section, chapterTitle, heading ?? tree, null, 1, chapterTitle.length, heading ? slug(chapterTitle) : undefined);
  const stack: Open[] = [{ id: chapter.id, depth: 1 }];
  let current = chapter.id;
  const context = (): NumberContext => ({ parent: stack.at(-1)!.id, chapter: front.section });

  for (const [index, node] of tree.children.entries()) {
    if (node.type === "yaml") continue;
    if (node === heading) {
      owner.set(node, chapter.id);
      continue;
    }
    if (node.type === "heading") {
      const text = toString(node);
      const anchor = slugger.slug(text);
      while (stack.length > 1 && stack.at(-1)!.depth >= node.depth) stack.pop();
      const match = matchNumberAtStart(numbering.paragraphs, text, context());
      if (match) {
        add("heading", match.id, titleAfter(text, match.length), node, stack.at(-1)!.id, node.depth, match.length, slug(text));
        stack.push({ id: match.id, depth: node.depth });
        current = match.id;
      } else {
        current = stack.at(-1)!.id;
        headings.push({ anchor, title: text, paragraph: current });
        headingNodes.set(node, anchor);
      }
      owner.set(node, current);
      addText(current, text);
      continue;
    }
    if (node.type === "paragraph" && node.children[0]?.type === "strong") {
      const leadText = toString(node.children[0]);
      const match = matchNumberAtStart(numbering.paragraphs, leadText, context());
      const printed = printedLeadNumber(leadText);
      if (match) {
        add("lead", match.id, titleAfter(leadText, match.length), node.children[0], stack.at(-1)!.id, 0, match.length, undefined, node);
        current = match.id;
      } else if (printed !== null) {
        const erratum = leadErratum(tree.children, index, printed);
        if (erratum) {
          // The source misprints the number and an erratum says what it reads: the paragraph has that number.
          leadErrata.add(erratum.node);
          add("lead", erratum.reads, titleAfter(leadText.trim(), printed.length), node.children[0], stack.at(-1)!.id, 0, printed.length, undefined, node);
          current = erratum.reads;
        } else {
          misfits.push({ text: printed, node: node.children[0], paragraph: current });
        }
      }
    }
    if (node.type === "list") {
      owner.set(node, current);
      numberItems(node, current);
      continue;
    }
    owner.set(node, current);
    if (isProse(node)) addText(current, textOf(node));
  }

  function numberItems(list: List, parent: string): void {
    for (const item of list.children) {
      const first = item.children[0];
      const text = first ? toString(first) : "";
      const match = matchNumberAtStart(numbering.items, text, { parent, chapter: front.section });
      const id = match ? add("item", match.id, "", item, parent, 0, match.length).id : parent;
      owner.set(item, id);
      for (const child of item.children) {
        if (child.type === "list") numberItems(child, id);
        else if (isProse(child)) addText(id, textOf(child));
      }
    }
  }

  for (const paragraph of paragraphs) paragraph.text = (texts.get(paragraph.id) ?? []).join("\n\n");
  return { paragraphs, owner, starts, headings, headingNodes, misfits, leadErrata };
}

/**
 * The `::erratum[…]{printed="11.0d8" reads="11.0d"}` among the nodes after the lead-in at `index`
 * (up to the next heading or bold lead-in) whose `printed` is the lead-in's number.
 */
function leadErratum(nodes: Node[], index: number, printed: string): { node: Node; reads: string } | null {
  // By index, not over a copy of the rest: a copy per lead-in made a chapter of 40,000 such lead-ins take minutes.
  for (let i = index + 1; i < nodes.length; i++) {
    const node = nodes[i];
    if (node.type === "heading" || (node.type === "paragraph" && (node as Parent).children[0]?.type === "strong")) return null;
    const attributes = (node as { name?: string; attributes?: Record<string, string | null | undefined> }).attributes;
    if (node.type === "leafDirective" && (node as { name?: string }).name === "erratum" && attributes?.printed === printed && attributes.reads) {
      return { node, reads: attributes.reads };
    }
  }
  return null;
}

/** A lead-in that starts like a paragraph number (`11.0d8`, `4.2.1`): digits, a dot, a digit. */
const LOOKS_NUMBERED = /^\d{1,3}\.\d/;

/** The number a lead-in prints when it starts like one (`11.0d8` of ` 11.0d8 Title`), else null. */
export function printedLeadNumber(text: string): string | null {
  const trimmed = text.trimStart();
  return LOOKS_NUMBERED.test(trimmed) ? trimmed.split(/\s/)[0] : null;
}

/** Rules blocks, figures, charts and calculators are not the paragraph's words. */
function isProse(node: Node): boolean {
  if (node.type === "code" && (node as { lang?: string }).lang === "rules") return false;
  return node.type !== "leafDirective" && node.type !== "containerDirective";
}

/** The words of a node, as mdast-util-to-string gives them, without any rules block inside it. */
function textOf(node: Node): string {
  if (!isProse(node)) return "";
  if ("children" in node) return (node as Parent).children.map(textOf).join("");
  if (node.type === "image" || node.type === "imageReference") return "";
  return "value" in node ? String((node as { value: unknown }).value) : "";
}

/** `Multiple Terrain Types.` from `9.3b Multiple Terrain Types.` */
function titleAfter(text: string, numberLength: number): string {
  return text.slice(numberLength).replace(/^[\s.:–—-]+/, "").replace(/[\s.:]+$/, "");
}

/** The number as written in the file (past `## `, `**` or `* `), so diagnostics underline just it. */
function numberPlace(node: Node, length: number, places: SourcePlaces): Place {
  const start = node.position?.start.offset ?? 0;
  const end = node.position?.end.offset ?? start;
  const text = textOf(node).trimStart().slice(0, Math.max(1, length)).trim();
  return (text && places.find(text, start, end)) || places.span(start, start + Math.max(1, length));
}