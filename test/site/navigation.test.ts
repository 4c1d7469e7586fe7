// Finding one's way, on a phone and a laptop: the edition's contents beside the
// chapter (a collapsed list on a phone) with the section in view marked as one
// scrolls, previous and next chapter, a header that stays with search in it,
// back to the top, and lists numbered once.
import { describe, expect, test } from "vitest";
import { editionIndex } from "../../compiler/markdown/rulebook-context.ts";
import { openPage, root, SCREENS } from "./helpers/site.ts";
import { useSite } from "./helpers/use-site.ts";
import { editions } from "../../site/lib/corpus.ts";

const site = useSite();
const index = editionIndex(root, "ocs", "4.3");
/** The chapter with the most sections (numbered headings). */
const sections = (d: (typeof index.documents)[number]) => d.paragraphs.filter((id) => index.paragraphs[id]?.kind === "heading").length;
const chapter = [...index.documents].sort((a, b) => sections(b) - sections(a))[0];
const position = index.documents.indexOf(chapter);
const chapterUrl = `/ocs/4.3/${chapter.slug}/`;

describe.each(SCREENS)("on a $name ($width×$height)", (screen) => {
  test("the edition's contents list every chapter, the current one open on its sections, the one in view marked", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}${chapterUrl}`);
    const contents = page.locator("details.edition-nav");
    if (screen.touch) {
      // On a phone the list is collapsed at the top of the page, and opens with a tap.
      expect(await contents.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      expect(await contents.getByRole("navigation", { name: /^Contents of / }).isVisible()).toBe(false);
      await contents.locator("summary").tap();
    }
    const nav = contents.getByRole("navigation", { name: /^Contents of /, includeHidden: true });
    await nav.waitFor({ state: "visible" });
    expect(await nav.locator(".edition-nav-chapters > li").count()).toBe(index.documents.length);
    await expect(nav.locator('a[aria-current="page"]').innerText()).resolves.toBe(chapter.heading);
    const sections = nav.locator("a[data-spy]");
    const count = await sections.count();
    expect(count).toBeGreaterThan(2);
    if (screen.touch) await contents.locator("summary").tap();
    // Scrolled to a section, that section is the one marked, and on a phone the list's line names it.
    // A section that can be scrolled to the top, whose text fills the top of the screen (after a
    // short one, the next section's heading is in view too, and the last in view is the one marked).
    const target = await page.evaluate(() => {
      const ids = [...document.querySelectorAll<HTMLAnchorElement>("a[data-spy]")].map((a) => a.dataset.spy ?? "");
      const tops = ids.map((id) => (document.getElementById(id)?.getBoundingClientRect().top ?? 0) + scrollY);
      const room = document.documentElement.scrollHeight - innerHeight;
      return ids.find((_, i) => i > 0 && tops[i]! <= room && (i + 1 === ids.length || tops[i + 1]! - tops[i]! > innerHeight / 2));
    });
    expect(target).toBeDefined();
    await page.locator(`[id="${target}"]`).evaluate((h) => h.scrollIntoView({ block: "start" }));
    await page.waitForFunction((id) => document.querySelector(`a[data-spy="${CSS.escape(id!)}"]`)?.getAttribute("aria-current") === "location", target);
    expect(await nav.locator('a[aria-current="location"]').count()).toBe(1);
    const heading = (await page.locator(`[id="${target}"]`).innerText()).trim();
    await expect(contents.locator("summary").innerText()).resolves.toContain(heading);
    expect(errors).toEqual([]);
  });

  test("previous and next chapter follow the edition's order", async () => {
    const { page } = await openPage(site.browser, screen);
    await page.goto(`${site.url}${chapterUrl}`);
    const previous = index.documents[position - 1];
    const next = index.documents[position + 1];
    if (previous) expect(await page.locator('.pager a[rel="prev"]').getAttribute("href")).toBe(`/ocs/4.3/${previous.slug}/`);
    else expect(await page.locator('.pager a[rel="prev"]').count()).toBe(0);
    if (next) expect(await page.locator('.pager a[rel="next"]').getAttribute("href")).toBe(`/ocs/4.3/${next.slug}/`);
    else expect(await page.locator('.pager a[rel="next"]').count()).toBe(0);
  });

  test("the header stays at the top with the search box, and 'back to the top' appears once scrolled", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}${chapterUrl}`);
    const toTop = page.getByRole("link", { name: "Back to the top" });
    expect(await toTop.isVisible()).toBe(false);
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight / 2));
    const header = await page.getByRole("banner").boundingBox();
    expect(header!.y).toBe(0);
    expect(header!.height).toBeLessThanOrEqual(64);
    expect(await page.getByRole("banner").getByRole("combobox", { name: "Search the rules" }).isVisible()).toBe(true);
    // In the header, where it covers no text.
    await toTop.waitFor();
    expect(await toTop.evaluate((a) => a.closest(".site-header") !== null)).toBe(true);
    if (screen.touch) await toTop.tap();
    else await toTop.click();
    await page.waitForFunction(() => scrollY === 0);
    // No page scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });

  test("lists of numbered chapters and sections are not numbered a second time", async () => {
    const { page } = await openPage(site.browser, screen);
    for (const path of ["/ocs/4.3/", chapterUrl]) {
      await page.goto(`${site.url}${path}`);
      const twice = await page.locator(":is(.toc, .toc-sections, .edition-nav ul, .crumbs ol) > li").evaluateAll((items) =>
        items.filter((li) => getComputedStyle(li).listStyleType !== "none" && /^\s*\d/.test(li.textContent ?? "")).length);
      expect({ path, twice }).toEqual({ path, twice: 0 });
    }
  });

  test("an edition's page opens on what a player reaches for: every calculator and every chart page, on the first screen", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}/ocs/4.3/`);
    const block = page.locator("section.at-table");
    const hrefs = await block.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    const chartPages = [...new Set(index.charts.map((c) => c.document))].map((slug) => `/ocs/4.3/${slug}/`);
    expect(hrefs.sort()).toEqual([...index.procedures.map((p) => `/ocs/4.3/calculators/${p.name}/`), ...chartPages].sort());
    // The first of them is on screen without scrolling, above the edition's contents.
    const first = await block.locator("a").first().boundingBox();
    expect(first!.y + first!.height).toBeLessThanOrEqual(screen.height);
    const contents = await page.locator("#contents").boundingBox();
    expect(first!.y).toBeLessThan(contents!.y);
    // The contents box on a phone does not name the page a second time ("Contents · Contents").
    expect((await page.locator("details.edition-nav summary").innerText()).trim()).toBe("Contents");
    expect(errors).toEqual([]);
  });

  test("an edition another supersedes says so first, with a link to the later one", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    const all = editions();
    const superseded = all.filter((older) => all.some((e) => e.ruleset.id === older.ruleset.id && e.edition.supersedes === older.edition.id));
    expect(superseded.length).toBeGreaterThan(0);
    for (const older of superseded) {
      await page.goto(`${site.url}/${older.ruleset.id}/${older.edition.id}/`);
      const later = all.filter((e) => e.ruleset.id === older.ruleset.id && e.edition.supersedes === older.edition.id).map((e) => `/${e.ruleset.id}/${e.edition.id}/`);
      expect(await page.locator(".superseded-note a").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual(later);
      const note = await page.locator(".superseded-note").first().boundingBox();
      expect(note!.y + note!.height).toBeLessThanOrEqual(screen.height);
    }
    // An edition nothing supersedes has no such note.
    const latest = all.find((e) => !superseded.includes(e))!;
    await page.goto(`${site.url}/${latest.ruleset.id}/${latest.edition.id}/`);
    expect(await page.locator(".superseded-note").count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

