import { readFileSync } from "node:fs";
import type { Element, Root } from "hast";
import rehypeStringify from "rehype-stringify";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified, type PluggableList } from "unified";
import { VFile } from "vfile";
import { GRAMMAR_DIR } from "../grammars.ts";
import rehypeHeadingIds from "./rehype-heading-ids.ts";
import rehypeRulesCode from "./rehype-rules-code.ts";
import rehypeSafeLinks from "./rehype-safe-links.ts";
import remarkGfmTables from "./remark-gfm-tables.ts";

/** The language reference: grammar/README.md, the same file GitHub and editors show. */
export const LANGUAGE_REFERENCE = new URL("README.md", GRAMMAR_DIR);

export interface RenderedReference {
  /** The reference's own title (its first heading). */
  title: string;
  /** What comes before its first part (what the reference is), as HTML. */
  intro: string;
  /** Its parts, as HTML. */
  html: string;
  /** Its parts (level 2 headings) and their sections (level 3), as HTML, for a table of contents. */
  contents: ContentsEntry[];
}

export interface ContentsEntry {
  slug: string;
  html: string;
  sections: { slug: string; html: string }[];
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfmTables as unknown as PluggableList)
  .use(remarkRehype)
  .use(rehypeRulesCode)
  .use(rehypeSafeLinks)
  .use(rehypeHeadingIds)
  .use(rehypeScrollable)
  .use(rehypeStringify);

/**
 * The language reference as HTML, for the site's "Rules language" page: rendered from
 * the Markdown file itself, its examples' rules highlighted as chapters highlight theirs.
 */
export async function renderLanguageReference(markdown = readFileSync(LANGUAGE_REFERENCE, "utf8")): Promise<RenderedReference> {
  const title = /^# (.+)$/m.exec(markdown)?.[1] ?? "The rules language";
  const body = markdown.replace(/^# .+\n/m, "");
  const file = new VFile({ value: body });
  const tree = await processor.run(processor.parse(file), file);
  const first = tree.children.findIndex((node) => node.type === "element" && node.tagName === "h2");
  const introNodes = first < 0 ? [] : tree.children.slice(0, first);
  const partNodes = first < 0 ? tree.children : tree.children.slice(first);
  const contents: ContentsEntry[] = [];
  for (const node of partNodes) {
    const depth = node.type === "element" ? /^h([23])$/.exec(node.tagName)?.[1] : undefined;
    if (!depth || node.type !== "element") continue;
    const entry = { slug: String(node.properties.id), html: processor.stringify({ type: "root", children: node.children }) };
    if (depth === "2") contents.push({ ...entry, sections: [] });
    else contents.at(-1)?.sections.push(entry);
  }
  return {
    title,
    intro: processor.stringify({ type: "root", children: introNodes }),
    html: processor.stringify({ type: "root", children: partNodes }, file),
    contents,
  };
}

/** Code blocks and tables scroll sideways on a narrow screen: each can be focused, to scroll it from the keyboard. */
function rehypeScrollable() {
  return (tree: Root) => {
    const visit = (node: Root | Element) => {
      for (const child of node.children) {
        if (child.type !== "element") continue;
        if (child.tagName === "pre" || child.tagName === "table") child.properties = { ...child.properties, tabIndex: 0 };
        else visit(child);
      }
    };
    visit(tree);
  };
}
