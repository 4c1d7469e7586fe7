import type { ElementContent, Root } from "hast";
import { visit } from "unist-util-visit";
import type { VFile } from "vfile";
import { classesOf } from "./hast.ts";
import { CURIOUS, documentContext, type RulebookOptions } from "./rulebook-context.ts";

/** What a paragraph's notes hold for the curious, kept apart from its chapter. */
export interface NotesApart {
  /** The paragraph the notes are about (their `data-for`). */
  paragraph: string;
  /** What refers to it, its calculators, its constructed examples. */
  children: ElementContent[];
}

/** The notes a chapter's rendering set apart (see rehypeNotesApart). */
export function notesApart(file: VFile): NotesApart[] {
  return file.data.notesApart ?? [];
}

/**
 * With `formalRules: "apart"`: what each paragraph's notes hold for the curious
 * (remark-paragraph-notes marks it) leaves the chapter for its formal-rules page, as
 * the listings do (rehype-formal-apart), and the notes stay where they were, holding
 * what every reader sees (the book's examples, disputed ones) or nothing. The reader's
 * switch puts it back from that page (site/scripts/formal-toggle.ts). A reader loads
 * the chapter's text, not a second chapter of cross-references and test names.
 */
export default function rehypeNotesApart(options: RulebookOptions) {
  return (tree: Root, file: VFile) => {
    if (options.formalRules !== "apart") return;
    const context = documentContext(tree as never, file, options);
    const chapter = context ? context.page(context.document.slug) : null;
    const apart: NotesApart[] = [];
    visit(tree, "element", (node) => {
      const paragraph = node.properties.dataFor;
      if (!classesOf(node).includes("notes") || typeof paragraph !== "string") return;
      const curious = node.children.filter((c) => c.type === "element" && classesOf(c).includes(CURIOUS));
      if (curious.length === 0) return;
      node.children = node.children.filter((c) => !curious.includes(c));
      if (chapter) for (const part of curious) addressWithin(part, chapter);
      apart.push({ paragraph, children: curious });
      return "skip";
    });
    file.data.notesApart = apart;
  };
}

/** Gives every link within the chapter (`#id`) the chapter's address. */
function addressWithin(node: ElementContent, chapter: string): void {
  visit(node as never, "element", (element: { properties: Record<string, unknown> }) => {
    const href = element.properties.href;
    if (typeof href === "string" && href.startsWith("#")) element.properties.href = `${chapter}${href}`;
  });
}
