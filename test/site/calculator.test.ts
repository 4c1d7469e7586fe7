// The calculator at the table, in Chromium on a phone and a laptop: the ruling in
// one line, on screen after every change; the steps that decided it; a form grouped
// by side and unit with what changes the ruling shown; dice in one tap; numbers as
// players write them. Expectations come from the generated engines themselves.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import type { EngineModule, Resolution, Wire } from "../../compiler/runtime/runtime.ts";
import type { Vector } from "../../compiler/5-verify/vector.ts";
import { decidingSteps, rulingLine } from "../../site/calculator/ruling.ts";
import { GENERATED, listedEngines } from "../support/repo.ts";
import { onScreen, press } from "./helpers/screen.ts";
import { openPage, SCREENS, type Screen } from "./helpers/site.ts";
import { useSite } from "./helpers/use-site.ts";

const site = useSite();
const OVERRUN = "ocs/4.3/overrun";
const calculatorOf = (engine: string) => `/${engine.split("/").slice(0, 2).join("/")}/calculators/${engine.split("/")[2]}/`;

const load = async (name: string) => (await import(pathToFileURL(join(GENERATED, `${name}.ts`)).href)) as EngineModule;
const vectorsOf = (name: string) => (JSON.parse(readFileSync(join(GENERATED, `${name}.vectors.json`), "utf8")) as { vectors: Vector[] }).vectors;

let overrun: EngineModule;
/** A worked example of the overrun with every die rolled and nothing assumed. */
let rolled: Vector;
beforeAll(async () => {
  overrun = await load(OVERRUN);
  rolled = vectorsOf(OVERRUN).find((v) => overrun.schema.dice.every((d) => d.name in v.dice) && Object.keys(v.assume).length === 0)!;
});

/** The line the calculator should show for a resolution, from the procedure's summary. */
const expectedLine = (engine: EngineModule, result: Resolution<Record<string, Wire>>) => rulingLine(engine.metadata.summary, result).parts.map((p) => p.text).join(" · ");

/** The worked example's input with the first attacking unit's fields changed. */
const input = (unit: Record<string, Wire>) =>
  ({ ...rolled.input, attackers: (rolled.input.attackers as Record<string, Wire>[]).map((u, i) => (i === 0 ? { ...u, ...unit } : u)) });

async function open(screen: Screen, path = calculatorOf(OVERRUN)): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(site.browser, screen);
  await opened.page.goto(`${site.url}${path}`);
  await opened.page.locator("hexlaw-calculator .calc-ruling").waitFor();
  return opened;
}

async function loadExample(page: Page, title: string): Promise<void> {
  const presets = page.getByLabel("Worked example");
  await presets.selectOption((await presets.locator("option", { hasText: title }).first().getAttribute("value"))!);
  await page.locator(".example-box").waitFor();
}

/** A die's picker, found as the reader finds it: by its label, "Combat roll (2d6)". */
const picker = (page: Page, die: { label: string; count: number; sides: number }) => page.getByRole("radiogroup", { name: `${die.label} (${die.count}d${die.sides})` });

/** The ruling's parts as the reader sees them, joined as the line joins them. */
const summaryText = async (page: Page) => (await page.locator(".calc-ruling .calc-summary .part").allTextContents()).join(" · ");
/** Waits until the ruling reads `text`. */
const rulingReads = (page: Page, text: string) =>
  page.waitForFunction((t) => [...document.querySelectorAll(".calc-ruling .calc-summary .part")].map((p) => p.textContent).join(" · ").replace(/\s+/g, " ") === t, text.replace(/\s+/g, " "));

