// Reading mode, on a phone and a laptop: chapters read like the rulebook. Formal
// rules, calculator links, what refers to a paragraph, constructed examples and the
// editors' notes wait behind one remembered switch and are never printed; the title
// comes first on a phone; a chapter prints on no more pages than the Hugo site's; an
// embedded calculator is a card whose code loads when it is opened; coverage and
// provenance are on the edition's About page.
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { editionIndex } from "../../compiler/markdown/rulebook-context.ts";
import { printedPages } from "./helpers/printed-pages.ts";
import { openPage, root, SCREENS } from "./helpers/site.ts";
import { useSite } from "./helpers/use-site.ts";

const site = useSite();
const index = editionIndex(root, "ocs", "4.3");
/** A chapter with formal rules, calculator links and an embedded calculator. */
const chapter = index.documents.find((d) => d.calculators.length > 0 && d.coverage.formalized > 0)!;
const chapterUrl = `/ocs/4.3/${chapter.slug}/`;
/** Chapter 9.0, whose printed page the Hugo site's is measured against. */
const combat = `/ocs/4.3/${index.paragraphs["9.0"].document}/`;
/** Another chapter with formal rules, to see the choice carried over. */
const other = index.documents.find((d) => d.slug !== chapter.slug && d.coverage.formalized > 0)!;

/** The JavaScript a page loads, by URL, with its size gzipped. */
function scriptsOf(page: Page): Map<string, number> {
  const scripts = new Map<string, number>();
  page.on("response", async (response) => {
    if (!/javascript/.test(response.headers()["content-type"] ?? "") && !response.url().endsWith(".js")) return;
    scripts.set(response.url(), gzipSync(await response.body().catch(() => Buffer.alloc(0))).length);
  });
  return scripts;
}

const visible = (page: Page, selector: string) => page.locator(selector).evaluateAll((nodes) => nodes.filter((n) => (n as HTMLElement).offsetParent !== null || n.getClientRects().length > 0).length);

/** The largest a chapter's JavaScript may be at load, gzipped (issue 11.3). */
const CHAPTER_JS_BUDGET = 15 * 1024;

