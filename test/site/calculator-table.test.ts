// A combat at the table, on a phone and a laptop in Chromium: a 3-against-2 ground
// combat entered field by field, each unit one row, in at most four screens from the
// first field to the ruling; the ruling beside the dice after every change, carrying
// the consequences with the paragraph of an exception and a share button beside it;
// the AT effects following from a unit's class and symbol, and no terrain effect
// assumed. What the ruling should say comes from the generated engines themselves.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import type { EngineModule, Resolution, Wire } from "../../compiler/runtime/runtime.ts";
import type { Vector } from "../../compiler/5-verify/vector.ts";
import { rulingLine } from "../../site/calculator/ruling.ts";
import { GENERATED } from "../support/repo.ts";
import { seriousViolations } from "./helpers/axe.ts";
import { nextFrame, onScreen, press } from "./helpers/screen.ts";
import { openPage, SCREENS, type Screen } from "./helpers/site.ts";
import { useSite } from "./helpers/use-site.ts";

const site = useSite();
/** A combat entered field by field takes a while on a busy machine (each change is resolved with every roll's chance). */
const SLOW = 300_000;
const GROUND = "ocs/4.3/ground_combat";
const OVERRUN = "ocs/4.3/overrun";
const pageOf = (engine: string) => `/${engine.split("/").slice(0, 2).join("/")}/calculators/${engine.split("/")[2]}/`;
const load = async (name: string) => (await import(pathToFileURL(join(GENERATED, `${name}.ts`)).href)) as EngineModule;
const vectorsOf = (name: string) => (JSON.parse(readFileSync(join(GENERATED, `${name}.vectors.json`), "utf8")) as { vectors: Vector[] }).vectors;

let ground: EngineModule;
let overrun: EngineModule;
beforeAll(async () => {
  [ground, overrun] = await Promise.all([load(GROUND), load(OVERRUN)]);
});

/** The ruling's parts, as the engine's summary and definitions say they read. */
const partsOf = (engine: EngineModule, result: Resolution<Record<string, Wire>>) => rulingLine(engine.metadata.summary, result, engine.metadata.definitions).parts;
const lineOf = (engine: EngineModule, result: Resolution<Record<string, Wire>>) => partsOf(engine, result).map((p) => p.text).join(" · ");
/** Waits until the ruling reads `text`. */
const rulingReads = (page: Page, text: string) =>
  page.waitForFunction((t) => [...document.querySelectorAll(".calc-ruling .calc-summary .part")].map((p) => p.textContent).join(" · ") === t, text);

/** Three attacking units against two, as a player enters them: strength, AR, class, mode and terrain effect. */
const COMBAT = {
  attacker_supply: 8,
  attackers: [
    { strength: 8, ar: 4, class: "armor", mode: "combat", terrain_effect: 2 },
    { strength: 6, ar: 3, class: "mech", mode: "combat", terrain_effect: 2 },
    { strength: 4, ar: 3, class: "other", mode: "move", terrain_effect: 1 },
  ],
  defenders: [
    { strength: 5, ar: 3, class: "mech", mode: "combat", terrain_effect: 1 },
    { strength: 3, ar: 2, class: "other", mode: "combat", terrain_effect: 1 },
  ],
} as const;
const DICE = { surprise_roll: 7, combat_roll: 11 };

async function open(screen: Screen, path: string): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(site.browser, screen);
  await opened.page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await opened.page.goto(`${site.url}${path}`);
  await opened.page.locator("hexlaw-calculator .calc-ruling").waitFor();
  return opened;
}

/** A unit's field, as the form names it for a screen reader: "Attacking unit 2: Action Rating". */
const unitField = (page: Page, list: "attackers" | "defenders", i: number, name: string) => {
  const input = ground.schema.inputs.find((f) => f.name === list)!;
  const record = ground.schema.records[(input.type as { of: string }).of];
  return page.getByLabel(`${record.label} ${i + 1}: ${record.fields.find((f) => f.name === name)!.label}`, { exact: true });
};

/** Taps a die's total on its picker. */
async function roll(page: Page, screen: Screen, engine: EngineModule, die: string, total: number): Promise<void> {
  const spec = engine.schema.dice.find((d) => d.name === die)!;
  const picker = page.getByRole("radiogroup", { name: new RegExp(`^${spec.label} \\(`) });
  await press(picker.locator("label", { hasText: new RegExp(`^${total}$`) }), screen);
}

