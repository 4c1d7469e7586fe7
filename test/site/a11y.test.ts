// axe-core in Chromium on a chapter and a calculator page: no serious or
// critical violations, in light and dark mode, on a desktop and a phone.
import { expect, test } from "vitest";
import { openPage } from "./helpers/site.ts";
import { seriousViolations } from "./helpers/axe.ts";
import { useSite } from "./helpers/use-site.ts";

const site = useSite();

for (const scheme of ["light", "dark"] as const) {
  test(`a chapter has no serious accessibility violations (${scheme})`, async () => {
    const { page } = await openPage(site.browser);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${site.url}/ocs/4.3/9-0-ground-combat/`);
    await page.locator("details.rules-block").first().evaluate((d) => ((d as HTMLDetailsElement).open = true));
    // Its listing, fetched from the chapter's formal-rules page, is checked in place.
    await page.locator("details.rules-block pre.rules-code").first().waitFor({ state: "attached" });
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`a calculator page has no serious accessibility violations (${scheme})`, async () => {
    const { page } = await openPage(site.browser);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${site.url}/ocs/4.3/calculators/overrun/`);
    const presets = page.locator("hexlaw-calculator select").first();
    await presets.waitFor();
    await presets.selectOption({ index: 2 });
    await page.locator(".example-box").waitFor();
    await page.getByLabel("MP left", { exact: true }).fill("x");
    await page.locator(".field .error:not([hidden])").first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`the changes page has no serious accessibility violations (${scheme})`, async () => {
    const { page } = await openPage(site.browser);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${site.url}/europa/changes/second-front..later/`);
    await page.locator(".formal-changes details").evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`a calculator comparing two editions has no serious accessibility violations (${scheme})`, async () => {
    const { page } = await openPage(site.browser);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${site.url}/europa/changes/second-front..later/`);
    await page.locator(".situation-open a").first().click();
    await page.locator("hexlaw-calculator .calc-side-ruling").nth(1).locator(".calc-ruling").waitFor();
    await page.locator(".differs").first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`a chapter with the edition switcher and a "not in this edition" note has no serious accessibility violations (${scheme})`, async () => {
    const { page } = await openPage(site.browser);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${site.url}/europa/second-front/13-overrun/#absent-later-13.B`);
    await page.locator(".absent-note:target").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const path of ["/europa/changes/second-front..later/", "/europa/later/13-overrun-combat/", "/europa/later/calculators/overrun/?compare=second-front"]) {
  test(`${path} reads at phone width with no horizontal scrolling`, async () => {
    const { page } = await openPage(site.browser, { width: 360 });
    await page.goto(`${site.url}${path}`);
    if (path.includes("compare")) await page.locator("hexlaw-calculator .calc-compare").waitFor();
    const overflow = await page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth");
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("a chapter reads at phone width with no horizontal scrolling", async () => {
  const { page } = await openPage(site.browser, { width: 360 });
  await page.goto(`${site.url}/ocs/4.3/9-0-ground-combat/`);
  const overflow = await page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth");
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
});