describe.each(SCREENS)("on a $name ($width×$height)", (screen) => {
  test("formal rules and the notes for the curious are hidden while reading, behind one switch that is remembered", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}${chapterUrl}`);
    expect(await page.locator(".rules-block").count()).toBeGreaterThan(0);
    expect(await visible(page, ".rules-block")).toBe(0);
    expect(await visible(page, ".curious")).toBe(0);
    // The notes for the curious are not in the page a reader loads: the switch brings them.
    expect(await page.locator(".notes .used-by, .notes .referenced-by").count()).toBe(0);
    const toggle = page.getByRole("button", { name: "Formal rules" });
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    await toggle.click();
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    await page.locator(".notes .used-by").first().waitFor();
    expect(await visible(page, ".rules-block")).toBe(await page.locator(".rules-block").count());
    expect(await visible(page, ".notes .used-by")).toBe(await page.locator(".notes .used-by").count());
    expect(await visible(page, ".notes .referenced-by")).toBe(await page.locator(".notes .referenced-by").count());
    // Remembered: on the next chapter, and after a reload, before any script runs.
    await page.goto(`${site.url}/ocs/4.3/${other.slug}/`);
    expect(await page.evaluate(() => document.documentElement.dataset.formal)).toBe("shown");
    expect(await visible(page, ".rules-block")).toBe(await page.locator(".rules-block").count());
    await page.locator(".notes .referenced-by").first().waitFor();
    await page.getByRole("button", { name: "Formal rules" }).click();
    await page.reload();
    expect(await visible(page, ".rules-block")).toBe(0);
    expect(await visible(page, ".curious")).toBe(0);
    expect(errors).toEqual([]);
  });

  test("the chapter's title is in the first 200 px of the screen", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}${combat}`);
    const title = page.getByRole("heading", { level: 1 });
    await expect(title.innerText()).resolves.toContain(index.documents.find((d) => `/ocs/4.3/${d.slug}/` === combat)!.title);
    expect((await title.boundingBox())!.y).toBeLessThanOrEqual(200);
    // The edition switcher is a tap away, in the contents (open beside the page on a laptop).
    if (screen.touch) await page.getByText("Contents & editions").tap();
    await expect(page.getByRole("navigation", { name: "Editions" }).getByRole("link", { name: /^Read in / }).first().isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
  });

  test("the book's examples stay; constructed examples, 'Referenced by' and the editors' notes wait behind the switch", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}${combat}`);
    const chapterOf = index.documents.find((d) => `/ocs/4.3/${d.slug}/` === combat)!;
    const examples = Object.values(index.paragraphs).filter((p) => p.document === chapterOf.slug).flatMap((p) => p.examples);
    const constructed = examples.filter((e) => /^Constructed\b/.test(e.title) && e.status !== "disputed");
    expect(constructed.length).toBeGreaterThan(0);
    expect(examples.length).toBeGreaterThan(constructed.length);
    const titles = async () => (await page.locator(".notes .example-title").evaluateAll((nodes) => nodes.filter((n) => n.getClientRects().length > 0).map((n) => n.textContent ?? "")));
    // While reading: the book's own examples, each as its title says.
    const reading = await titles();
    expect(reading.length).toBe(examples.length - constructed.length);
    expect(reading.some((t) => t.includes("Constructed"))).toBe(false);
    const note = page.getByRole("note", { name: "Transcription note", includeHidden: true });
    expect(await note.count()).toBeGreaterThan(0);
    expect(await note.first().isVisible()).toBe(false);
    // For the curious: every example, and the editors' notes, worded as theirs.
    await page.getByRole("button", { name: "Formal rules" }).click();
    await page.locator(".notes .examples.curious").first().waitFor();
    expect((await titles()).length).toBe(examples.length);
    await expect(note.first().isVisible()).resolves.toBe(true);
    const said = (await note.first().textContent()) ?? "";
    expect(said).toContain("by this site’s editors, not an erratum of the publisher");
    expect(said.trim()).not.toMatch(/^Erratum/);
    // Never on paper, switch or not.
    await page.emulateMedia({ media: "print" });
    expect(await visible(page, ".curious")).toBe(0);
    expect(await page.locator(".notes .example-title").evaluateAll((nodes) => nodes.filter((n) => n.getClientRects().length > 0).length)).toBe(examples.length - constructed.length);
    expect(errors).toEqual([]);
  });
  test("an embedded calculator is a card; its code loads when it is opened, and the chapter's own script stays small", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    const scripts = scriptsOf(page);
    await page.goto(`${site.url}${chapterUrl}`, { waitUntil: "networkidle" });
    const card = page.locator(".calc-card").first();
    await expect(card.locator(".calc-card-title").innerText()).resolves.toMatch(/calculator$/);
    expect(await card.locator("a.calc-card-page").getAttribute("href")).toMatch(/\/calculators\/[a-z_]+\/$/);
    expect(await page.locator("hexlaw-calculator").count()).toBe(0);
    const atLoad = new Map(scripts);
    const total = [...atLoad.values()].reduce((a, b) => a + b, 0);
    expect(atLoad.size).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(CHAPTER_JS_BUDGET);
    await card.getByRole("button", { name: "Open here" }).click();
    await card.locator("hexlaw-calculator .calc-ruling").waitFor();
    const loaded = [...scripts.keys()].filter((url) => !atLoad.has(url));
    expect(loaded.some((url) => /calculator-element/.test(url))).toBe(true);
    expect(errors).toEqual([]);
  });

  test("a shared link to a ruling in a chapter opens its card", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    const name = chapter.calculators[0];
    await page.goto(`${site.url}${chapterUrl}?${name}.stack_mp_left=7`);
    const card = page.locator(`.calc-card[data-prefix="${name}."]`);
    await card.locator("hexlaw-calculator .calc-ruling").waitFor();
    expect(errors).toEqual([]);
  });

  test("coverage and provenance are on the edition's About page, in words, not in the chapter", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}${chapterUrl}`);
    expect(await page.locator(".coverage, .provenance").count()).toBe(0);
    expect(await page.getByRole("main").innerText()).not.toContain(chapter.file);
    // From the edition's contents (on a phone, opened first).
    if (screen.touch) await page.locator("details.edition-nav summary").tap();
    await page.locator(".edition-nav").getByRole("link", { name: "About this edition" }).click();
    await page.waitForURL(/\/ocs\/4\.3\/about\/$/);
    const text = await page.getByRole("main").innerText();
    for (const d of index.documents) {
      const entry = page.locator(".about-chapters dd").nth(index.documents.indexOf(d));
      const said = await entry.innerText();
      expect(said).toContain(d.provenance.source.slice(0, 60));
      if (d.coverage.formalized > 0) expect(said).toContain(`${d.coverage.formalized} of its ${d.coverage.paragraphs}`);
    }
    expect(text).not.toMatch(/rules\/ocs\/4\.3\/[^ ]+\.md/);
    expect(errors).toEqual([]);
  });
});

/**
 * Pages the Hugo site's 9.0 prints on in this Chromium, A4 and Letter alike (its own
 * print styles, without its web fonts, which need a network): `npm run bench -- lighthouse`
 * prints both sites' counts.
 */
const HUGO_PAGES = 9;

test.each(["A4", "Letter"] as const)("chapter 9.0 prints on no more %s pages than the Hugo site's", async (format) => {
  expect(await printedPages(site.browser, `${site.url}${combat}`, format)).toBeLessThanOrEqual(HUGO_PAGES);
});
