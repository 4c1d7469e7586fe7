import type { Node, Parent } from "mdast";
import type { LeafDirective } from "mdast-util-directive";
import { toString } from "mdast-util-to-string";
import { figurePath } from "./figure-file.ts";
import type { SourcePlaces } from "./source-places.ts";
import type { Embed } from "./types.ts";

/** Finds `::calculator{procedure=…}` and `::figure[…]{src=…}` directives (a figure with the path its `src` names). */
export function findEmbeds(tree: Parent, owner: Map<Node, string>, places: SourcePlaces): Embed[] {
  const embeds: Embed[] = [];
  for (const node of tree.children) {
    if (node.type !== "leafDirective") continue;
    const directive = node as LeafDirective;
    if (directive.name !== "calculator" && directive.name !== "figure") continue;
    const attributes: Record<string, string> = {};
    for (const [key, value] of Object.entries(directive.attributes ?? {})) if (value != null) attributes[key] = value;
    if (directive.name === "figure") attributes.caption = toString(directive);
    const figure = directive.name === "figure" && attributes.src ? figurePath(places.file, attributes.src).path : undefined;
    embeds.push({
      kind: directive.name,
      attributes,
      ...(figure === undefined ? {} : { figure }),
      paragraph: owner.get(node) ?? "",
      file: places.file,
      place: places.span(directive.position?.start.offset ?? 0, directive.position?.end.offset ?? 0),
    });
  }
  return embeds;
}
