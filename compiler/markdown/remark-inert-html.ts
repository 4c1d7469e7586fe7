import type { Parent, Root } from "mdast";

/**
 * Raw HTML in a rule document is shown as the text it is, never parsed: a
 * `<script>` or an `onerror=` in a chapter cannot run on the site.
 */
export default function remarkInertHtml() {
  return (tree: Root) => {
    const visit = (parent: Parent) => {
      parent.children = parent.children.map((child) => {
        if (child.type === "html") {
          const value = { type: "text" as const, value: child.value, position: child.position };
          return (parent.type === "paragraph" || parent.type === "heading" || parent.type === "tableCell" || "phrasing" in (child.data ?? {}) || isPhrasingParent(parent))
            ? value
            : ({ type: "paragraph", children: [value], position: child.position, data: { hProperties: { className: ["raw-html"] } } } as Parent["children"][number]);
        }
        if ("children" in child) visit(child as Parent);
        return child;
      }) as Parent["children"];
    };
    visit(tree);
  };
}

function isPhrasingParent(parent: Parent): boolean {
  return ["emphasis", "strong", "delete", "link", "linkReference", "textDirective"].includes(parent.type);
}
