import { readFileSync } from "node:fs";
import type { Element, Root } from "hast";
import rehypeStringify from "rehype-stringify";
import { toString } from "mdast-util-to-string";
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
  /** Each part on its own: its heading's slug and words, and its HTML after the heading, for a page per part. */
  parts: { slug: string; title: string; html: string }[];
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
export function renderLanguageReference(markdown = readFileSync(LANGUAGE_REFERENCE, "utf8")): Promise<RenderedReference> {
  return renderReference(markdown, "The rules language");
}

/** A reference document (a title, what it is, then parts under level 2 headings) as HTML, whole and part by part. */
export async function renderReference(markdown: string, untitled: string): Promise<RenderedReference> {
  const title = /^# (.+)$/m.exec(markdown)?.[1] ?? untitled;
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
  const parts: RenderedReference["parts"] = [];
  let children: typeof partNodes = [];
  for (const node of [...partNodes, undefined]) {
    const heading = node?.type === "element" && node.tagName === "h2";
    if (node === undefined || heading) {
      const last = parts.at(-1);
      if (last) last.html = processor.stringify({ type: "root", children }, file);
      if (heading) parts.push({ slug: String(node.properties.id), title: toString(node), html: "" });
      children = [];
    } else children.push(node);
  }
  return {
    title,
    intro: processor.stringify({ type: "root", children: introNodes }),
    html: processor.stringify({ type: "root", children: partNodes }, file),
    contents,
    parts,
  };
}

/** A short Markdown text (a doc comment) as HTML, rendered as the references are. */
export async function markdownHtml(markdown: string): Promise<string> {
  const file = new VFile({ value: markdown });
  return processor.stringify(await processor.run(processor.parse(file), file), file);
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
