// Glossary terms in the text: where a chapter uses a term of Terms and Definitions,
// its first use in each paragraph previews the term's definition on hover, keyboard
// focus and tap, as a reference does; later uses stay plain words, and headings,
// links and code are left alone. Terms and counts come from the rule index.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { editionIndex } from "../../compiler/markdown/rulebook-context.ts";
import { glossaryTerms } from "../../compiler/markdown/glossary-terms.ts";
import { excerpt } from "../../site/lib/corpus.ts";
import { dist, ensureBuilt, openPage, root, SCREENS } from "./helpers/site.ts";
import { useSite } from "./helpers/use-site.ts";

const site = useSite();
ensureBuilt();
const pageOf = (slug: string) => readFileSync(join(dist, "ocs/4.3", slug, "index.html"), "utf8");
const index = editionIndex(root, "ocs", "4.3");
const terms = new Set(glossaryTerms(index).map((term) => term.id));
const glossary = index.documents.find((d) => d.paragraphs.some((id) => terms.has(id)))!;
/** The chapters to look at: the first one in reading order that uses terms, and the glossary itself. */
const chapter = index.documents.find((d) => d.slug !== glossary.slug && pageOf(d.slug).includes('class="term"'))!;

/** The first words of a term's definition, as its paragraph has them after "Title:". */
function definitionStart(id: string): string {
  const p = index.paragraphs[id];
  return excerpt(p.text.replace(`${p.title}:`, "")).split(" ").slice(0, 4).join(" ");
}

async function firstTerm(page: Page) {
  const term = page.locator(".rule-text a.term").first();
  const id = (await term.getAttribute("data-ref"))!;
  return { term, id };
}

test("the glossary has terms, and each is a paragraph with a definition", () => {
  expect(terms.size).toBeGreaterThan(0);
  for (const id of terms) expect(index.paragraphs[id].document).toBe(glossary.slug);
});

describe.each(SCREENS)("on a $name ($width×$height)", (screen) => {
  test.each([chapter.slug, glossary.slug])("%s: each term is marked once per paragraph, never in a heading, link or code, and previews its own definition", async (slug) => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}/ocs/4.3/${slug}/`);
    const marks = await page.locator(".rule-text a.term").evaluateAll((nodes) =>
      nodes.map((node) => ({
        id: node.getAttribute("data-ref") ?? "",
        block: [...document.querySelectorAll(".rule-text p, .rule-text li, .rule-text td, .rule-text th")].indexOf(node.closest("p, li, td, th")!),
        nested: node.parentElement?.closest("a, code, pre, h1, h2, h3, h4, h5, h6, strong") !== null,
      })),
    );
    expect(marks.length).toBeGreaterThan(0);
    const seen = new Set<string>();
    for (const mark of marks) {
      expect(terms, mark.id).toContain(mark.id);
      expect(mark.nested, mark.id).toBe(false);
      expect(mark.block).toBeGreaterThanOrEqual(0);
      const key = `${mark.block} ${mark.id}`;
      expect(seen.has(key), `${mark.id} is marked twice in one paragraph`).toBe(false);
      seen.add(key);
    }
    // A term the page marks has its definition among the page's previews.
    const previews = (await page.evaluate(() => fetch(document.querySelector<HTMLElement>("[data-previews]")!.dataset.previews!).then((r) => r.json()))) as Record<string, { x: string; u: string }>;
    for (const id of new Set(marks.map((m) => m.id))) {
      expect(previews[id]?.x, id).toContain(definitionStart(id));
      expect(previews[id].u).toContain(`#${id}`);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test("keyboard: focusing a term shows its definition, Escape hides it, Enter goes to it", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}/ocs/4.3/${chapter.slug}/`);
    const { term, id } = await firstTerm(page);
    await term.focus();
    const preview = page.locator("#ref-preview");
    await preview.waitFor({ state: "visible" });
    await expect(preview.innerText()).resolves.toContain(definitionStart(id));
    expect(await term.getAttribute("aria-describedby")).toBe("ref-preview");
    await page.keyboard.press("Escape");
    await preview.waitFor({ state: "hidden" });
    await term.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`/${glossary.slug}/#${id}$`));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  if (screen.touch) {
    test("touch: the first tap on a term shows its definition and stays on the page; the second goes to it", async () => {
      const { page, errors } = await openPage(site.browser, screen);
      await page.goto(`${site.url}/ocs/4.3/${chapter.slug}/`);
      const before = page.url();
      const { term, id } = await firstTerm(page);
      await term.tap();
      const preview = page.locator("#ref-preview");
      await preview.waitFor({ state: "visible" });
      await expect(preview.innerText()).resolves.toContain(definitionStart(id));
      expect(page.url()).toBe(before);
      await term.tap();
      await page.waitForURL(new RegExp(`/${glossary.slug}/#${id}$`));
      expect(errors).toEqual([]);
      await page.context().close();
    });
  } else {
    test("mouse: hovering a term shows its definition", async () => {
      const { page, errors } = await openPage(site.browser, screen);
      await page.goto(`${site.url}/ocs/4.3/${chapter.slug}/`);
      const { term, id } = await firstTerm(page);
      await term.hover();
      const preview = page.locator("#ref-preview");
      await preview.waitFor({ state: "visible" });
      await expect(preview.innerText()).resolves.toContain(definitionStart(id));
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
