import type { Root, Text } from "mdast";
import { SKIP, visit } from "unist-util-visit";
import type { VFile } from "vfile";
import { PHRASING_ONLY } from "./flow.ts";

/** The directives the corpus uses; any other `::name` or `:::name` line is prose. */
const KNOWN_DIRECTIVES = new Set(["chart", "calculator", "figure", "erratum", "amend"]);

/**
 * A line that happens to start with `::` reads as a directive. This plugin turns
 * every directive the corpus does not know back into the exact source text, as a
 * paragraph, so prose reads as written.
 */
export default function remarkRestoreUnknownDirectives() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value ?? "");
    visit(tree, (node, index, parent) => {
      // Directives are flow content: paragraphs, headings and tables never hold one.
      if (PHRASING_ONLY.has(node.type)) return SKIP;
      if ((node.type !== "leafDirective" && node.type !== "containerDirective") || KNOWN_DIRECTIVES.has(node.name) || !parent || index === undefined) return;
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      const value = start !== undefined && end !== undefined ? source.slice(start, end) : `::${node.name}`;
      const text: Text = { type: "text", value, position: node.position };
      parent.children[index] = { type: "paragraph", children: [text], position: text.position };
      return SKIP;
    });
  };
}
