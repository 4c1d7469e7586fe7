import type { Root } from "mdast";
import type { LeafDirective } from "mdast-util-directive";
import { toString } from "mdast-util-to-string";
import { h, mdastElement } from "./hast.ts";

/**
 * `::erratum[note]{printed=… reads=…}`: a note under the paragraph saying what the
 * source prints, what it should read, and why (the reference itself is corrected
 * by remark-references; the source's text is never changed).
 */
export default function remarkErrata() {
  return (tree: Root) => {
    tree.children = tree.children.map((node) => {
      if (node.type !== "leafDirective" || (node as LeafDirective).name !== "erratum") return node;
      const directive = node as LeafDirective;
      const printed = directive.attributes?.printed ?? "";
      const reads = directive.attributes?.reads ?? "";
      const said = printed === reads ? `the link on “${printed}” goes to ${reads}` : `“${printed}” should read ${reads}`;
      return mdastElement(
        h("aside", { className: ["erratum"], role: "note" }, [
          h("p", {}, [h("span", { className: ["label"] }, ["Erratum (not in the source): "]), `${said}. `, toString(directive)]),
        ]),
      ) as unknown as Root["children"][number];
    });
  };
}
