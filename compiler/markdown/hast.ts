import type { Element, ElementContent, Properties, Text } from "hast";
import type { HexlawElement } from "./nodes.ts";

/** A hast element; children given as strings become text nodes. */
export function h(tagName: string, properties: Properties = {}, children: (ElementContent | string | null | undefined | false)[] = []): Element {
  return {
    type: "element",
    tagName,
    properties,
    children: children.filter((c): c is ElementContent | string => Boolean(c)).map((c) => (typeof c === "string" ? text(c) : c)),
  };
}

/** The classes of a hast element. */
export function classesOf(node: Element): string[] {
  const value: unknown = node.properties.className;
  return Array.isArray(value) ? value.map(String) : typeof value === "string" ? value.split(/\s+/) : [];
}

export function text(value: string): Text {
  return { type: "text", value };
}

/**
 * An mdast node that remark-rehype turns into exactly this hast element
 * (through `data.hName`, `hProperties` and `hChildren`).
 */
export function mdastElement(element: Element): HexlawElement {
  return { type: "hexlawElement", data: { hName: element.tagName, hProperties: element.properties, hChildren: element.children } };
}