describe.each(SCREENS)("on a $name ($width×$height)", (screen) => {
  test("a worked example's ruling is one line, first and on screen, as the engine rules it", async () => {
    const { page, errors } = await open(screen);
    await loadExample(page, rolled.title);
    const result = overrun.resolve(overrun.check(rolled.input).ok ? rolled.input : {}, rolled.dice);
    expect((await summaryText(page)).replace(/\s+/g, " ")).toBe(expectedLine(overrun, result).replace(/\s+/g, " "));
    expect(await page.locator(".calc-ruling.allowed").count()).toBe(1);
    expect(await onScreen(page.locator(".calc-ruling"), page)).toBe(true);
    // The ruling comes before the chances and the trace.
    const [ruling, chances, trace] = await Promise.all([".calc-ruling", ".calc-chances", ".calc-trace"].map((s) => page.locator(s).boundingBox()));
    expect(ruling!.y).toBeLessThan(chances!.y);
    expect(chances!.y).toBeLessThan(trace!.y);
    expect(errors).toEqual([]);
  });

  test("after a die or a field changes, the new ruling is on screen without scrolling", async () => {
    const { page, errors } = await open(screen);
    await loadExample(page, rolled.title);
    // A different combat roll, tapped on its picker.
    const die = overrun.schema.dice.find((d) => d.name !== "" && d.count * d.sides - d.count > 2)!;
    const other = rolled.dice[die.name] === die.count ? die.count + 1 : die.count;
    const total = picker(page, die).getByText(String(other), { exact: true });
    await press(total, screen);
    const expected = expectedLine(overrun, overrun.resolve(rolled.input, { ...rolled.dice, [die.name]: other }));
    await rulingReads(page, expected);
    expect(await onScreen(page.locator(".calc-ruling"), page)).toBe(true);
    // A field in the middle of the form: the ruling is still in view while the reader types there.
    const strength = page.locator("hexlaw-calculator input[id$='attackers-0--strength']");
    await strength.evaluate((e) => e.scrollIntoView({ block: "center" }));
    await strength.fill("2");
    const changed = input({ strength: 2 });
    await rulingReads(page, expectedLine(overrun, overrun.resolve(changed, { ...rolled.dice, [die.name]: other })));
    expect(await onScreen(page.locator(".calc-ruling"), page)).toBe(true);
    expect(await onScreen(strength, page)).toBe(true);
    if (!screen.touch) {
      // On a wide screen the ruling sits beside the form, right under the dice.
      const [form, dice, ruling] = await Promise.all([".calc-inputs", ".calc-dice", ".calc-ruling"].map((s) => page.locator(s).boundingBox()));
      expect(ruling!.x).toBeGreaterThanOrEqual(form!.x + form!.width);
      expect(ruling!.y).toBeGreaterThanOrEqual(dice!.y + dice!.height - 1);
      expect(await onScreen(page.locator(".calc-dice"), page)).toBe(true);
    }
    expect(errors).toEqual([]);
  });

  test("when the action is not allowed, the ruling says which requirement fails, with its paragraph", async () => {
    const { page, errors } = await open(screen);
    await loadExample(page, rolled.title);
    const field = overrun.schema.inputs.find((f) => f.type.kind === "number" && f.default === undefined && f.type.min !== undefined)!;
    // The least value the field takes that some requirement refuses.
    const value = [0, 1, 2, 3, 4, 5].find((v) => !overrun.resolve({ ...rolled.input, [field.name]: v }, rolled.dice).allowed)!;
    const result = overrun.resolve({ ...rolled.input, [field.name]: value }, rolled.dice);
    await page.getByLabel(field.label, { exact: true }).fill(String(value));
    const ruling = page.locator(".calc-ruling.blocked");
    await ruling.waitFor();
    await expect(ruling.innerText()).resolves.toContain(result.violations[0].message);
    await expect(ruling.locator("a.cite").innerText()).resolves.toBe(result.violations[0].paragraph);
    expect(await onScreen(ruling, page)).toBe(true);
    // The trace opens on why: the requirement not met and what it read.
    const deciding = decidingSteps(overrun.metadata.decisive, result);
    expect(await page.locator(".calc-trace .trace li").count()).toBe(deciding.size);
    await expect(page.locator(".calc-trace .trace").innerText()).resolves.toContain("NOT met");
    expect(errors).toEqual([]);
  });

  test("the trace shows the steps that decided the ruling, and every step on request", async () => {
    const { page, errors } = await open(screen);
    await loadExample(page, rolled.title);
    const result = overrun.resolve(rolled.input, rolled.dice);
    const deciding = decidingSteps(overrun.metadata.decisive, result);
    expect(deciding.size).toBeGreaterThan(0);
    expect(deciding.size).toBeLessThan(result.trace.length);
    const steps = page.locator(".calc-trace .trace li");
    expect(await steps.count()).toBe(deciding.size);
    // Numbered as in the whole trace, and never a requirement that was simply met.
    expect(await steps.locator(".n").allInnerTexts()).toEqual([...deciding].map((i) => String(i + 1)));
    expect(await page.locator(".calc-trace .trace").innerText()).not.toMatch(/: met\b/);
    const all = page.getByRole("button", { name: `Show all ${result.trace.length} steps` });
    await all.click();
    expect(await steps.count()).toBe(result.trace.length);
    expect(await page.locator(".calc-trace .trace").innerText()).toMatch(/: met\b/);
    // A step that read a chart cell names it, as the printed chart shows it.
    const cell = result.trace.find((s) => s.cell !== undefined)!;
    expect((await page.locator(".calc-trace .trace .cell").allInnerTexts()).map((t) => t.trim())).toContain(`— ${cell.cell}`);
    // No number is clipped: each sits inside its row.
    const clipped = await steps.locator(".n").evaluateAll((ns) => ns.filter((n) => n.scrollWidth > n.clientWidth + 1 || n.getBoundingClientRect().left < 0).length);
    expect(clipped).toBe(0);
    expect(errors).toEqual([]);
  });

  test("the form is grouped by side and unit; what must be given and the choices that change the ruling are shown, the rest folded with its values", async () => {
    const { page, errors } = await open(screen);
    // With the situation filled in and the units not: the ruling says what to fill in, naming whose field it is.
    const required = overrun.schema.inputs.find((f) => f.type.kind === "list")!;
    const record = overrun.schema.records[(required.type as { of: string }).of];
    const firstRequired = record.fields.find((f) => f.default === undefined)!;
    const blanks = overrun.schema.inputs.filter((f) => f.type.kind !== "list" && f.default === undefined);
    for (const f of blanks) await page.getByLabel(f.label, { exact: true }).fill(String(rolled.input[f.name]));
    const unitBlanks = overrun.schema.inputs.filter((f) => f.type.kind === "list").flatMap((f) => overrun.schema.records[(f.type as { of: string }).of].fields.filter((r) => r.default === undefined));
    await page.locator(".calc-ruling", { hasText: `Fill in ${unitBlanks.length} fields: ${record.label} 1: ${firstRequired.label}` }).waitFor();
    const side = page.getByRole("group", { name: required.label, exact: true });
    const unit = side.getByRole("group", { name: `${record.label} 1`, exact: true });
    await unit.waitFor();
    const decisive = new Set(overrun.metadata.decisive.inputs);
    const shown = (f: (typeof record.fields)[number]) => f.default === undefined || (f.type.kind === "enum" && decisive.has(`${required.name}.${f.name}`));
    for (const field of record.fields) {
      const control = side.locator(`[id$="-${required.name}-0--${field.name}"]`);
      const folded = (await control.evaluate((c) => c.closest("details.calc-more") !== null));
      expect({ field: field.name, folded }).toEqual({ field: field.name, folded: !shown(field) });
    }
    // A folded group shows its values without opening it: each by its label and value, a marker only when ticked.
    const fold = unit.locator("details.calc-more");
    expect(await fold.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    const items = (await fold.locator(".calc-more-values").innerText()).split(" · ");
    for (const f of record.fields.filter((f) => !shown(f) && f.type.kind !== "text")) {
      if (f.type.kind !== "boolean") expect(items).toContain(`${f.label} ${f.default}`);
      else if (f.default === true) expect(items).toContain(f.label);
      else expect(items).not.toContain(f.label);
    }
    expect(errors).toEqual([]);
  });

  test("dice are entered with one tap each, and 'roll for me' rolls with crypto.getRandomValues", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.addInitScript(() => {
      const original = crypto.getRandomValues.bind(crypto);
      (window as unknown as { cryptoRolls: number }).cryptoRolls = 0;
      crypto.getRandomValues = (<T extends ArrayBufferView | null>(array: T): T => {
        (window as unknown as { cryptoRolls: number }).cryptoRolls++;
        return original(array as never) as T;
      }) as typeof crypto.getRandomValues;
    });
    await page.goto(`${site.url}${calculatorOf(OVERRUN)}`);
    await loadExample(page, rolled.title);
    for (const die of overrun.schema.dice) {
      const totals = picker(page, die).getByRole("radio");
      // Every total the dice can show, and "not rolled".
      expect(await totals.count()).toBe(die.count * die.sides - die.count + 2);
    }
    const die = overrun.schema.dice[0];
    const label = picker(page, die).getByText(String(die.count), { exact: true });
    const box = await label.boundingBox();
    expect(Math.min(box!.width, box!.height)).toBeGreaterThanOrEqual(24);
    await press(label, screen);
    await page.waitForFunction(([key, value]) => new URL(location.href).searchParams.get(key) === value, [`dice.${die.name}`, String(die.count)]);
    await page.getByRole("button", { name: /^Roll (all )?for me$/ }).click();
    await page.waitForFunction(() => (window as unknown as { cryptoRolls: number }).cryptoRolls > 0);
    for (const d of overrun.schema.dice) {
      const checked = await picker(page, d).getByRole("radio", { checked: true }).getAttribute("value");
      expect(Number(checked)).toBeGreaterThanOrEqual(d.count);
      expect(Number(checked)).toBeLessThanOrEqual(d.count * d.sides);
    }
    expect(await page.evaluate(() => (window as unknown as { cryptoRolls: number }).cryptoRolls)).toBeGreaterThanOrEqual(overrun.schema.dice.reduce((n, d) => n + d.count, 0));
    expect(errors).toEqual([]);
  });

  test("numbers are read as players write them (½, .5, 1 1/2); 1e3 and 0x10 get a message at the field", async () => {
    const { page, errors } = await open(screen);
    await loadExample(page, rolled.title);
    const strength = page.locator("hexlaw-calculator input[id$='attackers-0--strength']");
    const error = page.locator(`[id="${await strength.getAttribute("id")}-error"]`);
    for (const [written, value] of [["½", 0.5], [".5", 0.5], ["1 1/2", 1.5], ["1½", 1.5]] as const) {
      await strength.fill(written);
      await rulingReads(page, expectedLine(overrun, overrun.resolve(input({ strength: value }), rolled.dice)));
      expect(await error.isHidden()).toBe(true);
    }
    for (const written of ["1e3", "0x10"]) {
      await strength.fill(written);
      await page.locator(`[id="${await strength.getAttribute("id")}-error"]`, { hasText: `not “${written}”` }).waitFor();
      expect(await strength.getAttribute("aria-invalid")).toBe("true");
      await expect(page.locator(".calc-ruling").innerText()).resolves.toMatch(/needs? attention/);
    }
    expect(await page.locator("hexlaw-calculator").innerText()).not.toMatch(/NaN|undefined|\[object Object\]/);
    expect(errors).toEqual([]);
  });
});

