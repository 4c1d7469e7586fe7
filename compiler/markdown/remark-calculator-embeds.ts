import type { Root } from "mdast";
import type { VFile } from "vfile";
import { h, mdastElement } from "./hast.ts";
import { documentContext, engineKey, type RulebookOptions } from "./rulebook-context.ts";

/**
 * `::calculator{procedure=overrun}` becomes a compact card: what the calculator
 * does and a link to its page. The site's script adds "open here", which loads
 * the calculator's code on first use and builds `<hexlaw-calculator>` from the
 * card's data; without JavaScript the link is the calculator.
 */
export default function remarkCalculatorEmbeds(options: RulebookOptions) {
  return (tree: Root, file: VFile) => {
    const context = documentContext(tree, file, options);
    tree.children = tree.children.map((node) => {
      if (node.type !== "leafDirective" || node.name !== "calculator" || !context) return node;
      const name = node.attributes?.procedure ?? "";
      const procedure = context.index.procedures.find((p) => p.name === name);
      if (!procedure) return node;
      const page = context.page(`calculators/${name}`);
      const title = `${procedure.title} calculator`;
      return mdastElement(
        h("section", {
          className: ["calculator-embed", "calc-card"],
          ariaLabel: title,
          dataEngine: engineKey(context.index, name),
          dataPrefix: `${name}.`,
        }, [
          h("p", { className: ["calc-card-title"] }, [title]),
          h("p", { className: ["calc-card-text"] }, [`Fill in the situation and roll: the ruling in one line, every outcome's chance and the rules behind each step (${procedure.paragraph}).`]),
          h("p", { className: ["calc-card-actions"] }, [
            h("a", { href: page, className: ["calc-card-page"] }, [`Open the ${procedure.title.toLowerCase()} calculator`]),
          ]),
        ]),
      );
    });
  };
}
