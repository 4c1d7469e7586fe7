import type { Root, Parent, Text, Paragraph } from "mdast";
import type { VFile } from "vfile";

/** The directives the corpus uses; any other `:name` is prose, such as the odds `1:4`. */
export const KNOWN_DIRECTIVES = new Set(["chart", "calculator", "figure"]);

type DirectiveNode = { type: string; name: string; position?: { start: { offset?: number }; end: { offset?: number } } };

function isDirective(node: { type: string }): node is DirectiveNode {
  return node.type === "textDirective" || node.type === "leafDirective" || node.type === "containerDirective";
}

/**
 * remark-directive reads `12:30` and `1:4` as text directives. This plugin turns
 * every directive it does not know back into the exact source text, and merges
 * the text around it, so prose reads as written.
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
      const value = start !== undefined && end !== undefined ? source.slice(start, end) : `:${child.name}`;
      const text: Text = { type: "text", value, position: child.position as Text["position"] };
      children[i] = child.type === "textDirective" ? text : ({ type: "paragraph", children: [text], position: text.position } as Paragraph);
    } else if ("children" in child) {
      restore(child as Parent, source);
    }
  }
  mergeAdjacentText(parent);
}

function mergeAdjacentText(parent: Parent): void {
  const merged: Parent["children"] = [];
  for (const child of parent.children) {
    const last = merged.at(-1);
    if (last?.type === "text" && child.type === "text") {
      last.value += child.value;
      if (last.position && child.position) last.position = { start: last.position.start, end: child.position.end };
    } else {
      merged.push(child);
    }
  }
  parent.children = merged;
}
