import type { Parent, PhrasingContent, Root, RootContent } from "mdast";
import type { VFile } from "vfile";
import { h, mdastElement } from "./hast.ts";
import { documentContext, type RulebookOptions } from "./rulebook-context.ts";

type Meanings = Record<string, { tag: string; meaning: string }>;

/**
 * Words the source marks by colour (remark-colour-marks.ts) say what the colour means, at
 * a glance and without relying on colour: each carries its edition's tag (`P`, `NP`) before
 * the words, the meaning as its title and, for a screen reader, after them; a legend of the
 * tags comes before the first block of a page that holds a mark. A colour the edition does
 * not explain is shown as the source prints it, nothing more.
 */
export default function remarkMarkMeanings(options: RulebookOptions) {
  return (tree: Root, file: VFile) => {
    const context = documentContext(tree, file, options);
    const meanings: Meanings = context?.index.edition.marks ?? {};
    if (Object.keys(meanings).length === 0) return;
    const used = new Set<string>();
    let first = -1;
    tree.children.forEach((node, i) => {
      const before = used.size;
      explain(node, meanings, used);
      if (first < 0 && used.size > before) first = i;
    });
    if (first >= 0) tree.children.splice(first, 0, legend(meanings, used));
  };
}

function explain(node: RootContent | PhrasingContent, meanings: Meanings, used: Set<string>): void {
  if (node.type === "colourMark") {
    const mark = node;
    const meaning = meanings[mark.colour];
    if (!meaning) return;
    used.add(mark.colour);
    mark.data = { ...mark.data, hProperties: { ...mark.data?.hProperties, title: meaning.meaning } };
    mark.children = [
      mdastElement(h("span", { className: ["mark-tag"], ariaHidden: "true" }, [meaning.tag])),
      ...mark.children,
      mdastElement(h("span", { className: ["visually-hidden"] }, [` (${meaning.meaning})`])),
    ];
    return;
  }
  if ("children" in node) for (const child of (node as Parent).children) explain(child as RootContent, meanings, used);
}

function legend(meanings: Meanings, used: Set<string>) {
  const entries = [...used].map((colour) =>
    h("span", { className: ["mark-legend-entry"] }, [h("mark", { className: ["colour-mark"], dataColour: colour }, [h("span", { className: ["mark-tag"] }, [meanings[colour].tag])]), " ", meanings[colour].meaning]),
  );
  return mdastElement(h("p", { className: ["mark-legend"] }, entries));
}
