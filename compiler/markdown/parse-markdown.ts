import type { Root } from "mdast";
import remarkDirective from "remark-directive";
import remarkFrontmatter from "remark-frontmatter";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { VFile } from "vfile";
import remarkGfmTables from "./remark-gfm-tables.ts";
import remarkRestoreUnknownDirectives from "./restore-unknown-directives.ts";

const processor = unified()
  .use(remarkParse)
  .use(remarkFrontmatter, ["yaml"])
  .use(remarkGfmTables)
  .use(remarkDirective)
  .use(remarkRestoreUnknownDirectives);

/** The syntax extensions every rule document is read with (the site uses the same list). */
export const remarkSyntax = [[remarkFrontmatter, ["yaml"]], remarkGfmTables, remarkDirective, remarkRestoreUnknownDirectives] as const;

/** Parses a rule document into mdast with positions, directives restored. */
export function parseMarkdown(source: string, path: string): Root {
  const file = new VFile({ value: source, path });
  const tree = processor.parse(file);
  return processor.runSync(tree, file) as Root;
}
