import type { Element, ElementContent } from "hast";
import type { ListItem, Node, Root } from "mdast";
import type { VFile } from "vfile";
import { h, mdastElement } from "./hast.ts";
import { CURIOUS, documentContext, type DocumentContext, type IndexParagraph, type RulebookOptions } from "./rulebook-context.ts";

/**
 * Under each paragraph: what references it, which calculators use it, and how
 * its worked examples fared against the engines ("checked", or "disputed" with
 * the reason). All of it is read from the rule index. What is there for the curious
 * (the references to it, the calculators, the examples written to pin a rule down
 * rather than printed in the book) is marked `curious`: the site shows it only to a
 * reader who asks for the formal rules, and never on paper. The book's own examples
 * and every disputed example are for every reader.
 */
export default function remarkParagraphNotes(options: RulebookOptions) {
  return (tree: Root, file: VFile) => {
    const context = documentContext(tree, file, options);
    if (!context) return;
    const { owner } = context.layout;
    // Items carry their notes inside the list item; other paragraphs after their last top-level node.
    for (const [node, id] of owner) {
      if (node.type !== "listItem" || !context.anchors.has(node)) continue;
      const notes = notesFor(id, context);
      if (notes) (node as ListItem).children.push(mdastElement(notes));
    }
    const lastNode = new Map<string, Node>();
    for (const node of tree.children) {
      const id = owner.get(node);
      if (id && !isItem(id, context)) lastNode.set(id, node);
    }
    const after = new Map([...lastNode].map(([id, node]) => [node, id]));
    tree.children = tree.children.flatMap((node) => {
      const id = after.get(node);
      const notes = id ? notesFor(id, context) : null;
      return notes ? [node, mdastElement(notes)] : [node];
    });
  };
}

/** An example written to pin a rule down, not printed in the book: its title says so (rules/README.md, "Examples"). */
const CONSTRUCTED = /^Constructed\b/;

function isItem(id: string, context: DocumentContext): boolean {
  return context.index.paragraphs[id]?.kind === "item";
}

function notesFor(id: string, context: DocumentContext): Element | null {
  const paragraph = context.index.paragraphs[id];
  if (!paragraph) return null;
  const parts: ElementContent[] = [];
  if (paragraph.referencedBy.length > 0) {
    const links = paragraph.referencedBy.flatMap((from, i) => {
      const href = context.href(from);
      const link = href ? h("a", { href, className: ["ref"], dataRef: from }, [from]) : h("span", {}, [from]);
      return i === 0 ? [link] : [", ", link];
    });
    parts.push(h("p", { className: ["referenced-by", CURIOUS] }, [h("span", { className: ["label"] }, ["Referenced by"]), " ", ...links]));
  }
  const calculators = paragraph.procedures.map((name) => context.index.procedures.find((p) => p.name === name)).filter((p) => p !== undefined);
  if (calculators.length > 0) {
    const links = calculators.flatMap((p, i) => {
      const link = h("a", { href: context.page(`calculators/${p.name}`), className: ["calc-link"] }, [p.title]);
      return i === 0 ? [link] : [", ", link];
    });
    parts.push(h("p", { className: ["used-by", CURIOUS] }, [h("span", { className: ["label"] }, [calculators.length > 1 ? "Calculators" : "Calculator"]), " ", ...links]));
  }
  const constructed = paragraph.examples.filter((e) => CONSTRUCTED.test(e.title) && e.status !== "disputed");
  const printed = paragraph.examples.filter((e) => !constructed.includes(e));
  if (printed.length > 0) parts.push(exampleList(printed, [], `Worked examples of ${id}`));
  if (constructed.length > 0) parts.push(exampleList(constructed, [CURIOUS], `Constructed examples of ${id}`));
  if (parts.length === 0) return null;
  return h("div", { className: ["notes"], dataFor: id }, parts);
}

type Example = IndexParagraph["examples"][number];

function exampleList(examples: Example[], className: string[], label: string): Element {
  return h("ul", { className: ["examples", ...className], ariaLabel: label }, examples.map((example) =>
    h("li", { className: ["example", example.status] }, [
      h("span", { className: ["example-title"] }, [`Example “${example.title}”`]),
      " ",
      h("span", { className: ["badge", example.status] }, [example.status]),
      "reason" in example && example.reason ? h("span", { className: ["reason"] }, [`: ${example.reason}`]) : null,
    ]),
  ));
}
