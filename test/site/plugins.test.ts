// The site renders every chapter with the compiler's ids and the rule index's
// references: each numbered paragraph is an anchor, each resolved reference a link.
import { expect, test } from "vitest";
import { editions } from "../../site/lib/corpus.ts";
import { renderChapter } from "../../site/lib/render-chapter.ts";

for (const index of editions()) {
  for (const document of index.documents) {
    test(`${index.ruleset.id} ${index.edition.id} ${document.slug}`, async () => {
      const { html } = await renderChapter(document.file);
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
