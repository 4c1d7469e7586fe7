// Rendering a chapter reads its edition's rule index a number of times that grows with
// the chapter, not with its square (issue 23.4: each reference was looked up with a
// search of every reference of the edition, and 100,000 references took 156 s to
// render, 200,000 over ten minutes). Reads are counted, not timed.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Root } from "mdast";
import rehypeStringify from "rehype-stringify";
import remarkRehype from "remark-rehype";
import { unified, type PluggableList } from "unified";
import { VFile } from "vfile";
import { afterAll, expect, test } from "vitest";
import { parseSyntax } from "../../../compiler/markdown/parse-markdown.ts";
import { rulebookPlugins } from "../../../compiler/markdown/rulebook-plugins.ts";
import { contextOf, editionIndex } from "../../../compiler/markdown/rulebook-context.ts";
import { countReads, growth } from "../../support/count-reads.ts";
import { builtCorpus, EMPTY, frontMatter, removeTemp } from "../../support/repo.ts";

const roots: string[] = [];
afterAll(() => roots.forEach(removeTemp));

const id = (i: number) => `${1 + Math.floor(i / 99)}.${(i % 99) + 1}`;

/** A chapter of `n` references: plain mentions and links, to headings and lead-ins, some of them outside the corpus. */
function chapter(n: number): string {
  const parts = [frontMatter(), "# 1.0 Test", ""];
  const paragraphs = n / 10;
  for (let i = 0; i < paragraphs; i++) {
    const target = (k: number) => id((i * 7 + k * 13) % paragraphs);
    const mentions = Array.from({ length: 8 }, (_, k) => `see ${k === 0 ? "40.1" : target(k)}`).join(", ");
    const link = `[${target(9)}](#${target(9).replace(".", "")}-part)`;
    parts.push(i % 2 === 0 ? `## ${id(i)} Part` : `**${id(i)}** Lead.`, "", `Units move (${mentions}), and per ${target(10)} as in ${link}.`, "");
  }
  return parts.join("\n");
}

/** Property reads of the rule index while the chapter of `n` references is rendered with the site's plugins. */
async function readsToRender(n: number): Promise<number> {
  const { root } = await builtCorpus(EMPTY, "hexlaw-linear-", (at) => {
    const file = join(at, "rules/t/1/01-test.md");
    writeFileSync(file, chapter(n));
  });
  roots.push(root);
  const counted = countReads(editionIndex(root, "t", "1"));
  const document = counted.value.documents[0];
  expect(counted.value.references.length).toBeGreaterThanOrEqual(n);
  const text = readFileSync(join(root, document.file), "utf8");
  const tree: Root = parseSyntax(text);
  const options = { root };
  const file = new VFile({ value: text, path: join(root, document.file) });
  const { remarkPlugins, rehypePlugins } = rulebookPlugins(options);
  const pipeline = unified()
    .use(remarkPlugins as unknown as PluggableList)
    .use(remarkRehype)
    .use(rehypePlugins as unknown as PluggableList)
    .use(rehypeStringify);
  const before = counted.reads();
  (file.data as { hexlawContext?: unknown }).hexlawContext = contextOf(tree, file, counted.value, document, options);
  const html = String(pipeline.stringify(await pipeline.run(tree, file), file));
  expect(html).toContain('class="ref"');
  return counted.reads() - before;
}

test("the reads of the rule index grow linearly with a chapter's references", async () => {
  expect(await growth(readsToRender, 1000)).toBeLessThan(2.5);
});
