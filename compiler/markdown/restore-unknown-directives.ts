import type { Root, Parent, Text, Paragraph } from "mdast";
import type { VFile } from "vfile";
import { PHRASING_ONLY } from "./flow.ts";

/** The directives the corpus uses; any other `::name` or `:::name` line is prose. */
const KNOWN_DIRECTIVES = new Set(["chart", "calculator", "figure", "erratum", "amend"]);

type DirectiveNode = { type: string; name: string; position?: { start: { offset?: number }; end: { offset?: number } } };

function isDirective(node: { type: string }): node is DirectiveNode {
  return node.type === "leafDirective" || node.type === "containerDirective";
}

/**
 * A line that happens to start with `::` reads as a directive. This plugin turns
 * every directive the corpus does not know back into the exact source text, as a
 * paragraph, so prose reads as written.
 */
export default function remarkRestoreUnknownDirectives() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value ?? "");
    restore(tree, source);
  };
}

function restore(parent: Parent, source: string): void {
  const children = parent.children as Array<Parent["children"][number]>;
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (isDirective(child) && !KNOWN_DIRECTIVES.has(child.name)) {
      const start = child.position?.start.offset;
      const end = child.position?.end.offset;
      const value = start !== undefined && end !== undefined ? source.slice(start, end) : `::${child.name}`;
      const text: Text = { type: "text", value, position: child.position as Text["position"] };
      children[i] = { type: "paragraph", children: [text], position: text.position } as Paragraph;
    } else if ("children" in child && !PHRASING_ONLY.has(child.type)) {
      // Directives are flow content: paragraphs, headings and tables never hold one.
      restore(child as Parent, source);
    }
  }
}
