import type { Root } from "mdast";
import remarkFrontmatter from "remark-frontmatter";
import remarkParse from "remark-parse";
import { unified, type PluggableList } from "unified";
import { VFile } from "vfile";
import remarkBlockDirectives from "./remark-block-directives.ts";
import remarkColourMarks from "./remark-colour-marks.ts";
import remarkGfmTables from "./remark-gfm-tables.ts";
import remarkRestoreUnknownDirectives from "./restore-unknown-directives.ts";

/** The syntax extensions every rule document is read with (the site uses the same list). */
export const remarkSyntax: PluggableList = [[remarkFrontmatter, ["yaml"]], remarkGfmTables, remarkBlockDirectives, remarkRestoreUnknownDirectives, remarkColourMarks];

const processor = unified().use(remarkParse).use(remarkSyntax);

/** Parses a rule document into mdast with positions, directives restored. */
export function parseMarkdown(source: string, path: string): Root {
  const file = new VFile({ value: source, path });
  const tree = processor.parse(file);
  return processor.runSync(tree, file) as Root;
}

/**
 * A rule document's syntax tree as parsed, before any plugin transforms it: what a
 * pipeline with `remarkSyntax` (the site's, rulebook-plugins.ts) parses, as the
 * syntax depends on the text alone.
 */
export function parseSyntax(source: string): Root {
  return processor.parse(new VFile({ value: source }));
}
