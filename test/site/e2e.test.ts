// End to end in real Chromium against the built site served on loopback.
import { describe, expect, test } from "vitest";
import { editions } from "../../site/lib/corpus.ts";
import { openPage } from "./helpers/site.ts";
import { useSite } from "./helpers/use-site.ts";

const site = useSite();

/** [ruleset, edition, chapter slug] of the first chapter with a reference outside the corpus. */
function chapterWithOutsideReference(): [string, string, string] {
  for (const index of editions()) {
    const reference = index.references.find((r) => r.status === "outside");
    const document = reference && index.documents.find((d) => d.paragraphs.includes(reference.from));
    if (document) return [index.ruleset.id, index.edition.id, document.slug];
  }
  throw new Error("no chapter of the corpus has a reference outside it");
}


// Paints from the HTML alone: while the site's stylesheet is held back (as a slow
// network would), the browser has already painted the page's frame — the header,
// styled by the styles inlined in the head — and the chapter below waits for the
// stylesheet unparsed, so it never shows unstyled.
describe("first paint", () => {
  test.each(["/ocs/4.3/9-0-ground-combat/", "/ocs/4.3/calculators/ground_combat/"])("%s: the styled header is painted before the stylesheet arrives, main waits for it", async (path) => {
    const { page, errors } = await openPage(site.browser);
    const seen: { painted: boolean; header: string | null; main: boolean }[] = [];
    await page.route("**/_astro/*.css", async (route) => {
      // Paint entries come as "first-paint", then "first-contentful-paint": what is seen is looked at once the latter is there
      // (polled on each animation frame; a page that never paints is `painted: false` when the wait gives up).
      const painted = await page.waitForFunction(`performance.getEntriesByName("first-contentful-paint").length > 0`, undefined, { timeout: 10_000 }).then(() => true, () => false);
      seen.push({
        painted,
        ...((await page.evaluate(`({
          header: document.querySelector(".site-header") && getComputedStyle(document.querySelector(".site-header")).position,
          main: document.querySelector("main") !== null,
        })`)) as Omit<(typeof seen)[number], "painted">),
      });
      await route.continue();
    });
    await page.goto(`${site.url}${path}`, { waitUntil: "load" });
    expect(seen.length).toBe(1);
    expect(seen[0]).toEqual({ painted: true, header: "sticky", main: false });
    expect(await page.getByRole("main").getByRole("heading", { level: 1 }).count()).toBe(1);
    expect(await page.evaluate(`getComputedStyle(document.querySelector("main")).maxWidth`)).not.toBe("none");
    expect(errors).toEqual([]);
  });
});

