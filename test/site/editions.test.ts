// Editions end to end in Chromium, on the real Europa pair (second-front, and the
// later edition that supersedes it): the switcher lands on the same paragraph, the
// changes page shows the report, and a calculator computes both editions side by side.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { EditionDiff } from "../../compiler/diff/types.ts";
import { openPage, root } from "./helpers/site.ts";
import { useSite } from "./helpers/use-site.ts";

const site = useSite();

const later = "/europa/later/13-overrun-combat/";
const secondFront = "/europa/second-front/13-overrun/";
const changes = "/europa/changes/second-front..later/";
const report = () => JSON.parse(readFileSync(join(root, "generated/europa/later/changes-from-second-front.json"), "utf8")) as EditionDiff;

describe("edition switcher", () => {
  test("lands on the same paragraph in the other edition", async () => {
    const { page, errors } = await openPage(site.browser);
    await page.goto(`${site.url}${later}#13.A`);
    const link = page.locator('a[data-switch="second-front"]');
    await expect(link.innerText()).resolves.toContain("at 13.A");
    // What changed in the paragraph, on the changes page.
    const what = page.locator("a.switch-changes");
    await expect(what.innerText()).resolves.toBe("What changed in 13.A");
    await expect(what.getAttribute("href")).resolves.toBe(`${changes}#text-13.A`);
    await link.click();
    await page.waitForURL(`${site.url}${secondFront}#13.A`);
    expect(await page.evaluate("document.querySelector(':target')?.id")).toBe("13.A");
    // And back again, with the keyboard.
    const back = page.locator('a[data-switch="later"]');
    await expect(back.getAttribute("href")).resolves.toBe(`${later}#13.A`);
    await back.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${site.url}${later}#13.A`);
    expect(await page.evaluate("document.querySelector(':target')?.id")).toBe("13.A");
    expect(errors).toEqual([]);
  });

  test("follows the reader: the paragraph in view is the one it switches to", async () => {
    const { page } = await openPage(site.browser);
    await page.goto(`${site.url}${later}`);
    const link = page.locator('a[data-switch="second-front"]');
    await expect(link.getAttribute("href")).resolves.toBe(secondFront);
    await page.locator('[id="13.B"]').evaluate((h) => h.scrollIntoView({ block: "start" }));
    await page.waitForFunction(`document.querySelector('a[data-switch="second-front"]').getAttribute("href").endsWith("#absent-later-13.B")`);
    await page.locator('[id="13.A"]').evaluate((h) => h.scrollIntoView({ block: "start" }));
    await page.waitForFunction(`document.querySelector('a[data-switch="second-front"]').getAttribute("href").endsWith("#13.A")`);
    await page.evaluate("window.scrollTo(0, 0)");
    await page.waitForFunction(`document.querySelector('a[data-switch="second-front"]').getAttribute("href") === "${secondFront}"`);
  });

  test("a paragraph the other edition lacks lands on its chapter, which says so", async () => {
    const { page, errors } = await openPage(site.browser);
    await page.goto(`${site.url}${later}#13.B`);
    const link = page.locator('a[data-switch="second-front"]');
    await expect(link.innerText()).resolves.toContain("13.B is not there");
    await link.click();
    await page.waitForURL(`${site.url}${secondFront}#absent-later-13.B`);
    const note = page.locator('[id="absent-later-13.B"]');
    await note.waitFor({ state: "visible" });
    const text = await note.innerText();
    expect(text).toContain("13.B Same-Hex Overruns");
    expect(text).toContain("not in this edition");
    expect(text).toContain("added in later");
    expect(await note.locator("a").first().getAttribute("href")).toBe(`${later}#13.B`);
    // Other notes stay hidden.
    expect(await page.locator(".absent-note:visible").count()).toBe(1);
    expect(errors).toEqual([]);
  });

  test("a chapter the other edition lacks lands on its contents, which says so", async () => {
    const { page } = await openPage(site.browser);
    await page.goto(`${site.url}/europa/later/charts/`);
    await page.locator('a[data-switch="second-front"]').click();
    await page.waitForURL(`${site.url}/europa/second-front/#absent-later-Charts`);
    await expect(page.locator('[id="absent-later-Charts"]').innerText()).resolves.toContain("not in this edition");
  });

  test("without JavaScript it is a plain link to the chapter, and the note still shows", async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}${later}#13.A`);
    await expect(page.locator('a[data-switch="second-front"]').getAttribute("href")).resolves.toBe(secondFront);
    await page.goto(`${site.url}${secondFront}#absent-later-13.B`);
    await page.locator('[id="absent-later-13.B"]').waitFor({ state: "visible" });
    await context.close();
  });

  test("links the changes page from the switcher and from both editions' contents", async () => {
    const { page } = await openPage(site.browser);
    for (const path of [later, "/europa/later/", "/europa/second-front/"]) {
      await page.goto(`${site.url}${path}`);
      expect(await page.locator(`a[href="${changes}"]`).count(), path).toBeGreaterThan(0);
    }
  });
});