test("the state is in the URL: a shared link reloads the same ruling", async () => {
  const { page, errors } = await open(SCREENS[1]);
  await loadExample(page, rolled.title);
  await page.getByLabel("MP left", { exact: true }).fill("7");
  await page.waitForFunction("new URL(location.href).searchParams.get('stack_mp_left') === '7'");
  const ruling = await page.locator(".calc-ruling").innerText();
  const shared = page.url();
  const { page: again } = await open(SCREENS[0], shared.slice(site.url.length));
  await again.locator(".calc-ruling.allowed").waitFor();
  expect(await again.getByLabel("MP left", { exact: true }).inputValue()).toBe("7");
  expect(await again.locator(".calc-ruling").innerText()).toBe(ruling);
  expect(errors).toEqual([]);
});

describe("every procedure of every ruleset", () => {
  const engines = listedEngines().map((e) => e.module.replace(/\.ts$/, "")).filter((name) => vectorsOf(name).some((v) => Object.keys(v.assume).length === 0));
  test.each(engines)("%s: a worked example's ruling is its summary line", async (name) => {
    const engine = await load(name);
    const vector = vectorsOf(name).find((v) => Object.keys(v.assume).length === 0)!;
    const { page, errors } = await open(SCREENS[1], calculatorOf(name));
    await loadExample(page, vector.title);
    const checked = engine.check(vector.input);
    expect(checked.ok).toBe(true);
    const result = engine.resolve(vector.input, vector.dice);
    await page.locator(`.calc-ruling.${result.allowed ? "allowed" : "blocked"}`).waitFor();
    if (result.allowed) expect((await summaryText(page)).replace(/\s+/g, " ")).toBe(expectedLine(engine, result).replace(/\s+/g, " "));
    else await expect(page.locator(".calc-ruling").innerText()).resolves.toContain(result.violations[0].message);
    expect(errors).toEqual([]);
  });
});
