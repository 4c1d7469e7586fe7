import type { Root } from "mdast";
import { visit } from "unist-util-visit";
import type { Session } from "../diagnostics/session.ts";
import { urlProblem } from "../url-policy.ts";
import type { SourcePlaces } from "./source-places.ts";

/** Directive attributes that hold an address (`::figure[…]{src=…}`). */
const URL_ATTRIBUTES = ["src", "href", "url"] as const;

const KINDS = { link: "A link", image: "An image", definition: "A link definition" } as const;

/**
 * Reports every link, image, link definition and directive address in a document
 * that the URL policy refuses (compiler/url-policy.ts). Raw HTML needs no check:
 * the site shows it as text, never as markup.
 */
export function checkLinks(tree: Root, places: SourcePlaces, session: Session): void {
  visit(tree, (node) => {
    const addresses: [string, string][] = [];
    if (node.type === "link" || node.type === "image" || node.type === "definition") addresses.push([KINDS[node.type], node.url]);
    if (node.type === "leafDirective" || node.type === "containerDirective" || node.type === "textDirective") {
      for (const key of URL_ATTRIBUTES) {
        const value = node.attributes?.[key];
        if (typeof value === "string") addresses.push([`The \`${key}\` of \`::${node.name}\``, value]);
      }
    }
    for (const [what, url] of addresses) {
      const reason = urlProblem(url);
      if (reason === null) continue;
      const start = node.position?.start.offset ?? 0;
      const end = node.position?.end.offset ?? start;
      session.report("HX0010", { what, url, reason }, (url && places.find(url, start, end)) || places.span(start, end));
    }
  });
}
