// Search from any page, on a phone and a laptop: `/` and Ctrl-K, the edition being
// read first with one click to every rulebook, results grouped by chapter with the
// true count and more on request, "did you mean", Esc, and the ARIA combobox. A
// result on the page being read shows where it took the reader; snippets are the
// rulebook's words. Counts are Pagefind's own, asked in the same browser.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { editionIndex } from "../../compiler/markdown/rulebook-context.ts";
import { openPage, root, SCREENS } from "./helpers/site.ts";
import { useSite } from "./helpers/use-site.ts";

const site = useSite();
const index = editionIndex(root, "ocs", "4.3");
const chapterUrl = `/ocs/4.3/${index.documents.find((d) => d.calculators.length > 0)!.slug}/`;
const QUERY = "overrun";
/** Chapter 9.0, its paragraph 9.14b and its 9.9. */
const combat = `/ocs/4.3/${index.paragraphs["9.0"].document}/`;

/** The element with an id, as the reader sees it: focused, the link's target, on screen. */
async function shown(page: Page, id: string): Promise<{ focused: boolean; target: boolean; onScreen: boolean }> {
  return page.evaluate((id) => {
    const place = document.getElementById(id)!;
    const box = place.getBoundingClientRect();
    const header = document.querySelector(".site-header")!.getBoundingClientRect().bottom;
    return { focused: document.activeElement === place, target: place.matches(":target"), onScreen: box.top >= header - 1 && box.top < innerHeight };
  }, id);
}

/** What Pagefind itself finds for a query, with the edition's filters and without. */
async function pagefindCounts(page: Page, query: string): Promise<{ scoped: number; everywhere: number }> {
  // A string, so that the test runner does not rewrite the browser's import().
  return page.evaluate(`(async () => {
    const pagefind = await import("/pagefind/pagefind.js");
    const scoped = await pagefind.search(${JSON.stringify(query)}, { filters: ${JSON.stringify({ ruleset: index.ruleset.title, edition: index.edition.title })} });
    const everywhere = await pagefind.search(${JSON.stringify(query)});
    return { scoped: scoped.results.length, everywhere: everywhere.results.length };
  })()`);
}

const box = (page: Page) => page.locator("#site-search-input");
const options = (page: Page) => page.locator("#site-search-listbox [role=option]");

async function search(page: Page, query: string): Promise<void> {
  await box(page).fill(query);
  await page.locator("#site-search-results .search-status", { hasText: `“${query}”` }).waitFor();
}