describe("reading", () => {
  test("a chapter opens with its paragraphs as anchors and its formal rules folded", async () => {
    const { page, errors } = await openPage(site.browser);
    await page.goto(`${site.url}/ocs/4.3/9-0-ground-combat/`);
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toContain("9.0 Ground Combat");
    expect(await page.locator('[id="9.14b"]').count()).toBe(1);
    expect(await page.locator('[id="9.2(1)"]').count()).toBe(1);
    expect(await page.locator("details.rules-block").count()).toBeGreaterThan(0);
    expect(await page.locator("details.rules-block[open]").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test("a rules block opened on a chapter shows its listing, fetched from the chapter's formal-rules page, with citations that lead to the chapter", async () => {
    const { page, errors } = await openPage(site.browser);
    await page.goto(`${site.url}/ocs/4.3/9-0-ground-combat/`);
    // The listings are not in the chapter's own HTML.
    expect(await page.locator("details.rules-block pre.rules-code").count()).toBe(0);
    await page.getByRole("button", { name: "Formal rules & notes" }).click();
    const block = page.locator("details.rules-block").nth(1);
    await block.locator("summary").click();
    await block.locator("pre.rules-code span.t-keyword").first().waitFor();
    expect(await block.locator(".rules-apart").count()).toBe(0);
    // Only the opened block's listing is placed; the page was fetched once.
    expect(await page.locator("details.rules-block pre.rules-code").count()).toBe(1);
    const cite = block.locator("a.tok-cite").first();
    if ((await cite.count()) > 0) expect(await cite.getAttribute("href")).toMatch(/^\/ocs\/4\.3\/[^#]+\/#/);
    expect(errors).toEqual([]);
  });

  test("a reference is a link that lands on its paragraph", async () => {
    const { page, errors } = await openPage(site.browser);
    await page.goto(`${site.url}/ocs/4.3/8-0-overrun/`);
    await page.getByRole("main").getByRole("link", { name: "9.14", exact: true }).first().click();
    await page.waitForURL(/\/ocs\/4\.3\/9-0-ground-combat\/#9\.14$/);
    expect(await page.evaluate("document.querySelector(':target')?.id")).toBe("9.14");
    expect(errors).toEqual([]);
  });

  test("keyboard focus on a reference shows a preview of its paragraph", async () => {
    const { page } = await openPage(site.browser);
    await page.goto(`${site.url}/ocs/4.3/8-0-overrun/`);
    const link = page.getByRole("main").getByRole("link", { name: "9.8", exact: true }).first();
    await link.focus();
    const preview = page.getByRole("tooltip");
    await preview.waitFor({ state: "visible" });
    await expect(preview.innerText()).resolves.toContain("9.8 Surprise");
    expect(await link.getAttribute("aria-describedby")).toBe("ref-preview");
    await page.keyboard.press("Escape");
    await preview.waitFor({ state: "hidden" });
  });

  test("on a touch screen, the first tap on a reference shows its preview and stays on the page", async () => {
    const { page, errors } = await openPage(site.browser, { width: 390, touch: true });
    await page.goto(`${site.url}/ocs/4.3/8-0-overrun/`);
    const before = page.url();
    await page.getByRole("main").getByRole("link", { name: "9.8", exact: true }).first().tap();
    const preview = page.getByRole("tooltip");
    await preview.waitFor({ state: "visible" });
    await expect(preview.innerText()).resolves.toContain("9.8 Surprise");
    expect(page.url()).toBe(before);
    expect(errors).toEqual([]);
  });

  test("a chapter reads without JavaScript: text, anchors, the book's examples, charts with unknown cells; notes on its formal-rules page", async () => {
    const { page } = await openPage(site.browser, { javaScript: false });
    await page.goto(`${site.url}/ocs/4.3/9-0-ground-combat/`);
    // textContent: a long chapter lays out only what is near the screen (content-visibility), and innerText is of what is laid out.
    await expect(page.locator('[id="9.8"]').textContent()).resolves.toContain("Surprise");
    // Each rules block links to its listing on the chapter's formal-rules page, which reads without JavaScript too.
    const blocks = await page.locator("details.rules-block").count();
    expect(blocks).toBeGreaterThan(0);
    expect(await page.locator("details.rules-block .rules-apart a").count()).toBe(blocks);
    await page.locator("details.rules-block summary").first().click();
    await page.locator("details.rules-block .rules-apart a").first().click();
    await page.waitForURL(/\/ocs\/4\.3\/9-0-ground-combat\/formal\/#rules-1$/);
    expect(await page.locator(".formal-listing").count()).toBe(blocks);
    // What the paragraphs' notes hold for the curious is there too, with the listings.
    expect(await page.locator(".notes .referenced-by").count()).toBeGreaterThan(0);
    expect(await page.locator(".notes .used-by").count()).toBeGreaterThan(0);
    expect(await page.locator(".formal-listing span.t-keyword").count()).toBeGreaterThan(0);
    // Coloured as a keyword, not as the text around it.
    expect(await page.locator(".formal-listing span.t-keyword").first().evaluate((e) => getComputedStyle(e).color !== getComputedStyle(e.closest("code")!).color)).toBe(true);
    await page.goto(`${site.url}/ocs/4.3/9-0-ground-combat/`);
    expect(await page.locator(".badge.checked").count()).toBeGreaterThan(0);
    await page.goto(`${site.url}/europa/later/13-overrun-combat/`);
    await expect(page.locator(".badge.disputed + .reason").first().textContent()).resolves.toContain("13.A");
    await page.goto(`${site.url}/europa/later/charts/`);
    expect(await page.locator("table em.unknown").count()).toBeGreaterThan(0);
  });

  test("references outside the corpus are marked, and nothing is broken", async () => {
    // A chapter that has references outside the corpus, whichever it is today.
    const [ruleset, edition, chapter] = chapterWithOutsideReference();
    const { page } = await openPage(site.browser);
    await page.goto(`${site.url}/${ruleset}/${edition}/${chapter}/`);
    await expect(page.locator(".ref-outside").first().innerText()).resolves.toContain("not in this corpus");
    expect(await page.locator(".ref-broken").count()).toBe(0);
  });

  test("a link to a heading without a number lands on that heading", async () => {
    const { page, errors } = await openPage(site.browser);
    await page.goto(`${site.url}/ocs/4.3/2-0-sequence-of-play/`);
    const link = page.locator('.rule-text a.ref[href$="#weather-determination-segment"]').first();
    await link.click();
    await page.waitForURL(/#weather-determination-segment$/);
    await expect(page.locator(":target").innerText()).resolves.toBe("Weather Determination Segment");
    expect(errors).toEqual([]);
  });
});

describe("search", () => {
  test("typing a rule number goes straight to its paragraph", async () => {
    const { page, errors } = await openPage(site.browser);
    await page.goto(`${site.url}/`);
    const box = page.getByRole("combobox", { name: "Search the rules" });
    await box.fill("9.14b");
    await page.locator("#site-search-results .r-jump").first().waitFor();
    await box.press("Enter");
    await page.waitForURL(/\/ocs\/4\.3\/9-0-ground-combat\/#9\.14b$/);
    expect(await page.evaluate("document.querySelector(':target')?.id")).toBe("9.14b");
    expect(errors).toEqual([]);
  });

  test("results are paragraphs and can be filtered by ruleset", async () => {
    const { page, errors } = await openPage(site.browser);
    await page.goto(`${site.url}/search/?q=overrun`);
    const results = page.getByRole("listbox", { name: "Results" }).getByRole("option");
    await results.first().waitFor();
    const all = await results.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(all.some((href) => href?.startsWith("/ocs/"))).toBe(true);
    expect(all.some((href) => href?.includes("#"))).toBe(true);
    await page.getByRole("combobox", { name: "Ruleset" }).selectOption("Europa");
    await page.waitForFunction(`[...document.querySelectorAll("#page-search-results .search-results a")].length > 0 &&
      [...document.querySelectorAll("#page-search-results .search-results a")].every((a) => a.getAttribute("href").startsWith("/europa/"))`);
    expect(page.url()).toContain("ruleset=Europa");
    expect(errors).toEqual([]);
  });

  // From the home page a number only one rulebook has goes there; one that several have
  // (5.2: OCS and WtJ 1943) goes, from a page of an edition, to that edition's own.
  test.each([
    ["13.A", /\/europa\/[^/]+\/[^/]+\/#13\.A$/, "/"],
    ["12.D.2.a", /\/unidentified\/12\.09\.09\/[^/]+\/#12\.D\.2\.a$/, "/"],
    ["5.2", /\/wtj-1943\/online\/[^/]+\/#5\.2$/, "/wtj-1943/online/"],
  ])("typing %s, a number under another ruleset's scheme, goes to its paragraph", async (number, url, from) => {
    const { page, errors } = await openPage(site.browser);
    await page.goto(`${site.url}${from}`);
    const box = page.getByRole("combobox", { name: "Search the rules" });
    await box.fill(number);
    await page.locator("#site-search-results .r-jump").first().waitFor();
    await box.press("Enter");
    await page.waitForURL(url);
    expect(await page.evaluate("document.querySelector(':target')?.id")).toBe(number);
    expect(errors).toEqual([]);
  });

  test("results can be filtered by edition", async () => {
    const { page, errors } = await openPage(site.browser);
    await page.goto(`${site.url}/search/?q=overrun`);
    await page.getByRole("listbox", { name: "Results" }).getByRole("option").first().waitFor();
    await page.getByRole("combobox", { name: "Edition" }).selectOption("Europa series rules (later edition)");
    await page.waitForFunction(`[...document.querySelectorAll("#page-search-results .search-results a")].length > 0 &&
      [...document.querySelectorAll("#page-search-results .search-results a")].every((a) => /^\\/europa\\/(later|changes)\\//.test(a.getAttribute("href")))`);
    expect(errors).toEqual([]);
  });

  test("chart cells are searchable: a result code finds its chart", async () => {
    const { page } = await openPage(site.browser);
    await page.goto(`${site.url}/search/?q=DL2o3DG`);
    // In whichever OCS edition the result leads to: the editions print the chart alike, so one record stands for it.
    await page.locator('#page-search-results a[href^="/ocs/"][href$="/charts/#combat-table-results"]').first().waitFor();
  });

  test("calculators are found by name", async () => {
    const { page } = await openPage(site.browser);
    await page.goto(`${site.url}/search/?q=overrun%20calculator`);
    await page.locator('#page-search-results a[href="/ocs/4.3/calculators/overrun/"]').first().waitFor();
  });
});
