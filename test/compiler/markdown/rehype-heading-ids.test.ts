/**
 * compiler/markdown/rehype-heading-ids.ts: a heading without an id gets GitHub's slug
 * of its text (a repeated one `-1`, `-2`), an id it has is kept, and the list of
 * headings is left for the chapter page's contents.
 */
import GithubSlugger from "github-slugger";
import rehypeStringify from "rehype-stringify";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { VFile } from "vfile";
import { expect, test } from "vitest";
import rehypeHeadingIds, { headingsOf } from "../../../compiler/markdown/rehype-heading-ids.ts";

async function render(markdown: string) {
  const file = new VFile({ value: markdown });
  const processor = unified().use(remarkParse).use(remarkRehype).use(rehypeHeadingIds).use(rehypeStringify);
  const html = String(await processor.process(file));
  return { html, headings: headingsOf(file) };
}

test("headings get their text's slug, repeated ones numbered, in order and at their depth", async () => {
  const titles = ["Weather Determination Segment", "Combat *Mode* & `DG`", "Weather Determination Segment"];
  const { html, headings } = await render(`# Ground Combat\n\n${titles.map((t) => `## ${t}\n\ntext\n`).join("\n")}`);
  const texts = ["Ground Combat", "Weather Determination Segment", "Combat Mode & DG", "Weather Determination Segment"];
  const slugger = new GithubSlugger();
  const slugs = texts.map((text) => slugger.slug(text));
  expect(slugs[3]).toBe(`${slugs[1]}-1`);
  expect(headings).toEqual(texts.map((text, i) => ({ depth: i === 0 ? 1 : 2, slug: slugs[i], text })));
  for (const slug of slugs) expect(html).toContain(`id="${slug}"`);
});

test("a heading that has an id keeps it, and is listed under it", async () => {
  const file = new VFile({ value: "" });
  const tree = { type: "root" as const, children: [{ type: "element" as const, tagName: "h3", properties: { id: "9.14" }, children: [{ type: "text" as const, value: "9.14 Specialized Combats" }] }] };
  rehypeHeadingIds()(tree, file);
  expect(tree.children[0].properties.id).toBe("9.14");
  expect(headingsOf(file)).toEqual([{ depth: 3, slug: "9.14", text: "9.14 Specialized Combats" }]);
});

test("a file no heading plugin ran on has no headings", () => {
  expect(headingsOf(new VFile({ value: "# x" }))).toEqual([]);
});
