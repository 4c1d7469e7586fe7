// The rulebook's front matter (Introduction, the v4.3 notes, Game Components with their
// rules: map edges, off-map movement, holding boxes, set-up notes) is a chapter like any
// other, on a phone and a laptop: first in the edition's contents, every part of it a
// paragraph with its own address, and each found first when its title is searched.
import { describe, expect, test } from "vitest";
import { editionIndex, paragraphHref } from "../../compiler/markdown/rulebook-context.ts";
import { openPage, root, SCREENS } from "./helpers/site.ts";
import { useSite } from "./helpers/use-site.ts";

const site = useSite();
const index = editionIndex(root, "ocs", "4.3");
const chapter = index.documents.find((d) => d.section === "front-matter")!;
const parts = chapter.paragraphs.map((id) => index.paragraphs[id]).filter((p) => p.kind === "heading");
const items = chapter.paragraphs.map((id) => index.paragraphs[id]).filter((p) => p.kind === "item");

test("the front matter is a chapter of OCS 4.3, its parts paragraphs and its set-up notes items", () => {
  expect(chapter.order).toBeLessThan(Math.min(...index.documents.filter((d) => d !== chapter).map((d) => d.order)));
  expect(parts.map((p) => p.title)).toEqual(expect.arrayContaining(["Introduction", "Version 4.3 Rules", "Game Components", "Map Edge Hexes", "Off Map Movement", "Holding Boxes", "Set Up Notes"]));
  expect(items.length).toBeGreaterThan(0);
  expect(items.every((p) => p.parent === parts.find((q) => q.title === "Set Up Notes")!.id)).toBe(true);
});

describe.each(SCREENS)("on a $name ($width×$height)", (screen) => {
  test("the contents lead to it first, and each of its parts has its own address", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}/ocs/4.3/`);
    const contents = page.getByRole("main").getByRole("link", { name: chapter.heading, exact: true });
    await contents.first().click();
    await page.waitForURL(`**/ocs/4.3/${chapter.slug}/`);
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toContain(chapter.heading);
    for (const p of [...parts, ...items]) expect(await page.locator(`[id="${p.id}"]`).count(), p.id).toBe(1);
    expect(errors).toEqual([]);
  });

  test("each part's title typed into the search box lists that part first", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}/ocs/4.3/1-0-scale/`);
    const box = page.getByRole("combobox", { name: /search/i });
    const missed: string[] = [];
    for (const part of parts) {
      await box.fill(part.title);
      await page.locator("#site-search-results .search-status", { hasText: `“${part.title}”` }).waitFor();
      const first = await page.getByRole("option").first().getAttribute("href");
      if (first !== paragraphHref(index, part.id)) missed.push(`${part.title}: ${first}`);
    }
    expect(missed).toEqual([]);
    expect(errors).toEqual([]);
  });
});
