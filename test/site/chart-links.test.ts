// Every chart a player rolls on is one search and one tap away, on a phone and a laptop: a
// chart's title typed into the search box lists that chart first (the real Pagefind index);
// a paragraph that names a chart links the name to it; a paragraph a chart serves shows a
// link to it under its number; and the Sequence of Play says at a glance where each
// player may fight, in chapter 2.0 and on the chart.
import { describe, expect, test } from "vitest";
import { chartHref, editionIndex } from "../../compiler/markdown/rulebook-context.ts";
import { openPage, root, SCREENS } from "./helpers/site.ts";
import { useSite } from "./helpers/use-site.ts";

const site = useSite();
const index = editionIndex(root, "ocs", "4.3");
const href = (id: string) => chartHref(index, id)!;
const titleOf = (caption: string) => caption.split(":")[0].replace(/\s*\([^()]*\)\s*$/, "").trim();

/** What a player types for each chart, and the charts that answer it: the chart given that name, else every chart of that title. */
const queries = new Map<string, string[]>();
for (const chart of index.charts) {
  const title = titleOf(chart.caption);
  if (!chart.names.includes(title) && !index.charts.some((c) => c.names.includes(title))) queries.set(title, [...(queries.get(title) ?? []), chart.id]);
  for (const name of chart.names) if (!queries.has(name)) queries.set(name, [chart.id]);
}

test("the corpus has charts with names of their own and charts known by their title only (else this file tests less)", () => {
  expect(index.charts.some((c) => c.names.length > 0)).toBe(true);
  expect([...queries.values()].some((ids) => ids.every((id) => index.charts.find((c) => c.id === id)!.names.length === 0))).toBe(true);
});

describe.each(SCREENS)("on a $name ($width×$height)", (screen) => {
  test("a chart's title typed into the search box lists that chart first", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}/ocs/4.3/charts/`);
    const box = page.getByRole("combobox", { name: /search/i });
    const missed: string[] = [];
    for (const [query, ids] of queries) {
      await box.fill(query);
      await page.locator("#site-search-results .search-status", { hasText: `“${query}”` }).waitFor();
      const first = await page.getByRole("option").first().getAttribute("href");
      if (!ids.map(href).includes(first!)) missed.push(`${query}: ${first}, not ${ids.join(" or ")}`);
    }
    expect(missed).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("a paragraph links the chart it names, and the paragraph a chart serves links it under its number", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    const barrage = index.charts.find((c) => c.names.includes("Barrage Table"))!;
    const chapter = index.paragraphs[barrage.serves[0]].document!;
    await page.goto(`${site.url}/ocs/4.3/${chapter}/`);
    const paragraph = page.locator(`[id="${barrage.serves[0]}"]`);
    const named = paragraph.getByRole("link", { name: "Barrage Table", exact: true }).first();
    expect(await named.getAttribute("href")).toBe(href(barrage.id));
    const served = paragraph.getByRole("link", { name: /^Chart Barrage Table \(10\.0a\)$/ });
    expect(await served.getAttribute("href")).toBe(href(barrage.id));
    await served.click();
    await page.waitForURL(`**${href(barrage.id)}`);
    await expect(page.locator(`[id="${barrage.id}"]`).isVisible()).resolves.toBe(true);
    // A chart no paragraph names by its title (Flak) is linked from the paragraph it serves.
    const flak = index.charts.find((c) => titleOf(c.caption) === "Flak")!;
    await page.goto(`${site.url}/ocs/4.3/${index.paragraphs[flak.serves[0]].document}/`);
    expect(await page.locator(`[id="${flak.serves[0]}"]`).getByRole("link", { name: /^Chart Flak/ }).getAttribute("href")).toBe(href(flak.id));
    expect(errors).toEqual([]);
  });

  test("the edition's About page links the charts PDF, and so does the charts chapter it came from", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    const pdf = index.edition.sources.find((s) => s.url?.endsWith(".pdf"))!;
    expect(pdf.url).toMatch(/^https:\/\/github\.com\/.+\/OCSv4\.3Charts\.pdf$/);
    await page.goto(`${site.url}/ocs/4.3/about/`);
    // Named in the sources and in the text's credit and licence: each link goes to the PDF.
    for (const link of await page.getByRole("link", { name: pdf.title }).all()) expect(await link.getAttribute("href")).toBe(pdf.url);
    expect(await page.getByRole("link", { name: pdf.title }).count()).toBeGreaterThan(0);
    const chapter = index.documents.find((d) => d.provenance.url === pdf.url)!;
    await page.goto(`${site.url}/ocs/4.3/${chapter.slug}/`);
    expect(await page.locator(`a[href="${pdf.url}"]`).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  test("the Sequence of Play marks where each player may fight, in its colour, with its tag and a legend, fitting a phone", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    const meanings = index.edition.marks;
    expect(Object.keys(meanings).length).toBeGreaterThan(0);
    for (const path of ["2-0-sequence-of-play", "charts"]) {
      await page.goto(`${site.url}/ocs/4.3/${path}/`);
      for (const [colour, { tag, meaning }] of Object.entries(meanings)) {
        const marks = page.locator(`.rule-text mark.colour-mark[data-colour="${colour}"][title]`);
        expect(await marks.count(), `${path} ${colour}`).toBeGreaterThan(0);
        const first = marks.first();
        await first.scrollIntoViewIfNeeded();
        // The tag is shown beside the words, the meaning is the mark's title and is read out after them.
        expect(await first.locator(".mark-tag").innerText()).toBe(tag);
        expect(await first.getAttribute("title")).toBe(meaning);
        expect(await first.locator(".visually-hidden").textContent()).toContain(meaning);
        // Red and blue are told apart by more than the words' colour: each tag has its own background.
        const colours = await first.evaluate((m) => ({ text: getComputedStyle(m).color, tag: getComputedStyle(m.querySelector(".mark-tag")!).backgroundColor }));
        expect(colours.tag).toBe(colours.text);
        const box = await first.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(screen.width);
        await expect(page.locator(".mark-legend").filter({ hasText: meaning }).count()).resolves.toBe(1);
      }
      const [a, b] = Object.keys(meanings);
      const tagColour = (c: string) => page.locator(`.rule-text mark.colour-mark[data-colour="${c}"] .mark-tag`).first().evaluate((t) => getComputedStyle(t).backgroundColor);
      expect(await tagColour(a)).not.toBe(await tagColour(b));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(screen.width);
    }
    expect(errors).toEqual([]);
  });
});
