import type { Element, Root, RootContent } from "hast";

const SAFE_SCHEME = /^(?:https?:|mailto:|#|\/|\.{0,2}\/|[^:/?#]*(?:[/?#]|$))/i;
const URL_PROPERTIES = ["href", "src", "action", "formAction", "poster", "cite", "srcSet", "data", "xLinkHref"];

/**
 * The last word on what a rule document may put in a page: no `javascript:` or
 * `data:` URLs, no event handler attributes, no script, style or embedding
 * elements, and external links that open without handing over the page.
 */
export default function rehypeSafeLinks() {
  return (tree: Root) => {
    const clean = (children: RootContent[]): RootContent[] =>
      children.flatMap((node): RootContent[] => {
        // `raw` nodes (HTML strings passed through remark-rehype) are never parsed as HTML here.
        const loose = node as { type: string; value?: string };
        if (loose.type === "raw") return [{ type: "text", value: loose.value ?? "" }];
        if (node.type !== "element") return [node];
        if (BLOCKED.has(node.tagName)) return [];
        sanitize(node);
        node.children = clean(node.children) as Element["children"];
        return [node];
      });
    tree.children = clean(tree.children) as Root["children"];
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
    const url = String(Array.isArray(value) ? value.join(" ") : value).replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
    if (!SAFE_SCHEME.test(url)) delete element.properties[key];
  }
  if (element.tagName === "a" && typeof element.properties.href === "string" && /^(?:https?:)?\/\//i.test(element.properties.href)) {
    element.properties.rel = ["noopener", "noreferrer"];
  }
}