describe.each(SCREENS)("on a $name ($width×$height)", (screen) => {
  test("/ and Ctrl-K reach the search box from anywhere on the page", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}${chapterUrl}`);
    await page.evaluate(() => scrollTo(0, 2000));
    await page.keyboard.press("/");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("site-search-input");
    expect(await box(page).inputValue()).toBe("");
    await page.locator("h1").click();
    await page.keyboard.press("Control+k");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("site-search-input");
    expect(errors).toEqual([]);
  });

  test("results of the edition being read come first, grouped by chapter, with the true count, more, and one click to every rulebook", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}${chapterUrl}`);
    await search(page, QUERY);
    const counts = await pagefindCounts(page, QUERY);
    expect(counts.scoped).toBeGreaterThan(10);
    expect(counts.everywhere).toBeGreaterThan(counts.scoped);
    const status = page.locator("#site-search-results .search-status");
    await expect(status.innerText()).resolves.toContain(`${counts.scoped} results`);
    const hrefs = async () => options(page).evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
    expect((await hrefs()).length).toBe(10);
    expect((await hrefs()).every((href) => href.startsWith("/ocs/4.3/"))).toBe(true);
    // Grouped by chapter: each chapter heads one group, and its results are of that chapter.
    const groups = await page.locator("#site-search-listbox .r-chapter").allInnerTexts();
    expect(new Set(groups).size).toBe(groups.length);
    // More results, then every rulebook.
    await page.getByRole("button", { name: `More results (${counts.scoped - 10} more)` }).click();
    await page.waitForFunction(() => document.querySelectorAll("#site-search-listbox [role=option]").length > 10);
    expect((await hrefs()).length).toBe(Math.min(20, counts.scoped));
    await page.getByRole("button", { name: `Search every rulebook (${counts.everywhere - counts.scoped} more)` }).click();
    await status.filter({ hasText: `${counts.everywhere} results` }).waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll("#site-search-listbox [role=option]")].some((a) => !a.getAttribute("href")!.startsWith("/ocs/")));
    expect(errors).toEqual([]);
  });

  test("a misspelling gets 'did you mean' from the corpus's own words", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}${chapterUrl}`);
    await search(page, "overun");
    const suggestion = page.locator("#site-search-results .search-suggest");
    await suggestion.waitFor();
    await expect(suggestion.innerText()).resolves.toBe(QUERY);
    await suggestion.click();
    await page.locator("#site-search-results .search-status", { hasText: `“${QUERY}”` }).waitFor();
    expect(await options(page).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  test("the results open below the box and inside the screen; Esc closes them from anywhere", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}${chapterUrl}`);
    await search(page, QUERY);
    const panel = page.locator("#site-search-results");
    const [input, results] = await Promise.all([box(page).boundingBox(), panel.boundingBox()]);
    expect(results!.y).toBeGreaterThanOrEqual(input!.y + input!.height - 1);
    expect(results!.x).toBeGreaterThanOrEqual(0);
    expect(results!.x + results!.width).toBeLessThanOrEqual(screen.width + 0.5);
    expect(await box(page).isVisible()).toBe(true);
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "hidden" });
    expect(await box(page).getAttribute("aria-expanded")).toBe("false");
    expect(errors).toEqual([]);
  });

  test("the box is an ARIA combobox: arrows move through the results, Enter follows the chosen one", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}${chapterUrl}`);
    await search(page, QUERY);
    const input = box(page);
    expect(await input.getAttribute("role")).toBe("combobox");
    expect(await input.getAttribute("aria-expanded")).toBe("true");
    const listbox = page.locator(`[id="${await input.getAttribute("aria-controls")}"]`);
    expect(await listbox.getAttribute("role")).toBe("listbox");
    await input.press("ArrowDown");
    await input.press("ArrowDown");
    const active = await input.getAttribute("aria-activedescendant");
    const chosen = page.locator(`[id="${active}"]`);
    expect(await chosen.getAttribute("role")).toBe("option");
    expect(await chosen.getAttribute("aria-selected")).toBe("true");
    expect(await options(page).nth(1).getAttribute("id")).toBe(active);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("site-search-input");
    const href = (await chosen.getAttribute("href"))!;
    await input.press("Enter");
    await page.waitForURL((url) => `${url.pathname}${url.hash}` === href);
    expect(errors).toEqual([]);
  });

  test("a result on the page being read closes the results, and takes the highlight and focus to its paragraph", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}${combat}`);
    const panel = page.locator("#site-search-results");
    // Enter on a rule number of this chapter.
    await search(page, "9.14b");
    await box(page).press("Enter");
    await panel.waitFor({ state: "hidden" });
    await page.waitForFunction(() => location.hash === "#9.14b");
    expect(await shown(page, "9.14b")).toEqual({ focused: true, target: true, onScreen: true });
    // The same again from elsewhere on the page: the hash is already there, and still the page goes back to it.
    await page.evaluate(() => scrollTo(0, 0));
    await search(page, "9.14b");
    await box(page).press("Enter");
    await panel.waitFor({ state: "hidden" });
    expect(await shown(page, "9.14b")).toEqual({ focused: true, target: true, onScreen: true });
    // A tap (a click on a laptop) on a result of this chapter.
    await search(page, "9.9");
    const result = page.getByRole("option", { name: /^(→ ?)?9\.9\b/ }).first();
    if (screen.touch) await result.tap();
    else await result.click();
    await panel.waitFor({ state: "hidden" });
    await page.waitForFunction(() => location.hash === "#9.9");
    expect(await shown(page, "9.9")).toEqual({ focused: true, target: true, onScreen: true });
    expect(await box(page).getAttribute("aria-expanded")).toBe("false");
    expect(errors).toEqual([]);
  });

  test("'More results' is there only when there are more, and says how many", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}${chapterUrl}`);
    for (const query of ["trainbusting", QUERY]) {
      await search(page, query);
      const { scoped } = await pagefindCounts(page, query);
      const more = page.getByRole("button", { name: /^More results/ });
      if (scoped > 10) await expect(more.innerText()).resolves.toBe(`More results (${scoped - 10} more)`);
      else expect(await more.isVisible()).toBe(false);
    }
    expect(errors).toEqual([]);
  });

  test("snippets are the rulebook's words: no chart's id", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}${chapterUrl}`);
    const ids = index.charts.map((c) => c.id);
    expect(ids.length).toBeGreaterThan(0);
    // Every chart's record as Pagefind gives it for its caption…
    const excerpts = (await page.evaluate(`(async () => {
      const pagefind = await import("/pagefind/pagefind.js");
      const found = await Promise.all(${JSON.stringify(index.charts.map((c) => c.caption))}.map((q) => pagefind.search(q)));
      return Promise.all(found.flatMap((f) => f.results.slice(0, 5).map((r) => r.data().then((d) => d.excerpt))));
    })()`)) as string[];
    expect(excerpts.length).toBeGreaterThan(0);
    for (const excerpt of excerpts) for (const id of ids) expect(excerpt).not.toContain(id);
    // …and the results a reader sees for one.
    await search(page, index.charts[0].caption);
    const texts = await options(page).allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) for (const id of ids) expect(text).not.toContain(id);
    expect(errors).toEqual([]);
  });
});
