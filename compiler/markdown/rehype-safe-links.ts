import type { Element, Root, RootContent } from "hast";
import { isExternal, safeHref } from "../url-policy.ts";
import type {} from "./nodes.ts";

const URL_PROPERTIES = ["href", "src", "action", "formAction", "poster", "cite", "srcSet", "data", "xLinkHref"];

/**
 * The last word on what a rule document may put in a page: no URL the URL policy
 * refuses (compiler/url-policy.ts: the compiler reports those already; this keeps
 * them out of a page even so), no event handler attributes, no script, style or
 * embedding elements, and external links that open without handing over the page.
 */
export default function rehypeSafeLinks() {
  return (tree: Root) => {
    // In place, one pass: a chapter's tree has tens of thousands of nodes (each highlighted token is one).
    const clean = (children: RootContent[]): void => {
      let kept = 0;
      for (const node of children) {
        // `raw` nodes (HTML strings passed through remark-rehype) are never parsed as HTML here.
        if (node.type === "raw") {
          children[kept++] = { type: "text", value: node.value };
          continue;
        }
        if (node.type === "element") {
          if (BLOCKED.has(node.tagName)) continue;
          sanitize(node);
          clean(node.children);
        }
        children[kept++] = node;
      }
      children.length = kept;
    };
    clean(tree.children);
  };
}

const BLOCKED = new Set(["script", "style", "iframe", "object", "embed", "form", "base", "meta", "link", "frame", "frameset"]);

function sanitize(element: Element): void {
  for (const key of Object.keys(element.properties)) {
    if (/^on/i.test(key)) delete element.properties[key];
  }
  for (const key of URL_PROPERTIES) {
    const value = element.properties[key];
    if (value === undefined || value === null) continue;
    const safe = key === "srcSet" ? safeSrcSet(Array.isArray(value) ? value.join(", ") : String(value)) : safeHref(Array.isArray(value) ? value.join(" ") : String(value)) !== undefined;
    if (!safe) delete element.properties[key];
  }
  if (element.tagName === "a" && typeof element.properties.href === "string" && isExternal(element.properties.href)) {
    element.properties.rel = ["noopener", "noreferrer"];
  }
}

/** A `srcset` ("a.webp 480w, b.webp 960w") is safe when each of its addresses is; a descriptor is a width or a density. */
function safeSrcSet(value: string): boolean {
  const candidates = value.split(",").map((candidate) => candidate.trim().split(/\s+/));
  return candidates.every((parts) => parts.length <= 2 && safeHref(parts[0]) !== undefined && (parts.length === 1 || /^\d+(?:\.\d+)?[wx]$/.test(parts[1])));
}
