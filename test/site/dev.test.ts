// `npm run dev`, the editor's loop (issue 25.1): in a temporary copy of the repository with
// the rulebook `hexlaw init` starts, `astro dev` compiles rules/ as they are saved. With the
// chapter, its calculator and the home page open in Chromium: a saved rules block reaches the
// calculator and the chapter by themselves (the home page, which does not show it, stays as it
// was); a broken block shows its diagnostic over the pages, with code, place, frame and hint;
// fixing it takes the overlay away. Every wait is for a condition on the page, never a timer.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, onTestFailed, test } from "vitest";
import { type DevServer, hexlawIn, startDevServer } from "../support/dev-server.ts";
import { launch, openPage } from "./helpers/site.ts";

let dev: DevServer;
let browser: Browser;

beforeAll(async () => {
  dev = await startDevServer((root) => hexlawIn(root, "init", "club/1"));
  browser = await launch();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await dev?.close();
});

const CHAPTER = "rules/club/1/01-combat.md";
/** Waits for the calculator's ruling to read `text` (the first load of a dev server transforms every module: a longer limit). */
const ruling = (page: Page, text: string, timeout = 30_000) => page.locator("hexlaw-calculator .calc-ruling .calc-summary", { hasText: text }).waitFor({ timeout });

test("a save reaches the open calculator and chapter; a broken block is an overlay with code and place until it is fixed", async () => {
  // What the dev server printed tells why a page did not update.
  onTestFailed(() => console.log(`astro dev printed:\n${dev.output()}`));
  const { url } = dev;
  const { page: calculator, errors } = await openPage(browser, { width: 1366, height: 900 });
  const requests: string[] = [];
  calculator.on("request", (r) => requests.push(new URL(r.url()).pathname));
  // 1:2 odds and a 6: the chart's AE, in the summary the procedure writes.
  await calculator.goto(`${url}/club/1/calculators/combat/?attack=1&defense=2&dice.combat_roll=6`);
  await ruling(calculator, "1:2 → 1:2", 180_000);
  const { page: chapter } = await openPage(browser, { width: 390, height: 844, touch: true });
  await chapter.goto(`${url}/club/1/1-0-combat/`);
  await chapter.getByText("AE, the attacker is eliminated").first().waitFor();
  const { page: home } = await openPage(browser);
  await home.goto(`${url}/`);
  await home.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));

  // The procedure's summary in the rules block and a sentence of the chapter, saved at once.
  dev.edit(CHAPTER, `summary odds " → " column`, `summary odds " to " column`);
  dev.edit(CHAPTER, "AE, the attacker is eliminated", "AE, the attacking units are eliminated");
  await ruling(calculator, "1:2 to 1:2");
  await chapter.getByText("AE, the attacking units are eliminated").first().waitFor();
  expect(await home.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // A misspelt name: the calculator keeps its engine, and the overlay says what and where.
  dev.edit(CHAPTER, "combat_results[combat_roll, column]", "combat_results[combat_rol, column]");
  const overlay = calculator.locator("#hexlaw-errors");
  await overlay.locator('pre[data-code="HX0203"]').waitFor();
  const shown = await overlay.innerText();
  expect(shown).toMatch(/error\[HX0203\]: Unknown name `combat_rol`/);
  expect(shown).toMatch(new RegExp(`--> ${CHAPTER}:\\d+:\\d+`));
  expect(shown).toMatch(/\^+/);
  expect(shown).toMatch(/hint: did you mean `combat_roll`\?/);
  await chapter.locator('#hexlaw-errors pre[data-code="HX0203"]').waitFor();
  // A page opened while the error stands shows it too.
  await home.reload();
  await home.locator('#hexlaw-errors pre[data-code="HX0203"]').waitFor();
  expect(readFileSync(join(dev.root, "generated/club/1/combat.ts"), "utf8")).toContain('" to "');

  dev.edit(CHAPTER, "combat_results[combat_rol, column]", "combat_results[combat_roll, column]");
  await overlay.waitFor({ state: "detached" });
  await home.locator("#hexlaw-errors").waitFor({ state: "detached" });
  await ruling(calculator, "1:2 to 1:2");
  expect(dev.output()).toMatch(/error\[HX0203\]/);
  // No service worker in dev: nothing asks for sw.js.
  expect(requests.filter((path) => path.endsWith("/sw.js"))).toEqual([]);
  expect(errors).toEqual([]);
});
