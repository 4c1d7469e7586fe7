// Editions that keep your place, on a phone and a laptop in Chromium: switching
// edition from wherever the reader is lands on the same paragraph (or on the note
// saying it is not there) — on a phone too, where the switcher is at the top of the
// chapter and the reader scrolls up past every paragraph above to reach it — and a
// calculator's situation goes over to the other edition's calculator, which says
// what did not carry. What carries comes from the two engines' own schemas.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import type { EngineModule, EngineSchema, Wire } from "../../compiler/runtime/runtime.ts";
import { rulingLine } from "../../site/calculator/ruling.ts";
import { GENERATED } from "../support/repo.ts";
import { nextFrame, onScreen, press } from "./helpers/screen.ts";
import { openPage, SCREENS, } from "./helpers/site.ts";
import { useSite } from "./helpers/use-site.ts";

const site = useSite();
const SLOW = 300_000;
const load = async (name: string) => (await import(pathToFileURL(join(GENERATED, `${name}.ts`)).href)) as EngineModule;
const pageOf = (engine: string) => `/${engine.split("/").slice(0, 2).join("/")}/calculators/${engine.split("/")[2]}/`;
const titleOf = async (edition: string) => (JSON.parse(readFileSync(join(GENERATED, edition, "index.json"), "utf8")) as { edition: { title: string } }).edition.title;

/** Scrolls the page so that a paragraph's top is a quarter down the screen, as a reader reading it has it. */
async function readAt(page: Page, id: string): Promise<void> {
  await page.locator(`[id="${id}"]`).evaluate((e) => scrollTo(0, e.getBoundingClientRect().top + scrollY - innerHeight / 4));
  await nextFrame(page);
  // The reader stays there (the switcher takes a place once the reader stays, after any scroll up).
  await expect.poll(() => page.locator("a[data-switch] [data-switch-at]").first().textContent()).toContain(id);
}

/**
 * Scrolls up to the top a screen at a time, as a thumb does, passing every paragraph above: a
 * frame apart, inside the page, so that a busy machine cannot make the test pause between two
 * swipes long enough to count as the reader staying there.
 */
async function scrollUpToTop(page: Page): Promise<void> {
  await page.evaluate(async () => {
    while (scrollY > 0) {
      scrollBy(0, -Math.round(innerHeight * 0.8));
      await new Promise((frame) => requestAnimationFrame(() => frame(undefined)));
    }
  });
}

/** Opens the chapter's "Contents & editions", where the edition switcher is, if it is folded (as on a phone). */
async function openContents(page: Page, screen: (typeof SCREENS)[number]): Promise<void> {
  const contents = page.locator("details.edition-nav").first();
  if (await contents.evaluate((d) => (d as HTMLDetailsElement).open)) return;
  await press(contents.locator("> summary"), screen);
  await expect.poll(() => contents.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
}

/** The switcher's link to an edition, by what it says: "Read in <title>, at 9.4e". */
const switchTo = (page: Page, title: string, at: RegExp) => page.getByRole("link", { name: new RegExp(`^Read in ${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${at.source}`) });

describe.each(SCREENS)("switching edition on a $name ($width×$height)", (screen) => {
  test("from any scroll position lands on the paragraph the reader is at", async () => {
    const errata = await titleOf("ocs/4.3-errata-2019");
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}/ocs/4.3/9-0-ground-combat/`);
    await readAt(page, "9.4e");
    const link = switchTo(page, errata, /, at 9\.4e$/);
    // On a phone the switcher is in the contents at the top of the chapter: the reader scrolls up to
    // it, past 9.4d … 9.0, and opens them.
    if (screen.touch) {
      await scrollUpToTop(page);
      await openContents(page, screen);
      await expect(link.getAttribute("href")).resolves.toMatch(/#9\.4e$/);
    }
    await link.waitFor({ state: "attached" });
    await press(link, screen);
    await page.waitForURL(/\/ocs\/4\.3-errata-2019\/9-0-ground-combat\/#9\.4e$/);
    expect(await page.evaluate(() => document.querySelector(":target")?.id)).toBe("9.4e");
    expect(await onScreen(page.locator('[id="9.4e"] .pnum, [id="9.4e"]').first(), page)).toBe(true);
    expect(errors).toEqual([]);
  }, SLOW);

  test("a paragraph the other edition lacks lands on the note saying so", async () => {
    const secondFront = await titleOf("europa/second-front");
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}/europa/later/13-overrun-combat/`);
    await readAt(page, "13.B");
    const link = switchTo(page, secondFront, / \(13\.B is not there\)$/);
    if (screen.touch) {
      await scrollUpToTop(page);
      await openContents(page, screen);
    }
    await link.waitFor({ state: "attached" });
    await press(link, screen);
    await page.waitForURL(/\/europa\/second-front\/13-overrun\/#absent-later-13\.B$/);
    const note = page.locator('[id="absent-later-13.B"]');
    await note.waitFor({ state: "visible" });
    await expect(note.innerText()).resolves.toContain("not in this edition");
    expect(errors).toEqual([]);
  }, SLOW);
});

