// The headings of a rendered rule document: each without an id gets GitHub's slug of
// its text (github-slugger, one per document, so a repeated heading gets `-1`), as
// Astro's Markdown pages name theirs, and the list of them is left in `file.data`
// for the chapter page's table of contents (`headingsOf`). What Astro's own plugin
// does for Markdown, without loading Astro's whole Markdown package (MDX, Prism,
// SmartyPants and more, ~150 modules) into the build to have it.
import Slugger from "github-slugger";
import type { Element, Root } from "hast";
import { SKIP, visit } from "unist-util-visit";
import type { VFile } from "vfile";
import type {} from "./nodes.ts";

export interface Heading {
  depth: number;
  slug: string;
  text: string;
}

const HEADING = /^h([1-6])$/;

export default function rehypeHeadingIds() {
  return (tree: Root, file: VFile) => {
    const slugger = new Slugger();
    const headings: Heading[] = [];
    visit(tree, "element", (node) => {
      const level = HEADING.exec(node.tagName);
      if (!level) return;
      const text = textOf(node);
      if (typeof node.properties.id !== "string") node.properties.id = slugger.slug(text);
      headings.push({ depth: Number(level[1]), slug: node.properties.id, text });
      return SKIP;
    });
    file.data.headings = headings;
  };
}

/** The headings `rehypeHeadingIds` found in a rendered file, in document order. */
export function headingsOf(file: VFile): Heading[] {
  return file.data.headings ?? [];
}

/** The text of an element: its text nodes, in order. */
function textOf(node: Element): string {
  let text = "";
  for (const child of node.children) {
    if (child.type === "text") text += child.value;
    else if (child.type === "element") text += textOf(child);
  }
  return text;
}
