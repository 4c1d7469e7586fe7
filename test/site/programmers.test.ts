// "For programmers" in Chromium: reached from the home page, a page per part of the guide
// (compiler/runtime/README.md, its parts read from the file itself), each with its example
// and the output it prints, the fields of its formats' schemas and the engine API's
// declarations, readable on a phone without the page scrolling sideways.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { formatsByPart } from "../../compiler/markdown/programmers-guide.ts";
import { openPage, root, SCREENS } from "./helpers/site.ts";
import { useSite } from "./helpers/use-site.ts";

const site = useSite();
const markdown = readFileSync(join(root, "compiler/runtime/README.md"), "utf8");
/** Each part of the guide: its title, the formats it names, and how many examples (each shown with its output) it has. */
const parts = [...formatsByPart(markdown)].map(([title, formats]) => {
  const section = markdown.split(/^## /m).find((s) => s.startsWith(`${title}\n`)) ?? "";
  return { title, formats, examples: section.match(/^```js example$/gm)?.length ?? 0 };
});

describe.each(SCREENS)("on a $name ($width×$height)", (screen) => {
  test("the home page leads to every part of the guide, each with its example, its formats and the API", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}/`);
    await page.getByRole("link", { name: "For programmers" }).click();
    await page.waitForURL(/\/programmers\/$/);
    await expect(page.locator("main h1").innerText()).resolves.toBe(/^# (.+)$/m.exec(markdown)![1]);
    const links = page.getByRole("navigation", { name: "The formats" }).getByRole("link");
    expect(await links.allInnerTexts()).toEqual(parts.map((part) => part.title));
    const addresses = await links.evaluateAll((all) => all.map((a) => (a as HTMLAnchorElement).href));
    for (const [i, part] of parts.entries()) {
      await page.goto(addresses[i]);
      await expect(page.locator("main h1").innerText()).resolves.toBe(part.title);
      // The example and what it prints, as the guide has them.
      expect(part.examples).toBeGreaterThan(0);
      expect(await page.locator("main pre").count()).toBeGreaterThanOrEqual(2 * part.examples);
      for (const format of part.formats) {
        const heading = page.getByRole("heading", { name: format, exact: true });
        await expect(heading.count()).resolves.toBe(1);
        await expect(page.locator(`dl[data-schema="${format}"] dt`).count()).resolves.toBeGreaterThan(0);
      }
      // Nothing makes the page itself scroll sideways; long code scrolls in its own box.
      expect(await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")).toBe(true);
    }
    expect(errors).toEqual([]);
  });

  test("the engine module's page documents every member of an engine", async () => {
    const { page } = await openPage(site.browser, screen);
    await page.goto(`${site.url}/programmers/engine-modules/#api-EngineModule`);
    const entry = page.locator("section.api-entry", { has: page.locator('[id="api-EngineModule"]') });
    const members = await entry.locator("dt").allInnerTexts();
    for (const name of ["metadata", "schema", "check(", "checkDice(", "resolve(", "distribution("])
      expect(
        members.some((m) => m.startsWith(name)),
        name,
      ).toBe(true);
    expect(await entry.locator("dd").count()).toBe(members.length);
  });
});
