// The site renders every chapter with the compiler's ids and the rule index's
// references: each numbered paragraph is an anchor, each resolved reference a link.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { editions, root } from "../../site/lib/corpus.ts";
import { renderChapter } from "../../site/lib/render-chapter.ts";

for (const index of editions()) {
  for (const document of index.documents) {
    test(`${index.ruleset.id} ${index.edition.id} ${document.slug}`, async () => {
      // As a chapter of this edition (an edition that extends another renders the other's file, amended).
      const { html } = await renderChapter(document.file, root, undefined, index.edition.id);
      const ids = new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1].replace(/&#x26;/g, "&")));
      for (const id of document.paragraphs) expect(ids, `paragraph ${id} has no anchor`).toContain(id);
      const links = new Set([...html.matchAll(/data-ref="([^"]*)"/g)].map((m) => m[1]));
      const own = index.references.filter((r) => r.file === document.file);
      // A chapter heading that names its own number ("Rule 13 - …") is the permalink, not a reference.
      for (const reference of own.filter((r) => r.status === "resolved" && r.from !== r.id)) expect(links, `reference ${reference.text} at line ${reference.line}`).toContain(reference.id);
      const outside = own.filter((r) => r.status === "outside").length;
      expect([...html.matchAll(/class="ref-outside"/g)].length, "one mark per reference outside the corpus").toBe(outside);
      expect(html).not.toContain("ref-broken");
      for (const chart of index.charts.filter((c) => c.document === document.slug)) expect(ids).toContain(chart.id);
    });
  }
}

// Rules blocks are highlighted by Shiki with the language's TextMate grammar (its tokens
// coloured by the site's CSS variables), and each citation of a paragraph is a link.
test("rules blocks are highlighted by Shiki, their citations linked", async () => {
  const index = editions().find((i) => i.documents.some((d) => d.coverage.formalized > 0))!;
  const document = index.documents.find((d) => d.coverage.formalized > 0)!;
  const { html } = await renderChapter(document.file);
  const source = readFileSync(join(root, document.file), "utf8");
  const blocks = [...source.matchAll(/^\s*```rules\n([\s\S]*?)^\s*```/gm)].map((m) => m[1]);
  expect(blocks.length).toBeGreaterThan(0);
  expect(html).toMatch(/<span class="t-keyword">let<\/span>/);
  // Citations outside strings and comments.
  const cited = new Set(blocks.flatMap((b) => [...b.replace(/"(?:\\.|[^"\\\n])*"|#[^\n]*/g, "").matchAll(/@([0-9A-Za-z][0-9A-Za-z.()]*)/g)].map((m) => m[1].replace(/\.$/, ""))));
  const linkable = [...cited].filter((id) => id in index.paragraphs);
  expect(linkable.length).toBeGreaterThan(0);
  for (const id of linkable) expect(html, `@${id}`).toContain(`class="tok-cite ref" data-ref="${id}"`);
});

// Rendered apart (as chapter pages are), a chapter keeps each rules block's summary and a
// link to its listing on the formal-rules page; the listings are the inline ones, with
// citations of the chapter's own paragraphs leading to the chapter.
test("formal listings rendered apart are the chapter's listings, each linked from its block", async () => {
  const index = editions().find((i) => i.documents.some((d) => d.coverage.formalized > 0))!;
  const document = index.documents.find((d) => d.coverage.formalized > 0)!;
  const inline = await renderChapter(document.file, root, undefined, index.edition.id);
  const apart = await renderChapter(document.file, root, undefined, index.edition.id, "apart");
  const listings = [...inline.html.matchAll(/<pre class="rules-code"[\s\S]*?<\/pre>/g)].map((m) => m[0]);
  expect(listings.length).toBeGreaterThan(0);
  expect(inline.formal).toEqual([]);
  expect(apart.html).not.toContain('class="rules-code"');
  expect(apart.formal.map((l) => l.id)).toEqual(listings.map((_, i) => `rules-${i + 1}`));
  const chapter = `/${index.ruleset.id}/${index.edition.id}/${document.slug}/`;
  expect(apart.formal.map((l) => l.html)).toEqual(listings.map((l) => l.replace(/href="#/g, `href="${chapter}#`)));
  const links = [...apart.html.matchAll(/<p class="rules-apart"><a href="([^"]*)"/g)].map((m) => m[1]);
  expect(links).toEqual(apart.formal.map((l) => `${chapter}formal/#${l.id}`));
  expect(apart.headings).toEqual(inline.headings);
});
