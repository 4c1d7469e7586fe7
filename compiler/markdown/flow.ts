import type { Parent, RootContent } from "mdast";

/**
 * mdast nodes that hold only phrasing content (text, emphasis, links): a walk that
 * looks for flow content — code blocks, directives — need not enter them.
 */
export const PHRASING_ONLY: ReadonlySet<string> = new Set(["paragraph", "heading", "table", "tableRow", "tableCell"]);

/**
 * Visits the flow content of a tree — blocks, directives, list items, quotes — but
 * not inside phrasing-only nodes. Each node receives what its parent's visit returned
 * (such as the paragraph that owns it), and returns what its children receive.
 */
export function walkFlow<T>(parent: Parent, inherited: T, visit: (node: RootContent, inherited: T) => T): void {
  for (const child of parent.children) {
    const passed = visit(child, inherited);
    if ("children" in child && !PHRASING_ONLY.has(child.type)) walkFlow(child, passed, visit);
  }
}
