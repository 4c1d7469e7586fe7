// The "Rules language" page: reached from the home page, it is grammar/README.md rendered
// (every heading and example of the file, in its order, not a copy of it), with a contents
// list whose every entry leads to its section, and the rules of each example highlighted.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Slugger from "github-slugger";
import type { Heading, RootContent } from "mdast";
import { describe, expect, test } from "vitest";
import { parseReference, referenceExamples } from "../support/reference-examples.ts";
import { openPage, root, SCREENS } from "./helpers/site.ts";
import { useSite } from "./helpers/use-site.ts";

const site = useSite();
const markdown = readFileSync(join(root, "grammar/README.md"), "utf8");

/** The reference's headings below its title, as GitHub names their anchors. */
function headings(): { depth: number; text: string; slug: string }[] {
  const slugger = new Slugger();
  const plain = (node: RootContent): string =>
    "value" in node && typeof node.value === "string" ? node.value : "children" in node ? (node.children as RootContent[]).map(plain).join("") : "";
  return parseReference(markdown).children
    .filter((n): n is Heading => n.type === "heading" && n.depth > 1)
    .map((h) => {
      const text = plain(h);
      return { depth: h.depth, text, slug: slugger.slug(text) };
    });
}

describe.each(SCREENS)("on a $name ($width×$height)", (screen) => {
  test("the home page leads to the rules language, which is grammar/README.md rendered", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}/`);
    await page.getByRole("link", { name: "Rules language" }).click();
    await page.waitForURL(/\/language\/$/);
    await expect(page.locator("main h1").innerText()).resolves.toBe(/^# (.+)$/m.exec(markdown)![1]);
    // What the reference is comes first, then its contents.
    const intro = page.locator("article.language-reference > p").first();
    const firstWords = /^# .+\n\n(.+)$/m.exec(markdown)![1].replace(/`/g, "");
    expect((await intro.innerText()).startsWith(firstWords)).toBe(true);
    expect(await intro.evaluate((p) => Boolean(p.compareDocumentPosition(document.querySelector("nav.language-contents")!) & Node.DOCUMENT_POSITION_FOLLOWING))).toBe(true);

    // Every heading of the file, in its order, with the anchor GitHub gives it.
    const expected = headings();
    const shown = await page.locator("article.language-reference").locator("h2[id], h3[id], h4[id]").evaluateAll((all) =>
      all.filter((h) => !h.closest("nav")).map((h) => ({ depth: Number(h.tagName[1]), text: (h.textContent ?? "").trim(), slug: h.id })),
    );
    expect(shown).toEqual(expected);

    // Every example, in its order, captioned as one that runs or as a mistake, its rules highlighted.
    const { examples } = referenceExamples(markdown);
    const figures = page.locator("figure.language-example");
    expect(await figures.count()).toBe(examples.length);
    const kinds = await figures.evaluateAll((all) => all.map((f) => (f.classList.contains("mistake") ? "mistake" : "runs")));
    expect(kinds).toEqual(examples.map((e) => (e.codes.length > 0 ? "mistake" : "runs")));
    for (const [i, example] of examples.entries()) {
      const code = figures.nth(i).locator("pre code");
      // textContent: the article's parts are laid out only near the window (content-visibility: auto), so innerText is empty further down.
      expect((await code.textContent())?.trim()).toBe(example.body.trim());
      if (example.body.includes("```rules")) expect(await code.locator(".t-keyword").count()).toBeGreaterThan(0);
    }
    expect(errors).toEqual([]);
  });

  test("every entry of the contents leads to its section", async () => {
    const { page } = await openPage(site.browser, screen);
    await page.goto(`${site.url}/language/`);
    const entries = page.locator("nav.language-contents a");
    const expected = headings().filter((h) => h.depth <= 3);
    expect(await entries.evaluateAll((all) => all.map((a) => a.getAttribute("href")))).toEqual(expected.map((h) => `#${h.slug}`));
    // One of them, followed: its section's heading is at the top of the window, below the header.
    const target = expected.find((h) => h.slug === "rounding")!;
    await page.locator(`nav.language-contents a[href="#${target.slug}"]`).click();
    const heading = page.locator(`[id="${target.slug}"]`);
    await expect(heading.innerText()).resolves.toBe(target.text);
    const top = await heading.evaluate((h) => h.getBoundingClientRect().top);
    const header = await page.locator(".site-header").evaluate((h) => h.getBoundingClientRect().bottom);
    expect(top).toBeGreaterThanOrEqual(header - 1);
    expect(top).toBeLessThan(screen.height / 2);
  });
});