describe("changes page", () => {
  test("lists the changed paragraphs with their word diff, linked in both editions", async () => {
    const { page, errors } = await openPage(site.browser);
    await page.goto(`${site.url}${changes}`);
    await expect(page.locator("h1").innerText()).resolves.toContain("What changed from second-front to later");
    const text = report().text;
    expect(await page.locator("#paragraphs ~ .change, section[aria-labelledby=paragraphs] .change").count()).toBe(text.length);
    const reworded = text.find((c) => c.kind === "reworded")!;
    const entry = page.locator(`[id="text-${reworded.to}"]`);
    expect(await entry.locator("del").count()).toBeGreaterThan(0);
    expect(await entry.locator("ins").count()).toBeGreaterThan(0);
    // Not colour alone: the words say what was removed and added.
    expect(await entry.locator("del").first().textContent()).toMatch(/^\[removed: /);
    expect(await entry.locator("ins").first().textContent()).toMatch(/^\[added: /);
    expect(await entry.locator(`a[href="${secondFront}#${reworded.from}"]`).count()).toBe(1);
    expect(await entry.locator(`a[href="${later}#${reworded.to}"]`).count()).toBe(1);
    const added = text.find((c) => c.kind === "added")!;
    await expect(page.locator(`[id="text-${added.to}"]`).innerText()).resolves.toMatch(/^added/i);
    expect(errors).toEqual([]);
  });

  test("lists the formal changes with their source in both editions", async () => {
    const { page } = await openPage(site.browser);
    await page.goto(`${site.url}${changes}`);
    const formal = report().formal;
    expect(await page.locator(".formal-changes > li").count()).toBe(formal.length);
    const changed = formal.find((c) => c.kind === "changed")!;
    const item = page.locator(`[id="formal-${changed.what}-${changed.name}"]`);
    await expect(item.locator(".was-now pre").first().innerText()).resolves.toBe(changed.from!.source);
    await expect(item.locator(".was-now pre").last().innerText()).resolves.toBe(changed.to!.source);
  });

  test("shows changed answers with their inputs, both editions side by side", async () => {
    const { page, errors } = await openPage(site.browser);
    await page.goto(`${site.url}${changes}`);
    const overrun = report().behaviour.find((p) => p.procedure === "overrun")!;
    expect(overrun.differences.length).toBeGreaterThan(0);
    expect(await page.locator(".answer-summary tbody tr").count()).toBe(overrun.differences.length);
    // The paragraphs on the traces whose definitions changed are named and linked.
    const summary = page.locator(".answer-summary tbody tr").first();
    expect(await summary.locator(`a[href^="${secondFront}#"]`).count()).toBeGreaterThan(0);
    expect(await summary.locator(`a[href^="${later}#"]`).count()).toBeGreaterThan(0);

    const situation = page.locator(".situation").first();
    const headers = await situation.locator(".situation-answers thead th").allInnerTexts();
    expect(headers).toEqual(["Answer", "Europa series rules, Second Front era (summary)", "Europa series rules (later edition)"]);
    const rows = situation.locator(".situation-answers tbody tr.differs");
    expect(await rows.count()).toBeGreaterThan(0);
    const [old, now] = await rows.last().locator("td").allInnerTexts();
    expect(old).not.toBe(now);
    // The situation's inputs, labelled, with those only one edition has marked.
    expect(await situation.locator(".input-unit").count()).toBeGreaterThan(0);
    expect(await situation.locator(".only-in").count()).toBeGreaterThan(0);
    expect(await page.locator(".situation").count()).toBeGreaterThan(0);
    const panel = await page.locator("section[aria-labelledby=answers]").innerText();
    expect(panel).not.toMatch(/NaN|undefined|\[object Object\]/);
    expect(errors).toEqual([]);
  });
});

describe("calculator comparing editions", () => {
  test("a situation from the changes page opens in the calculator with both editions' answers", async () => {
    const { page, errors } = await openPage(site.browser);
    await page.goto(`${site.url}${changes}`);
    await page.locator(".situation-open a").first().click();
    await page.waitForURL(/\/europa\/later\/calculators\/overrun\/\?.*compare=second-front/);
    const sides = page.locator("hexlaw-calculator .calc-side-answer");
    const rulings = page.locator("hexlaw-calculator .calc-side-ruling");
    await rulings.first().locator(".calc-ruling").waitFor();
    expect(await sides.count()).toBe(2);
    expect(await rulings.count()).toBe(2);
    await expect(sides.nth(0).locator("h3").innerText()).resolves.toBe("Europa series rules (later edition)");
    await expect(sides.nth(1).locator("h3").innerText()).resolves.toBe("Europa series rules, Second Front era (summary)");
    await expect(rulings.nth(1).locator(".calc-edition").innerText()).resolves.toBe("Europa series rules, Second Front era (summary)");
    await rulings.nth(1).locator(".calc-ruling").waitFor();
    // The answers that differ are marked in both panels, in words.
    await expect(page.locator(".calc-differences").innerText()).resolves.toMatch(/answers? differs? between the editions/);
    expect(await sides.nth(0).locator(".differs").count()).toBeGreaterThan(0);
    expect(await sides.nth(1).locator(".differs").count()).toBe(await sides.nth(0).locator(".differs").count());
    await expect(sides.nth(0).locator(".differs-note").first().innerText()).resolves.toContain("differs in second-front");
    // Inputs only the later edition has are marked as such.
    expect(await page.locator(".calc-form .only-in", { hasText: "only in later" }).count()).toBeGreaterThan(0);
    expect(await page.locator("hexlaw-calculator").innerText()).not.toMatch(/NaN|undefined|\[object Object\]|unknown field/);
    expect(errors).toEqual([]);
  });

  test("compare with another edition is offered, and the comparison is in the URL", async () => {
    const { page, errors } = await openPage(site.browser);
    await page.goto(`${site.url}/europa/second-front/calculators/overrun/`);
    const compare = page.getByLabel("Compare with");
    await compare.selectOption("later");
    await page.locator("hexlaw-calculator .calc-compare").waitFor();
    await page.waitForFunction("location.search.includes('compare=later')");
    const presets = page.getByLabel("Worked example");
    // Worked examples of both editions are offered, by edition.
    expect(await presets.locator("optgroup").count()).toBe(2);
    await presets.selectOption({ index: 1 });
    await page.locator("hexlaw-calculator .calc-side-ruling").nth(1).locator(".calc-ruling").waitFor();
    const answers = await page.locator(".calc-compare").innerText();
    const shared = page.url();
    const { page: again } = await openPage(site.browser);
    await again.goto(shared);
    await again.locator("hexlaw-calculator .calc-side-ruling").nth(1).locator(".calc-ruling").waitFor();
    expect(await again.getByLabel("Compare with").inputValue()).toBe("later");
    expect(await again.locator(".calc-compare").innerText()).toBe(answers);
    // Ending the comparison takes it out of the URL.
    await again.getByLabel("Compare with").selectOption("");
    await again.waitForFunction("!location.search.includes('compare=')");
    expect(await again.locator("hexlaw-calculator .calc-side-answer").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test("a chapter's embedded calculator offers the comparison too", async () => {
    const { page, errors } = await openPage(site.browser);
    await page.goto(`${site.url}${later}`);
    await page.locator(".calculator-embed").getByRole("button", { name: "Open here" }).click();
    const compare = page.locator(".calculator-embed").getByLabel("Compare with");
    await compare.selectOption("second-front");
    await page.locator(".calculator-embed .calc-compare").waitFor();
    await page.waitForFunction("location.search.includes('overrun.compare=second-front')");
    expect(errors).toEqual([]);
  });
});

test("an anchor from the source's own site lands on its paragraph", async () => {
  const { page, errors } = await openPage(site.browser);
  await page.goto(`${site.url}/ocs/4.3/9-0-ground-combat/#914-specialized-combats`);
  await page.waitForURL(/#9\.14$/);
  expect(await page.evaluate("document.querySelector(':target')?.id")).toBe("9.14");
  expect(errors).toEqual([]);
});
