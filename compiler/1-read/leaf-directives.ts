import type { Node, Parent } from "mdast";
import type { LeafDirective } from "mdast-util-directive";

/** A leaf directive of a document and the paragraph it follows. */
export interface PlacedDirective {
  directive: LeafDirective;
  /** The paragraph of the top-level node it is, or of the list item it is in (the paragraph the item is part of, if the item has no number). */
  paragraph: string;
}

/**
 * The leaf directives named `name` (`::erratum`, `::amend`) of a document, at the top level
 * and inside list items at any depth, where the site renders them too, in document order.
 */
export function leafDirectives(tree: Parent, owner: Map<Node, string>, name: string): PlacedDirective[] {
  const found: PlacedDirective[] = [];
  const collect = (nodes: Node[], from: string | undefined) => {
    for (const node of nodes) {
      if (node.type === "list") for (const item of (node as Parent).children) collect((item as Parent).children, owner.get(item) ?? from);
      else if (node.type === "leafDirective" && (node as LeafDirective).name === name) found.push({ directive: node as LeafDirective, paragraph: from ?? owner.get(node) ?? "" });
    }
  };
  collect(tree.children, undefined);
  return found;
}
