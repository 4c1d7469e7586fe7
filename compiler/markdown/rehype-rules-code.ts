import type { Element, ElementContent, Root, RootContent } from "hast";
import { h, text } from "./hast.ts";
import { highlightRules } from "./highlight-rules.ts";

/** A ```rules fence inside a Markdown example, as a line of it. */
const RULES_FENCE = /^\s*```rules\s*$/;
const FENCE_END = /^\s*```\s*$/;

/**
 * Code blocks of a document about the language (grammar/README.md), as the site
 * shows them: a ```rules block highlighted as chapters highlight theirs, and a
 * ````markdown block — the body of a chapter — with the rules blocks inside it
 * highlighted and its prose as it is. A block marked `example` (`example HX0203`:
 * one that shows a mistake) is captioned as one.
 */
export default function rehypeRulesCode() {
  return async (tree: Root) => {
    const blocks: { pre: Element; code: Element; parent: Element | Root; index: number }[] = [];
    const visit = (parent: Element | Root) => {
      parent.children.forEach((node, index) => {
        if (node.type !== "element") return;
        const code = node.tagName === "pre" ? node.children.find((c): c is Element => c.type === "element" && c.tagName === "code") : undefined;
        if (code) blocks.push({ pre: node, code, parent, index });
        else visit(node);
      });
    };
    visit(tree);
    // Last first, so that wrapping a block does not move the ones before it.
    for (const { pre, code, parent, index } of blocks.reverse()) {
      const language = languageOf(code);
      if (language !== "rules" && language !== "markdown") continue;
      const source = textOf(code).replace(/\n$/, "");
      code.children = language === "rules" ? await highlightRules(source, () => null) : await highlightEmbedded(source);
      pre.properties = { ...pre.properties, className: ["rules-code"] };
      const meta = ((code.data as { meta?: string } | undefined)?.meta ?? "").split(/\s+/).filter(Boolean);
      if (meta[0] !== "example") continue;
      const codes = meta.slice(1);
      const caption = codes.length > 0 ? `A mistake: the compiler reports ${codes.join(", ")}` : "Example";
      (parent.children as RootContent[])[index] = h("figure", { className: ["language-example", codes.length > 0 ? "mistake" : "runs"] }, [
        h("figcaption", {}, [caption]),
        pre,
      ]);
    }
  };
}

/** The lines of a chapter body: those of its rules blocks highlighted, the others as text. */
async function highlightEmbedded(source: string): Promise<ElementContent[]> {
  const out: ElementContent[] = [];
  let rules: string[] | null = null;
  let prose: string[] = [];
  const flushProse = () => {
    if (prose.length > 0) out.push(text(`${prose.join("\n")}\n`));
    prose = [];
  };
  for (const line of source.split("\n")) {
    if (rules === null) {
      prose.push(line);
      if (RULES_FENCE.test(line)) {
        flushProse();
        rules = [];
      }
    } else if (FENCE_END.test(line)) {
      out.push(...(await highlightRules(rules.join("\n"), () => null)), text(`\n${line}\n`));
      rules = null;
    } else rules.push(line);
  }
  if (rules !== null) prose.push(...rules);
  flushProse();
  const last = out.at(-1);
  if (last?.type === "text") last.value = last.value.replace(/\n$/, "");
  return out;
}

function languageOf(code: Element): string | null {
  const classes = code.properties.className;
  const list = Array.isArray(classes) ? classes : [];
  const language = list.map(String).find((c) => c.startsWith("language-"));
  return language ? language.slice("language-".length) : null;
}

function textOf(node: ElementContent): string {
  if (node.type === "text") return node.value;
  return node.type === "element" ? node.children.map(textOf).join("") : "";
}
