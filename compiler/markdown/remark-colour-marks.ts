import type { Html, Parent, PhrasingContent, Root } from "mdast";

/** Words the source prints in a colour (`<span style="color: red;">…</span>`), kept as a mark of that colour. */
export interface ColourMark extends Parent {
  type: "colourMark";
  colour: string;
  children: PhrasingContent[];
}

declare module "mdast" {
  interface PhrasingContentMap {
    colourMark: ColourMark;
  }
  interface RootContentMap {
    colourMark: ColourMark;
  }
}

/** The one form of a colour span that is read: a named colour, nothing else inside the tag. */
const OPEN = /^<span style="color:\s?([a-z]{1,20});?">$/i;
const CLOSE = /^<\/span\s*>$/i;

/**
 * A source may mark words by their colour: the OCS web transcription's 2.2 prints where the
 * phasing player may fight in red and where the non-phasing player may in blue. Raw HTML
 * is inert (remark-inert-html.ts), so such a span would read as its tag: this plugin turns
 * exactly `<span style="color: NAME;">words</span>` within one paragraph, list item or
 * chart cell into a `colourMark` node holding the words, so the compiler reads the words
 * and the site shows the mark (what each colour means is the edition's `marks`). Any other
 * tag stays inert text.
 */
export default function remarkColourMarks() {
  return (tree: Root) => {
    visit(tree);
  };
}

function visit(parent: Parent): void {
  const children = parent.children as PhrasingContent[];
  let marked: PhrasingContent[] | null = null;
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if ("children" in child) visit(child as Parent);
    const open = child.type === "html" ? OPEN.exec(child.value) : null;
    const close = open ? closing(children, i + 1) : -1;
    if (!open || close < 0) {
      marked?.push(child);
      continue;
    }
    marked ??= children.slice(0, i);
    const inside = children.slice(i + 1, close);
    for (const node of inside) if ("children" in node) visit(node as Parent);
    const end = (children[close] as Html).position?.end;
    marked.push({
      type: "colourMark",
      colour: open[1].toLowerCase(),
      children: inside,
      position: child.position && end ? { start: child.position.start, end } : undefined,
      data: { hName: "mark", hProperties: { className: ["colour-mark"], dataColour: open[1].toLowerCase() } },
    } as ColourMark);
    i = close;
  }
  if (marked) parent.children = marked as Parent["children"];
}

/** The `</span>` that closes a span opened just before `from`, if no other HTML comes first. */
function closing(children: PhrasingContent[], from: number): number {
  for (let j = from; j < children.length; j++) {
    const node = children[j];
    if (node.type === "html") return CLOSE.test(node.value) ? j : -1;
  }
  return -1;
}
