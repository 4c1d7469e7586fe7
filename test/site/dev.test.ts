// `npm run dev`, the editor's loop (issue 25.1): in a temporary copy of the repository with
// the rulebook `hexlaw init` starts, `astro dev` compiles rules/ as they are saved. With the
// chapter, its calculator and the home page open in Chromium: a saved rules block reaches the
// calculator and the chapter by themselves (the home page, which does not show it, stays as it
// was); a broken block shows its diagnostic over the pages, with code, place, frame and hint;
// fixing it takes the overlay away. Every wait is for a condition on the page, never a timer.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, onTestFailed, test } from "vitest";
import { removeTemp, REPO, tempDir } from "../support/repo.ts";
import { launch, openPage } from "./helpers/site.ts";

let root = "";
let url = "";
let dev: ChildProcess | undefined;
let output = "";
let browser: Browser;

/** A port nothing listens on now. */
const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

/** Resolves once the dev server's output has matched `pattern` (it is read as it comes). */
const printed = (pattern: RegExp) =>
  new Promise<void>((done, fail) => {
    const look = () => {
      if (pattern.test(output)) done();
      else if (dev?.exitCode !== null) fail(new Error(`astro dev ended:\n${output}`));
      else dev.stdout!.once("data", look);
    };
    look();
  });

beforeAll(async () => {
  root = tempDir("hexlaw-dev-");
  for (const part of ["compiler", "site", "grammar", "astro.config.mjs", "package.json", "package-lock.json", "tsconfig.json"]) cpSync(join(REPO, part), join(root, part), { recursive: true });
  // The packages linked one by one: the dev server's own caches (node_modules/.vite) stay in the copy.
  mkdirSync(join(root, "node_modules"));
  for (const entry of readdirSync(join(REPO, "node_modules"))) if (!entry.startsWith(".") || entry === ".bin") symlinkSync(join(REPO, "node_modules", entry), join(root, "node_modules", entry));
  for (const args of [["init", "club/1"], ["build"]]) {
    const run = spawnSync(process.execPath, [join(root, "compiler/cli/hexlaw.ts"), ...args], { cwd: root, encoding: "utf8" });
    if (run.status !== 0) throw new Error(`hexlaw ${args.join(" ")} failed:\n${run.stderr}`);
  }
  const port = await freePort();
  dev = spawn(process.execPath, [join(root, "node_modules/astro/bin/astro.mjs"), "dev", "--port", String(port)], {
    cwd: root,
    // As an editor starts it: none of this process's settings of Hexlaw or Vitest (Astro serves no page under VITEST).
    env: { ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(HEXLAW_|VITEST|NODE_ENV$|TEST$)/.test(key))), ASTRO_TELEMETRY_DISABLED: "1", NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => (output += chunk.toString());
  dev.stdout!.on("data", keep);
  dev.stderr!.on("data", keep);
  url = `http://127.0.0.1:${port}`;
  // The dev server's own first compile of rules/ is done (it watches from before it).
  await printed(/initial build: /);
  browser = await launch();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  if (dev && dev.exitCode === null) {
    const ended = new Promise((done) => dev!.once("exit", done));
    dev.kill();
    await ended;
  }
  if (!process.env.HEXLAW_KEEP_TEMP) removeTemp(root);
});

const CHAPTER = "rules/club/1/01-combat.md";
const edit = (from: string, to: string) => {
  const path = join(root, CHAPTER);
  const text = readFileSync(path, "utf8");
  if (!text.includes(from)) throw new Error(`${CHAPTER} has no ${JSON.stringify(from)}`);
  writeFileSync(path, text.replace(from, to));
};
/** Waits for the calculator's ruling to read `text` (the first load of a dev server transforms every module: a longer limit). */
const ruling = (page: Page, text: string, timeout = 30_000) => page.locator("hexlaw-calculator .calc-ruling .calc-summary", { hasText: text }).waitFor({ timeout });

test("a save reaches the open calculator and chapter; a broken block is an overlay with code and place until it is fixed", async () => {
  // What the dev server printed tells why a page did not update.
  onTestFailed(() => console.log(`astro dev printed:\n${output}`));
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
  edit(`summary odds " → " column`, `summary odds " to " column`);
  edit("AE, the attacker is eliminated", "AE, the attacking units are eliminated");
  await ruling(calculator, "1:2 to 1:2");
  await chapter.getByText("AE, the attacking units are eliminated").first().waitFor();
  expect(await home.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // A misspelt name: the calculator keeps its engine, and the overlay says what and where.
  edit("combat_results[combat_roll, column]", "combat_results[combat_rol, column]");
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
  expect(readFileSync(join(root, "generated/club/1/combat.ts"), "utf8")).toContain('" to "');

  edit("combat_results[combat_rol, column]", "combat_results[combat_roll, column]");
  await overlay.waitFor({ state: "detached" });
  await home.locator("#hexlaw-errors").waitFor({ state: "detached" });
  await ruling(calculator, "1:2 to 1:2");
  expect(output).toMatch(/error\[HX0203\]/);
  // No service worker in dev: nothing asks for sw.js.
  expect(requests.filter((path) => path.endsWith("/sw.js"))).toEqual([]);
  expect(errors).toEqual([]);
});
