import type { Root } from "mdast";
import type { LeafDirective } from "mdast-util-directive";
import type { VFile } from "vfile";
import { h, mdastElement } from "./hast.ts";
import { calculatorConfig, documentContext, engineKey, type RulebookOptions } from "./rulebook-context.ts";

/**
 * `::calculator{procedure=overrun}` becomes a `<hexlaw-calculator>` element that
 * the site's script upgrades; without JavaScript it is a link to the calculator page.
 */
export default function remarkCalculatorEmbeds(options: RulebookOptions) {
  return (tree: Root, file: VFile) => {
    const context = documentContext(tree, file, options);
    tree.children = tree.children.map((node) => {
      if (node.type !== "leafDirective" || (node as LeafDirective).name !== "calculator" || !context) return node;
      const name = (node as LeafDirective).attributes?.procedure ?? "";
      const procedure = context.index.procedures.find((p) => p.name === name);
      if (!procedure) return node;
      const page = context.page(`calculators/${name}`);
      return mdastElement(
        h("section", { className: ["calculator-embed"], ariaLabel: `${procedure.title} calculator` }, [
          h("hexlaw-calculator", { engine: engineKey(context.index, name), prefix: `${name}.`, config: JSON.stringify(calculatorConfig(context.index, name, options.base)) }, [
            h("p", { className: ["calculator-fallback"] }, [
              h("a", { href: page }, [`${procedure.title} calculator`]),
              ": works out eligibility, odds and every outcome's chance from the rules above (needs JavaScript).",
            ]),
          ]),
        ]),
      ) as unknown as Root["children"][number];
    });
  };
}
