import type { Nodes, Parent, PhrasingContent, Root, RootContent, Text } from "mdast";
import type { VFile } from "vfile";
import { glossaryMatcher, glossaryTerms } from "./glossary-terms.ts";
import { documentContext, type RuleIndex, type RulebookOptions } from "./rulebook-context.ts";

/** Inside these nothing is a use of a term: links (references too), code, bold lead-ins, our own elements. */
const SKIP = new Set(["link", "linkReference", "inlineCode", "strong", "hexlawElement", "html"]);

const matchers = new WeakMap<RuleIndex, ReturnType<typeof glossaryMatcher>>();

/**
 * Terms of the edition's glossary where the text uses them: in each paragraph of
 * text, the first use of each term becomes a link to its definition with
 * `data-ref`, so it is previewed as a reference is (hover, focus, tap); later uses
 * in the same paragraph stay plain words. Headings, tables, links, code and bold
 * lead-ins are left alone, and a term is not marked in its own definition.
 */
export default function remarkGlossaryTerms(options: RulebookOptions) {
  return (tree: Root, file: VFile) => {
    const context = documentContext(tree, file, options);
    if (!context) return;
    if (!matchers.has(context.index)) matchers.set(context.index, glossaryMatcher(glossaryTerms(context.index)));
    const matcher = matchers.get(context.index);
    if (!matcher) return;

    const mark = (node: Text, used: Set<string>, own: string): PhrasingContent[] => {
      const out: PhrasingContent[] = [];
      let at = 0;
      matcher.pattern.lastIndex = 0;
      for (let match = matcher.pattern.exec(node.value); match; match = matcher.pattern.exec(node.value)) {
        const id = matcher.termOf(match);
        const href = context.href(id);
        if (used.has(id) || id === own || !href) continue;
        used.add(id);
        if (match.index > at) out.push({ type: "text", value: node.value.slice(at, match.index) });
        out.push({ type: "link", url: href, children: [{ type: "text", value: match[0] }], data: { hProperties: { className: ["term"], dataRef: id } } });
        at = match.index + match[0].length;
      }
      if (at === 0) return [node];
      if (at < node.value.length) out.push({ type: "text", value: node.value.slice(at) });
      return out;
    };
    const inline = (parent: Parent, used: Set<string>, own: string) => {
      parent.children = parent.children.flatMap<RootContent>((child) => {
        if (child.type === "text") return mark(child, used, own);
        if (!SKIP.has(child.type) && "children" in child) inline(child, used, own);
        return [child];
      });
    };
    const blocks = (node: Nodes, own: string) => {
      const paragraph = context.layout.owner.get(node) ?? own;
      if (node.type === "paragraph") return inline(node, new Set(), paragraph);
      if (node.type === "heading" || node.type === "table" || node.type === "code" || SKIP.has(node.type)) return;
      if ("children" in node) for (const child of node.children) blocks(child, paragraph);
    };
    blocks(tree, context.document.section);
  };
}
