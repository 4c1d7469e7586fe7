import type { Link, Node, Parent, Root, Text } from "mdast";
import type { VFile } from "vfile";
import { printedLeadNumber } from "../1-read/find-paragraphs.ts";
import { matchNumberAtStart } from "../1-read/numbering.ts";
import { documentContext, encodeFragment, type RulebookOptions } from "./rulebook-context.ts";

/**
 * Gives every numbered paragraph its id as its HTML id (`8.1a`, `9.2(1)`,
 * `12.D.2.a`) and turns its printed number into a permalink to itself.
 */
export default function remarkParagraphAnchors(options: RulebookOptions) {
  return (tree: Root, file: VFile) => {
    const context = documentContext(tree, file, options);
    if (!context) return;
    const kinds = new Map(context.layout.paragraphs.map((p) => [p.id, p.kind]));
    // A heading without a number keeps the anchor the source's site gives it, so links to it land there.
    for (const [node, anchor] of context.layout.headingNodes) {
      const data = (node.data ??= {});
      data.hProperties = { id: anchor, ...data.hProperties };
    }
    for (const [node, id] of context.anchors) {
      const data = (node.data ??= {});
      data.hProperties = { ...data.hProperties, id, className: ["numbered"] };
      const rules = kinds.get(id) === "item" ? context.numbering.items : context.numbering.paragraphs;
      // A lead-in whose misprinted number an erratum corrects (`**11.0d8**` read as 11.0d) links its number as printed.
      const printed = (value: string) => {
        const number = kinds.get(id) === "lead" ? printedLeadNumber(value) : null;
        return number === null ? 0 : value.length - value.trimStart().length + number.length;
      };
      linkNumber(node, id, (value) => matchNumberAtStart(rules, value, { parent: null, chapter: context.document.section })?.length ?? printed(value));
    }
  };
}

/** Wraps the paragraph number at the start of the node's first text in a link to the paragraph. */
function linkNumber(node: Node, id: string, numberLength: (value: string) => number): void {
  let parent = node as Parent;
  while (parent.children?.length && parent.children[0].type !== "text") {
    const first = parent.children[0] as Parent;
    if (!("children" in first)) return;
    parent = first;
  }
  const first = parent.children?.[0] as Text | undefined;
  if (!first || first.type !== "text") return;
  const length = numberLength(first.value);
  if (length <= 0) return;
  const lead = first.value.length - first.value.trimStart().length;
  const number = first.value.slice(lead, length).trimEnd();
  if (!number) return;
  const link: Link = {
    type: "link",
    url: `#${encodeFragment(id)}`,
    children: [{ type: "text", value: number }],
    data: { hProperties: { className: ["pnum"], title: `Link to ${id}` }, hexlawPermalink: true },
  };
  const rest = first.value.slice(lead + number.length);
  parent.children.splice(0, 1, ...(lead ? [{ type: "text", value: first.value.slice(0, lead) } as Text] : []), link, ...(rest ? [{ type: "text", value: rest } as Text] : []));
}
