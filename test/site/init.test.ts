// `hexlaw init` starts a rulebook that builds and shows on the site as it is (issue
// 25.5): in a temporary copy of the repository without its rulebooks (the compiler,
// the site and the grammars; node_modules linked), `hexlaw init club/1`, `hexlaw
// build` and `astro build` make a site with the chapter, its chart and its
// calculator, which Chromium resolves: the worked example's ruling as the new
// engine rules it, and again after an input is changed by hand.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, symlinkSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { EngineModule } from "../../compiler/runtime/runtime.ts";
import type { VectorFile } from "../../compiler/5-verify/vector.ts";
import { serve } from "../../site/serve.ts";
import { rulingLine } from "../../site/calculator/ruling.ts";
import { removeTemp, REPO, tempDir } from "../support/repo.ts";
import { launch, openPage } from "./helpers/site.ts";

let root = "";
let out = "";
let url = "";
let server: ReturnType<typeof serve> extends Promise<infer S> ? S : never;
let browser: Browser;
let engine: EngineModule;
let vectors: VectorFile;

beforeAll(async () => {
  root = tempDir("hexlaw-init-site-");
  out = join(root, "dist");
  for (const part of ["compiler", "site", "grammar", "astro.config.mjs", "package.json", "package-lock.json", "tsconfig.json"]) cpSync(join(REPO, part), join(root, part), { recursive: true });
  symlinkSync(join(REPO, "node_modules"), join(root, "node_modules"));
  // The copy's own command, started where there is no rules/ yet: init starts the rulebook there.
  for (const args of [["init", "club/1"], ["build"]]) {
    const run = spawnSync(process.execPath, [join(root, "compiler/cli/hexlaw.ts"), ...args], { cwd: root, encoding: "utf8" });
    if (run.status !== 0) throw new Error(`hexlaw ${args.join(" ")} failed:\n${run.stderr}`);
  }
  const built = spawnSync(process.execPath, [join(root, "node_modules/astro/bin/astro.mjs"), "build", "--outDir", out], {
    cwd: root,
    env: { ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("HEXLAW_"))), ASTRO_TELEMETRY_DISABLED: "1" },
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`astro build failed:\n${built.stdout}\n${built.stderr}`);
  engine = (await import(pathToFileURL(join(root, "generated/club/1/combat.ts")).href)) as EngineModule;
  vectors = JSON.parse(readFileSync(join(root, "generated/club/1/combat.vectors.json"), "utf8")) as VectorFile;
  server = await serve(out, 0);
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launch();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => (server ? server.close(() => done(undefined)) : done(undefined)));
  if (!process.env.HEXLAW_KEEP_TEMP) removeTemp(root);
});

/** The line the calculator should show, from the engine's own answer. */
const expectedLine = (input: unknown, dice: Record<string, number>) => {
  const checked = engine.check(input);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return rulingLine(engine.metadata.summary, engine.resolve(checked.value, dice)).parts.map((p) => p.text).join(" · ").replace(/\s+/g, " ");
};

test("the site has the new edition: its chapter with the chart and a calculator, and the calculator's page", () => {
  for (const page of ["index.html", "club/1/index.html", "club/1/1-0-combat/index.html", "club/1/calculators/combat/index.html"]) expect(existsSync(join(out, page)), page).toBe(true);
  const chapter = readFileSync(join(out, "club/1/1-0-combat/index.html"), "utf8");
  expect(chapter).toContain("Combat Results Table");
  expect(chapter).toContain(`class="calculator-embed`);
});

test("Chromium resolves the new calculator: the worked example as the engine rules it, then an input changed by hand", async () => {
  const [example] = vectors.vectors;
  const { page, errors } = await openPage(browser, { width: 390, height: 844, touch: true });
  await page.goto(`${url}/club/1/calculators/combat/`);
  await page.locator("hexlaw-calculator .calc-ruling").waitFor();
  const presets = page.getByLabel("Worked example");
  await presets.selectOption((await presets.locator("option", { hasText: example.title }).first().getAttribute("value"))!);
  const reads = (text: string) =>
    page.waitForFunction((t) => [...document.querySelectorAll(".calc-ruling .calc-summary .part")].map((p) => p.textContent).join(" · ").replace(/\s+/g, " ") === t, text);
  const line = expectedLine(example.input, example.dice);
  expect(line).toContain("3:1");
  await reads(line);
  await page.getByLabel("Attack strength").fill("9");
  const changed = expectedLine({ ...example.input, attack: 9 }, example.dice);
  expect(changed).not.toBe(line);
  await reads(changed);
  await page.screenshot({ path: join(root, "calculator.png") });
  expect(errors).toEqual([]);
});
