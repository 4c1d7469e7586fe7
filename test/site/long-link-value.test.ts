// A calculator link whose value is 200,000 characters long (issue 23.5) opens like any
// other: the field's error quotes a short excerpt of it, wrapped, where the whole value
// as one unbreakable word froze the page for a minute while it was laid out.
import { describe, expect, test } from "vitest";
import { QUOTED_MOST } from "../../site/calculator/quoted.ts";
import { openPage, SCREENS } from "./helpers/site.ts";
import { useSite } from "./helpers/use-site.ts";

const site = useSite();
const LONG = "A".repeat(200_000);

describe("a calculator link with a very long value", () => {
  test.each(SCREENS)("on a $name: the error quotes an excerpt, wraps, and the form still answers", async (screen) => {
    const { page, errors } = await openPage(site.browser, screen);
    // The server refuses so long an address (HTTP 431); the offline worker serves the page whatever the query, as this route does.
    await page.route((url) => url.search.length > 0, async (route) => route.fulfill({ response: await route.fetch({ url: route.request().url().split("?")[0] }) }));
    await page.goto(`${site.url}/ocs/4.3/calculators/overrun/?entry_cost=${LONG}`, { waitUntil: "domcontentloaded" });
    const field = page.locator('hexlaw-calculator input[id$="-entry_cost"]');
    const error = page.locator('hexlaw-calculator [id$="-entry_cost-error"]');
    await error.waitFor();
    const message = (await error.textContent())!;
    const quote = /not “([^”]*)”/.exec(message)?.[1];
    expect(quote).toBe(`${"A".repeat(QUOTED_MOST)}…`);
    expect(message.length).toBeLessThan(200);
    // The field keeps what the link gave; nothing is wider than the screen.
    expect(await field.evaluate((input) => (input as HTMLInputElement).value.length)).toBe(LONG.length);
    expect(await page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")).toBeLessThanOrEqual(0);
    // The page answers: a number typed in its place clears the error.
    await field.fill("2");
    await expect.poll(() => error.isHidden()).toBe(true);
    expect(errors).toEqual([]);
  });
});