/** Enters the 3-against-2 combat from an empty calculator, field by field, then the dice. */
async function enterCombat(page: Page, screen: Screen): Promise<void> {
  const supply = ground.schema.inputs.find((f) => f.name === "attacker_supply")!;
  await page.getByLabel(supply.label, { exact: true }).fill(String(COMBAT.attacker_supply));
  for (const list of ["attackers", "defenders"] as const) {
    const input = ground.schema.inputs.find((f) => f.name === list)!;
    const noun = ground.schema.records[(input.type as { of: string }).of].label.toLowerCase();
    for (let i = 1; i < COMBAT[list].length; i++) await press(page.getByRole("button", { name: `Add ${noun}` }), screen);
    const fields = ground.schema.records[(input.type as { of: string }).of].fields;
    for (const [i, unit] of COMBAT[list].entries()) {
      for (const [name, value] of Object.entries(unit)) {
        if (fields.find((f) => f.name === name)!.default === value) continue;
        const field = unitField(page, list, i, name);
        if (typeof value === "string") await field.selectOption(value);
        else await field.fill(String(value));
      }
    }
  }
  for (const [die, total] of Object.entries(DICE)) await roll(page, screen, ground, die, total);
}

/** Where an element ends in the page, as it lies in the flow (a sticky ruling measured where it sits after the dice). */
async function flowBottom(page: Page, selector: string, after: string): Promise<number> {
  await page.locator(after).evaluate((e) => e.scrollIntoView({ block: "start" }));
  await nextFrame(page);
  return page.locator(selector).evaluate((e) => e.getBoundingClientRect().bottom + scrollY);
}

