import { gfmTableFromMarkdown, gfmTableToMarkdown } from "mdast-util-gfm-table";
import { gfmTable } from "micromark-extension-gfm-table";
import type { Processor } from "unified";

/**
 * GitHub-flavoured tables, and nothing else of GFM: charts are tables, while
 * autolinked URLs, footnotes and strikethrough never occur in rules and cost a
 * third more parsing time. The compiler and the site both read documents this way.
 */
/** `|`: a chart row starts with a bar, so only lines that do are tried as tables. */
const VERTICAL_BAR = "|".charCodeAt(0);

export default function remarkGfmTables(this: Processor) {
  const data = this.data() as {
    micromarkExtensions?: unknown[];
    fromMarkdownExtensions?: unknown[];
    toMarkdownExtensions?: unknown[];
  };
  (data.micromarkExtensions ??= []).push({ flow: { [VERTICAL_BAR]: gfmTable().flow!.null } });
  (data.fromMarkdownExtensions ??= []).push(gfmTableFromMarkdown());
  (data.toMarkdownExtensions ??= []).push(gfmTableToMarkdown());
}
