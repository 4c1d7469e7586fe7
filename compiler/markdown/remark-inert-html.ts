import type { Parent, Root } from "mdast";
import { visit } from "unist-util-visit";

/**
 * Raw HTML in a rule document is shown as the text it is, never parsed: a
 * `<script>` or an `onerror=` in a chapter cannot run on the site.
 */
export default function remarkInertHtml() {
  return (tree: Root) => {
    visit(tree, "html", (node, index, parent) => {
      if (!parent || index === undefined) return;
      const value = { type: "text" as const, value: node.value, position: node.position };
      parent.children[index] = (parent.type === "paragraph" || parent.type === "heading" || parent.type === "tableCell" || "phrasing" in (node.data ?? {}) || isPhrasingParent(parent))
        ? value
        : { type: "paragraph", children: [value], position: node.position, data: { hProperties: { className: ["raw-html"] } } };
    });
  };
}

function isPhrasingParent(parent: Parent): boolean {
  return ["emphasis", "strong", "delete", "link", "linkReference", "textDirective"].includes(parent.type);
}
