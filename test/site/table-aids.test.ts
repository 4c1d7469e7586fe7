// The table's own aids, on a phone and a laptop: a switch between light and dark
// that follows the system until the reader chooses, then remembers the choice; and
// nothing that stays put on the screen (a button, a bar) lies over the text, at the
// top of a chapter, in its middle or at its end.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { editionIndex } from "../../compiler/markdown/rulebook-context.ts";
import { openPage, root, SCREENS } from "./helpers/site.ts";
import { useSite } from "./helpers/use-site.ts";

const site = useSite();
const index = editionIndex(root, "ocs", "4.3");
/** The longest chapter: the one a reader scrolls most. */
const chapter = [...index.documents].sort((a, b) => b.coverage.paragraphs - a.coverage.paragraphs)[0];

/** Whether the page's background is dark (its relative luminance). */
const dark = (page: Page) =>
  page.evaluate(() => {
    const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/[\d.]+/g)!.map(Number);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128;
  });

/** Text on screen that something fixed or stuck to the screen lies over, but the header's own bar. */
const coveredText = (page: Page) =>
  page.evaluate(() => {
    const header = document.querySelector(".site-header")!;
    const onTop = [...document.querySelectorAll<HTMLElement>("body *")].filter((el) => {
      if (header.contains(el)) return false;
      const style = getComputedStyle(el);
      if (style.position !== "fixed" && style.position !== "sticky") return false;
      if (style.visibility === "hidden" || Number(style.opacity) === 0 || el.getClientRects().length === 0) return false;
      // A sticky element is only over text when it is stuck: its box no longer where the flow puts it.
      return style.position === "fixed" || el.closest(".edition-side") === null;
    });
    const covered: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || onTop.some((el) => el.contains(node))) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) {
        if (line.bottom <= 0 || line.top >= innerHeight || line.width === 0) continue;
        for (const el of onTop) {
          const box = el.getBoundingClientRect();
          if (box.left < line.right && box.right > line.left && box.top < line.bottom && box.bottom > line.top) covered.push(`${el.className || el.tagName} over “${node.textContent.trim().slice(0, 40)}”`);
        }
      }
    }
    return covered;
  });

describe.each(SCREENS)("on a $name ($width×$height)", (screen) => {
  test("the dark-mode switch follows the system until the reader chooses, then remembers the choice", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`${site.url}/ocs/4.3/${chapter.slug}/`);
    const toggle = page.getByRole("button", { name: "Dark mode" });
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    expect(await dark(page)).toBe(true);
    // Not chosen yet: the system's change is followed.
    await page.emulateMedia({ colorScheme: "light" });
    expect(await dark(page)).toBe(false);
    await page.waitForFunction(() => document.querySelector("[data-theme-switch]")?.getAttribute("aria-pressed") === "false");
    // Chosen: dark, whatever the system says, on this page, after a reload and on the next page.
    await toggle.click();
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    expect(await dark(page)).toBe(true);
    await page.reload();
    expect(await dark(page)).toBe(true);
    await page.goto(`${site.url}/ocs/4.3/`);
    expect(await dark(page)).toBe(true);
    expect(await page.getByRole("button", { name: "Dark mode" }).getAttribute("aria-pressed")).toBe("true");
    // And back to light, even with a dark system.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.getByRole("button", { name: "Dark mode" }).click();
    await page.reload();
    expect(await dark(page)).toBe(false);
    expect(errors).toEqual([]);
  });

  test("nothing that stays on the screen covers text: at the top, in the middle and at the end of a chapter", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}/ocs/4.3/${chapter.slug}/`);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (const y of [0, Math.round(height / 2), height]) {
      await page.evaluate((y) => scrollTo(0, y), y);
      // "Back to the top" is offered once the top is out of sight.
      if (y > 0) await page.getByRole("link", { name: "Back to the top" }).waitFor();
      expect(await coveredText(page), `scrolled to ${y} of ${height}`).toEqual([]);
    }
    expect(errors).toEqual([]);
  });
});