/** A schema's field as the form names it: "Overrunning unit 1: Combat strength", or a situation's label. */
function labelOf(schema: EngineSchema, list: string | null, name: string): string {
  if (!list) return schema.inputs.find((f) => f.name === name)!.label;
  const record = schema.records[(schema.inputs.find((f) => f.name === list)!.type as { of: string }).of];
  return `${record.label} 1: ${record.fields.find((f) => f.name === name)!.label}`;
}

describe.each(SCREENS)("a calculator's situation in another edition, on a $name ($width×$height)", (screen) => {
  let later: EngineModule;
  let secondFront: EngineModule;
  beforeAll(async () => {
    [later, secondFront] = await Promise.all([load("europa/later/overrun"), load("europa/second-front/overrun")]);
  });

  test("“Also in” carries every input the other edition has, and names the ones it does not", async () => {
    // Every value the later edition's calculator needs, typed in.
    const given: { list: string | null; name: string; value: number }[] = [];
    for (const input of later.schema.inputs) {
      if (input.type.kind !== "list" && input.default === undefined) given.push({ list: null, name: input.name, value: -1 });
      if (input.type.kind !== "list") continue;
      for (const f of later.schema.records[input.type.of].fields) if (f.default === undefined) given.push({ list: input.name, name: f.name, value: f.name === "strength" ? 9 : 3 });
    }
    const { page, errors } = await openPage(site.browser, screen);
    await page.goto(`${site.url}${pageOf("europa/later/overrun")}`);
    for (const g of given) await page.getByLabel(labelOf(later.schema, g.list, g.name), { exact: true }).fill(String(g.value));
    await page.locator(".calc-ruling .calc-summary, .calc-ruling.blocked").first().waitFor();
    const other = await titleOf("europa/second-front");
    await press(page.locator(".calc-elsewhere").getByRole("link", { name: other, exact: true }), screen);
    await page.waitForURL(/\/europa\/second-front\/calculators\/overrun\//);
    // What the other edition has, it shows as typed; what it lacks, it names as the edition it came from names it.
    const carried = given.filter((g) => (g.list ? labelOfOrNull(secondFront.schema, g.list, g.name) : secondFront.schema.inputs.some((f) => f.name === g.name)));
    const dropped = given.filter((g) => !carried.includes(g)).map((g) => labelOf(later.schema, g.list, g.name));
    expect(dropped.length).toBeGreaterThan(0);
    for (const g of carried) await expect(page.getByLabel(labelOf(secondFront.schema, g.list, g.name), { exact: true }).inputValue()).resolves.toBe(String(g.value));
    const note = page.getByRole("note").filter({ hasText: "came over from" });
    await expect(note.innerText()).resolves.toContain("did not carry: ");
    expect((await note.locator("strong").innerText()).split("; ").sort()).toEqual(dropped.sort());
    // And rules on it as its own engine does.
    const input: Record<string, Wire> = {};
    for (const g of carried) {
      if (!g.list) input[g.name] = g.value;
      else input[g.list] = [{ ...((input[g.list] as Record<string, Wire>[] | undefined)?.[0] ?? {}), [g.name]: g.value }];
    }
    const result = secondFront.resolve(input, {});
    const expected = result.allowed ? rulingLine(secondFront.metadata.summary, result).parts.map((p) => p.text).join(" · ") : result.violations[0].message;
    await page.locator(".calc-ruling", { hasText: expected }).waitFor();
    expect(errors).toEqual([]);
  }, SLOW);

  test("into an edition with the same inputs, the whole situation and its dice carry", async () => {
    const errata = await titleOf("ocs/4.3-errata-2019");
    const { page, errors } = await openPage(site.browser, screen);
    const situation = "attacker_supply=8&attackers.n=2&attackers.0.strength=8&attackers.0.ar=4&attackers.0.class=armor&attackers.0.terrain_effect=2"
      + "&attackers.1.strength=6&attackers.1.ar=3&attackers.1.terrain_effect=1&defenders.0.strength=5&defenders.0.ar=3&defenders.0.terrain_effect=1"
      + "&dice.surprise_roll=9&dice.shift_roll=2&dice.combat_roll=8";
    await page.goto(`${site.url}${pageOf("ocs/4.3/ground_combat")}?${situation}`);
    await page.locator(".calc-ruling .calc-summary").waitFor();
    const ruling = await page.locator(".calc-ruling .calc-summary").innerText();
    await press(page.locator(".calc-elsewhere").getByRole("link", { name: errata, exact: true }), screen);
    await page.waitForURL(/\/ocs\/4\.3-errata-2019\/calculators\/ground_combat\//);
    await expect(page.getByRole("note").filter({ hasText: "came over from" }).innerText()).resolves.toContain("every input and die carried");
    await page.locator(".calc-ruling .calc-summary").waitFor();
    expect(await page.locator(".calc-ruling .calc-summary").innerText()).toBe(ruling);
    for (const [key, value] of new URLSearchParams(situation)) expect(new URL(page.url()).searchParams.get(key), key).toBe(value);
    expect(errors).toEqual([]);
  }, SLOW);
});

test("a chapter's switcher takes its open calculators' situations along", async () => {
  const { page, errors } = await openPage(site.browser, SCREENS[0]);
  await page.goto(`${site.url}/ocs/4.3/8-0-overrun/?overrun.stack_mp_left=7`);
  await page.locator("hexlaw-calculator .calc-ruling").waitFor();
  const link = page.locator('a[data-switch="4.3-errata-2019"]');
  await expect(link.getAttribute("href")).resolves.toMatch(/\?overrun\.stack_mp_left=7&from-edition=4\.3$/);
  await openContents(page, SCREENS[0]);
  await press(link, SCREENS[0]);
  await page.waitForURL(/\/ocs\/4\.3-errata-2019\/8-0-overrun\/\?/);
  const mp = page.locator("hexlaw-calculator").getByLabel("MP left", { exact: true });
  await expect(mp.inputValue()).resolves.toBe("7");
  await expect(page.getByRole("note").filter({ hasText: "came over from" }).innerText()).resolves.toContain("every input and die carried");
  expect(errors).toEqual([]);
}, SLOW);

/** Whether a schema's list has the field at all (a unit field's label, else null). */
function labelOfOrNull(schema: EngineSchema, list: string, name: string): string | null {
  const input = schema.inputs.find((f) => f.name === list);
  if (!input || input.type.kind !== "list") return null;
  return schema.records[input.type.of].fields.some((f) => f.name === name) ? labelOf(schema, list, name) : null;
}
