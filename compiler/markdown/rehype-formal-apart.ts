import type { Element, ElementContent, Root } from "hast";
import type { VFile } from "vfile";
import { classesOf, h } from "./hast.ts";
import { renderedContext, type RulebookOptions } from "./rulebook-context.ts";

/** A rules block's listing, kept apart from its chapter. */
export interface FormalListing {
  /** Its id on the chapter's formal-rules page: `rules-1`, `rules-2`, … in the chapter's order. */
  id: string;
  /** The paragraph it formalizes, if any. */
  paragraph: string | null;
  /** "Formal rules for 9.1e (12 lines)". */
  summary: ElementContent[];
  /** The highlighted `<pre>`. */
  listing: Element;
}

/** The listings a chapter's rendering set apart (see rehypeFormalApart). */
export function formalListings(file: VFile): FormalListing[] {
  return file.data.formalRules ?? [];
}

/**
 * With `formalRules: "apart"`: a chapter carries only each rules block's summary and a
 * link to its listing on the chapter's formal-rules page (`<chapter>/formal/#rules-3`),
 * where the reader's switch fetches it from. The listings, most of a formalized
 * chapter's markup and hidden while reading, stay off the page a reader loads, and
 * the link works without JavaScript. Runs after rehype-safe-links, so what is set
 * apart was made safe with the rest; remark-rules-blocks has linked a citation of the
 * same chapter by the chapter's address, so it leads there from either page.
 */
export default function rehypeFormalApart(options: RulebookOptions) {
  return (tree: Root, file: VFile) => {
    if (options.formalRules !== "apart") return;
    const context = renderedContext(file);
    if (!context) return;
    const page = context.page(`${context.document.slug}/formal`);
    const listings: FormalListing[] = [];
    // remark-rules-blocks makes each block at the top of the document, where it was: no need to walk the whole tree.
    for (const node of tree.children) {
      if (node.type !== "element" || node.tagName !== "details" || !classesOf(node).includes("rules-block")) continue;
      const summary = node.children.find((c): c is Element => c.type === "element" && c.tagName === "summary");
      const listing = node.children.find((c): c is Element => c.type === "element" && c.tagName === "pre");
      if (!summary || !listing) continue;
      const id = `rules-${listings.length + 1}`;
      const paragraph = typeof node.properties.dataFor === "string" ? node.properties.dataFor : null;
      listings.push({ id, paragraph, summary: summary.children, listing });
      node.children = [summary, h("p", { className: ["rules-apart"] }, [h("a", { href: `${page}#${id}` }, [`Formal rules${paragraph ? ` for ${paragraph}` : ""}`]), " on this chapter’s formal-rules page"])];
    }
    file.data.formalRules = listings;
  };
}
