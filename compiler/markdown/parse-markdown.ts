import type { Root } from "mdast";
import remarkFrontmatter from "remark-frontmatter";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { VFile } from "vfile";
import remarkBlockDirectives from "./remark-block-directives.ts";
import remarkGfmTables from "./remark-gfm-tables.ts";
import remarkRestoreUnknownDirectives from "./restore-unknown-directives.ts";

const processor = unified()
  .use(remarkParse)
  .use(remarkFrontmatter, ["yaml"])
  .use(remarkGfmTables)
  .use(remarkBlockDirectives)
  .use(remarkRestoreUnknownDirectives);

/** The syntax extensions every rule document is read with (the site uses the same list). */
export const remarkSyntax = [[remarkFrontmatter, ["yaml"]], remarkGfmTables, remarkBlockDirectives, remarkRestoreUnknownDirectives] as const;

/** Parses a rule document into mdast with positions, directives restored. */
export function parseMarkdown(source: string, path: string): Root {
  const file = new VFile({ value: source, path });
  const tree = processor.parse(file);
  return processor.runSync(tree, file) as Root;
}
