import type { Root } from "mdast";
import { findParagraphs } from "../1-read/find-paragraphs.ts";
import { SourcePlaces } from "../1-read/source-places.ts";
import type { FrontMatter, Numbering } from "../1-read/types.ts";
import { parseMarkdown } from "../markdown/parse-markdown.ts";
import { splitBlocks, type Block } from "./blocks.ts";

/** The blocks from one numbered paragraph's start to the next's, keyed by the paragraph's id. */
export interface Segment {
  /** The paragraph id, with `#2`, `#3` … for a later paragraph of the same number. */
  key: string;
  id: string;
  blocks: Block[];
  /** Its lines as the document has them, blank lines after it included. */
  raw: string;
}

/** A document cut into its front matter and its paragraphs' segments, as the compiler numbers them. */
export interface Segmented {
  /** Everything before the body (the front matter and the blank lines after it). */
  head: string;
  segments: Segment[];
}

/**
 * Cuts a document where the compiler starts its numbered paragraphs (headings and
 * bold lead-ins at the top level, found with the edition's numbering), so that the
 * importer and the compiler agree on what a paragraph is.
 */
export function segment(text: string, file: string, section: string, numbering: Numbering): Segmented {
  const tree: Root = parseMarkdown(text, file);
  const places = new SourcePlaces(file, text);
  const front = { section, title: "", ruleset: "", edition: "", order: 0, slug: "", excerpt: false, provenance: { source: "" } } as FrontMatter;
  const { starts } = findParagraphs(tree, front, numbering, places);
  const lines = text.split("\n");
  const bodyNode = tree.children.find((n) => n.type !== "yaml");
  const bodyLine = bodyNode?.position ? bodyNode.position.start.line - 1 : lines.length;
  const cuts: { line: number; id: string }[] = [];
  for (const node of tree.children) {
    const id = starts.get(node);
    if (id !== undefined && node.position) cuts.push({ line: node.position.start.line - 1, id });
  }
  if (cuts.length === 0 || cuts[0].line > bodyLine) cuts.unshift({ line: bodyLine, id: section });
  const seen = new Map<string, number>();
  const segments = cuts.map((cut, i) => {
    const end = cuts[i + 1]?.line ?? lines.length;
    const n = (seen.get(cut.id) ?? 0) + 1;
    seen.set(cut.id, n);
    const own = lines.slice(cut.line, end);
    return { key: n === 1 ? cut.id : `${cut.id}#${n}`, id: cut.id, blocks: splitBlocks(own, cut.line), raw: own.join("\n") };
  });
  return { head: lines.slice(0, cuts[0].line).join("\n"), segments };
}

/** The text the source gives a segment, for comparing versions (annotations left out, figures by file). */
export function sourceText(segment: Segment, comparable: (block: Block) => string): string {
  return segment.blocks.filter((b) => !b.annotation).map(comparable).join("\n\n");
}
