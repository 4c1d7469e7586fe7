import type { Root } from "mdast";
import type { VFile } from "vfile";
import { h, mdastElement } from "./hast.ts";
import { highlightRules } from "./highlight-rules.ts";
import { CURIOUS, documentContext, type RulebookOptions } from "./rulebook-context.ts";

/**
 * A ```rules block becomes a collapsed listing under the paragraph it formalizes,
 * highlighted by Shiki with the language's TextMate grammar; its `@8.1a` citations
 * link to their paragraphs. A listing set apart on the chapter's formal-rules page
 * (`formalRules: "apart"`, rehype-formal-apart.ts) links a paragraph of the chapter
 * by the chapter's address, so it leads there from either page.
 */
export default function remarkRulesBlocks(options: RulebookOptions) {
  return async (tree: Root, file: VFile) => {
    const context = documentContext(tree, file, options);
    const chapter = context && options.formalRules === "apart" ? context.page(context.document.slug) : "";
    const href = (id: string) => {
      const target = context?.href(id) ?? null;
      return target?.startsWith("#") ? `${chapter}${target}` : target;
    };
    tree.children = await Promise.all(tree.children.map(async (node) => {
      if (node.type !== "code" || node.lang !== "rules") return node;
      const code = node;
      const paragraph = context?.layout.owner.get(node);
      const lines = code.value.split("\n").length;
      const summary = [`Formal rules${paragraph ? ` for ${paragraph}` : ""}`, h("span", { className: ["meta"] }, [` (${lines} line${lines === 1 ? "" : "s"})`])];
      const element = h("details", { className: ["rules-block", CURIOUS], dataFor: paragraph }, [
        h("summary", {}, summary),
        h("pre", { className: ["rules-code"], tabIndex: 0, ariaLabel: `Formal rules${paragraph ? ` for ${paragraph}` : ""}` }, [
          h("code", { className: ["language-rules"] }, await highlightRules(code.value, href)),
        ]),
      ]);
      return mdastElement(element);
    }));
  };
}
