import type { Root } from "mdast";
import type { LeafDirective } from "mdast-util-directive";
import { toString } from "mdast-util-to-string";
import { h, mdastElement } from "./hast.ts";

/** `::figure[Caption]{src=…}`: an illustration of the source that is not reproduced, said as such. */
export default function remarkFigures() {
  return (tree: Root) => {
    tree.children = tree.children.map((node) => {
      if (node.type !== "leafDirective" || (node as LeafDirective).name !== "figure") return node;
      const directive = node as LeafDirective;
      const caption = toString(directive) || "Illustration";
      const src = directive.attributes?.src ?? "";
      return mdastElement(
        h("figure", { className: ["figure-note"] }, [
          h("figcaption", {}, [h("span", { className: ["label"] }, ["Illustration not reproduced: "]), caption, src ? h("span", { className: ["file"] }, [` (${src})`]) : null]),
        ]),
      ) as unknown as Root["children"][number];
    });
  };
}
