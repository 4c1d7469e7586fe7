import type { Node, Parent } from "mdast";
import type { Session } from "../diagnostics/session.ts";
import { urlProblem } from "../url-policy.ts";
import type { SourcePlaces } from "./source-places.ts";

/** Directive attributes that hold an address (`::figure[…]{src=…}`). */
const URL_ATTRIBUTES = ["src", "href", "url"];

const KINDS: Record<string, string> = { link: "A link", image: "An image", definition: "A link definition" };

/**
 * Reports every link, image, link definition and directive address in a document
 * that the URL policy refuses (compiler/url-policy.ts). Raw HTML needs no check:
 * the site shows it as text, never as markup.
 */
export function checkLinks(tree: Parent, places: SourcePlaces, session: Session): void {
  const visit = (node: Node) => {
    const addresses: [string, string][] = [];
    const { url, name, attributes } = node as Node & { url?: string; name?: string; attributes?: Record<string, string | null | undefined> };
    if (node.type in KINDS && typeof url === "string") addresses.push([KINDS[node.type], url]);
    if (node.type.endsWith("Directive") && attributes) {
      for (const key of URL_ATTRIBUTES) if (typeof attributes[key] === "string") addresses.push([`The \`${key}\` of \`::${name}\``, attributes[key]]);
    }
    for (const [what, url] of addresses) {
      const reason = urlProblem(url);
      if (reason === null) continue;
      const start = node.position?.start.offset ?? 0;
      const end = node.position?.end.offset ?? start;
      session.report("HX0010", { what, url, reason }, (url && places.find(url, start, end)) || places.span(start, end));
    }
    if ("children" in node) for (const child of (node as Parent).children) visit(child);
  };
  visit(tree);
}