describe.each(SCREENS)("on a $name ($width×$height)", (screen) => {
  test("a 3-against-2 ground combat fits in four screens from the first field to the ruling, each unit one row", async () => {
    const { page, errors } = await open(screen, pageOf(GROUND));
    await enterCombat(page, screen);
    const result = ground.resolve(COMBAT, DICE);
    await rulingReads(page, lineOf(ground, result));
    // Each unit is one row: its fields side by side, the rest folded under it with their values.
    for (const list of ["attackers", "defenders"] as const) {
      for (const i of COMBAT[list].keys()) {
        const tops = await Promise.all(Object.keys(COMBAT[list][i]).map(async (name) => (await unitField(page, list, i, name).boundingBox())!.y));
        expect(Math.max(...tops) - Math.min(...tops), `${list} ${i + 1}`).toBeLessThan(2);
      }
    }
    const more = page.getByRole("group", { name: "Attacking unit 1", exact: true }).locator("details.calc-more .calc-more-values");
    expect((await more.innerText()).split(" · ")).toContain("Steps 1");
    const firstField = await page.locator(".calc-form").getByRole("textbox").or(page.locator(".calc-form").getByRole("combobox")).or(page.locator(".calc-form").getByRole("checkbox")).first()
      .evaluate((e) => e.getBoundingClientRect().top + scrollY);
    expect(await seriousViolations(page)).toEqual([]);
    const end = await flowBottom(page, ".calc-rulings", ".calc-dice");
    const height = page.viewportSize()!.height;
    expect((end - firstField) / height, `${Math.round(end - firstField)} px`).toBeLessThanOrEqual(4);
    expect(errors).toEqual([]);
  }, SLOW);

  test("after any field or die changes, the new ruling is on screen beside the dice, without scrolling", async () => {
    const { page, errors } = await open(screen, pageOf(GROUND));
    await enterCombat(page, screen);
    // The last unit's strength, typed where it is on the page.
    const last = unitField(page, "defenders", 1, "strength");
    await last.evaluate((e) => e.scrollIntoView({ block: "center" }));
    const scrolled = await page.evaluate(() => scrollY);
    await last.fill("1");
    const weaker = { ...COMBAT, defenders: [COMBAT.defenders[0], { ...COMBAT.defenders[1], strength: 1 }] };
    await rulingReads(page, lineOf(ground, ground.resolve(weaker, DICE)));
    expect(await page.evaluate(() => scrollY)).toBe(scrolled);
    expect(await onScreen(page.locator(".calc-ruling"), page)).toBe(true);
    expect(await onScreen(last, page)).toBe(true);
    // A class chosen in the middle of the form.
    await unitField(page, "attackers", 2, "class").selectOption("armor");
    const armored = { ...weaker, attackers: [COMBAT.attackers[0], COMBAT.attackers[1], { ...COMBAT.attackers[2], class: "armor" }] };
    await rulingReads(page, lineOf(ground, ground.resolve(armored, DICE)));
    expect(await onScreen(page.locator(".calc-ruling"), page)).toBe(true);
    // Another combat roll: the ruling is on screen with the dice.
    await roll(page, screen, ground, "combat_roll", 3);
    await rulingReads(page, lineOf(ground, ground.resolve(armored, { ...DICE, combat_roll: 3 })));
    expect(await onScreen(page.locator(".calc-ruling"), page)).toBe(true);
    expect(await onScreen(page.getByRole("radiogroup", { name: /^Combat roll \(/ }), page)).toBe(true);
    expect(errors).toEqual([]);
  }, SLOW);

  test("the ruling carries the consequences, an exception with its paragraph (8.1e voids exploitation in an overrun)", async () => {
    const vector = vectorsOf(OVERRUN).find((v) => v.paragraph === "8.1e" && Object.keys(v.dice).length > 0 && Object.keys(v.assume).length === 0)!;
    const { page, errors } = await open(screen, pageOf(OVERRUN));
    const presets = page.getByLabel("Worked example");
    await presets.selectOption((await presets.locator("option", { hasText: vector.title }).first().getAttribute("value"))!);
    const result = overrun.resolve(vector.input, vector.dice);
    const parts = partsOf(overrun, result);
    await rulingReads(page, parts.map((p) => p.text).join(" · "));
    // What happens to each side, and why exploitation does not: each exception with its paragraph, linked.
    const cited = parts.filter((p) => p.paragraph);
    expect(cited.map((p) => p.paragraph)).toContain("8.1e");
    const links = page.locator(".calc-ruling .calc-summary a.cite");
    expect(await links.allInnerTexts()).toEqual(cited.map((p) => p.paragraph));
    const href = await links.filter({ hasText: /^8\.1e$/ }).getAttribute("href");
    expect(href).toMatch(/#8\.1e$/);
    const target = await page.request.get(`${site.url}${href!.split("#")[0]}`);
    expect(await target.text()).toContain('id="8.1e"');
    for (const text of ["Defender destroyed", "advance Required", "MP left"]) expect(parts.some((p) => p.text.startsWith(text)), text).toBe(true);
    expect(await onScreen(page.locator(".calc-ruling"), page)).toBe(true);
    expect(errors).toEqual([]);
  }, SLOW);

  test("share sits beside the ruling and says what it did there, covering nothing", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    // A phone shares with the device's share sheet; this records what it was given.
    await page.addInitScript(() => {
      const w = window as unknown as { shared?: string };
      Object.defineProperty(navigator, "share", { configurable: true, value: async (data: ShareData) => void (w.shared = data.url) });
    });
    await page.goto(`${site.url}${pageOf(GROUND)}`);
    await enterCombat(page, screen);
    await rulingReads(page, lineOf(ground, ground.resolve(COMBAT, DICE)));
    const share = page.getByRole("button", { name: "Share" });
    const ruling = page.locator(".calc-ruling");
    const [button, line] = [await share.boundingBox(), await ruling.boundingBox()];
    // Beside the ruling: on the same band of the screen, not above the form.
    expect(button!.y).toBeLessThan(line!.y + line!.height);
    expect(button!.y + button!.height).toBeGreaterThan(line!.y);
    expect(await onScreen(share, page)).toBe(true);
    await share.click();
    const status = page.getByRole("status").filter({ hasText: screen.touch ? "Shared" : "Link copied" });
    await status.waitFor();
    const shared = screen.touch ? await page.evaluate(() => (window as unknown as { shared?: string }).shared) : await page.evaluate(() => navigator.clipboard.readText());
    expect(shared).toBe(page.url());
    expect(new URL(shared!).searchParams.get("dice.combat_roll")).toBe(String(DICE.combat_roll));
    // The word it says covers no part of the ruling, and the page's toast stays away.
    const said = (await status.boundingBox())!;
    const after = (await ruling.boundingBox())!;
    const overlaps = said.x < after.x + after.width && after.x < said.x + said.width && said.y < after.y + after.height && after.y < said.y + said.height;
    expect(overlaps).toBe(false);
    expect(await page.locator("[data-toast].show").count()).toBe(0);
    expect(errors).toEqual([]);
  }, SLOW);

  test("every answer of the engine stays in reach: the chances, the trace with its paragraphs, every output", async () => {
    const { page, errors } = await open(screen, pageOf(GROUND));
    await enterCombat(page, screen);
    const result = ground.resolve(COMBAT, DICE);
    await rulingReads(page, lineOf(ground, result));
    await expect(page.getByRole("table", { name: /^Chance of each combat result/ }).getByRole("row").count()).resolves.toBeGreaterThan(1);
    await page.getByRole("button", { name: `Show all ${result.trace.length} steps` }).click();
    const cites = page.locator(".calc-trace .trace a.cite");
    expect(await cites.count()).toBeGreaterThan(result.trace.length / 2);
    for (const href of new Set(await cites.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute("href")!)))) expect(href).toMatch(/\/#.+/);
    const every = page.locator("details.calc-outputs");
    await every.locator("summary").click();
    const labels = Object.keys(ground.metadata.definitions).map((name) => ground.metadata.definitions[name].label);
    const shown = await every.locator("dt").allInnerTexts();
    for (const label of labels) expect(shown).toContain(label);
    // Derived, not entered: each unit's AT effects from its class and symbol.
    expect(await page.getByLabel(/AT effects/).count()).toBe(0);
    await expect(every.locator('[data-answer="attackers.at"] dd').innerText()).resolves.toContain("Heavy AT, Light AT, No AT");
    expect(errors).toEqual([]);
  }, SLOW);

  test("a unit's row is reached field by field with the keyboard, each field named with its unit", async () => {
    const { page, errors } = await open(screen, pageOf(GROUND));
    const record = ground.schema.records[(ground.schema.inputs.find((f) => f.name === "attackers")!.type as { of: string }).of];
    const row = page.getByRole("group", { name: `${record.label} 1`, exact: true });
    const fields = row.locator(".cell input, .cell select");
    const names = await fields.evaluateAll((controls) => controls.map((c) => (c as HTMLInputElement).labels?.[0]?.textContent ?? ""));
    expect(names.length).toBeGreaterThanOrEqual(4);
    await fields.first().focus();
    for (const name of names.slice(1)) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent)).toBe(name);
    }
    for (const name of names) expect(name.startsWith(`${record.label} 1: `)).toBe(true);
    // Each explained once for the side, and read out with the field.
    const strength = row.getByLabel(`${record.label} 1: ${record.fields.find((f) => f.name === "strength")!.label}`);
    const description = await strength.evaluate((c) => c.getAttribute("aria-describedby")!.split(" ").map((id) => document.getElementById(id)?.textContent ?? "").join(" "));
    expect(description).toContain(record.fields.find((f) => f.name === "strength")!.description);
    expect(errors).toEqual([]);
  }, SLOW);
});

