// A figure's <img> and <source> carry a srcset ("a.webp 480w, b.webp 960w"): the last
// check of a page keeps it when each of its addresses passes the URL policy, and
// drops it when any does not.
import type { Element, Root } from "hast";
import { expect, test } from "vitest";
import rehypeSafeLinks from "../../../compiler/markdown/rehype-safe-links.ts";

function srcsetAfter(srcSet: string): unknown {
  const img: Element = { type: "element", tagName: "img", properties: { src: "/_astro/a.webp", srcSet }, children: [] };
  const tree: Root = { type: "root", children: [img] };
  rehypeSafeLinks()(tree);
  return img.properties.srcSet;
}

test("a srcset of safe addresses with width or density descriptors is kept", () => {
  for (const srcSet of ["/_astro/a.webp 480w, /_astro/b.webp 960w", "a.avif", "a.png 1x, b.png 2x", "https://example.org/a.png 100w"]) expect(srcsetAfter(srcSet)).toBe(srcSet);
});

test("a srcset with any address the policy refuses, or a descriptor that is not one, is dropped", () => {
  for (const srcSet of ["/_astro/a.webp 480w, javascript:alert(1) 960w", "data:image/png;base64,AAAA 1x", "a.png 100w b.png", "//evil.example/a.png 2x", "a.png 100w, JaVaScRiPt:x"]) expect(srcsetAfter(srcSet)).toBeUndefined();
});