describe("calculator inputs that cannot silently mislead (26.6)", () => {
  const MECH = { attacker_supply: 4, attackers: [{ strength: 6, ar: 3, class: "mech", terrain_effect: 2 }], defenders: [{ strength: 4, ar: 2, terrain_effect: 1 }] };

  test("a Mech attacker at x2 against a hex without AT effects resolves on the column the printed rules give", async () => {
    // 9.4e: Mech is Red-coded, so Light AT at least; a hex without AT does not reduce its x2. 6 × 2 = 12 against 4 is 3:1.
    const result = ground.resolve(MECH, {});
    expect(result.outputs.odds).toBe("3:1");
    const { page, errors } = await open(SCREENS[0], pageOf(GROUND));
    await page.getByLabel(ground.schema.inputs.find((f) => f.name === "attacker_supply")!.label, { exact: true }).fill("4");
    for (const [name, value] of Object.entries(MECH.attackers[0])) {
      const field = unitField(page, "attackers", 0, name);
      if (typeof value === "string") await field.selectOption(value);
      else await field.fill(String(value));
    }
    await unitField(page, "defenders", 0, "strength").fill("4");
    await unitField(page, "defenders", 0, "ar").fill("2");
    // No terrain effect is assumed: until it is stated, the calculator asks for it instead of ruling.
    const terrain = ground.schema.records[(ground.schema.inputs.find((f) => f.name === "defenders")!.type as { of: string }).of].fields.find((f) => f.name === "terrain_effect")!;
    await page.locator(".calc-ruling", { hasText: `Defending unit 1: ${terrain.label}` }).waitFor();
    expect(await page.locator(".calc-ruling .calc-summary").count()).toBe(0);
    await unitField(page, "defenders", 0, "terrain_effect").fill("1");
    await rulingReads(page, lineOf(ground, result));
    // The ruling says which effects it used.
    expect(partsOf(ground, result).map((p) => p.text)).toContain("terrain x2 vs x1");
    expect(lineOf(ground, result).startsWith("3:1 → ")).toBe(true);
    expect(errors).toEqual([]);
  }, SLOW);
});
