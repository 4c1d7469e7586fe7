// A club's own rulebook repository (issue 28.2), made as the README's section "Your own
// rulebook repository" says, step by step: its commands run as they are written there
// (in an empty temporary folder, with `hexlaw` installed from `npm pack` of this
// repository: npm installs the tarball and its dependencies, nothing is linked or
// copied), its astro.config.mjs written as it is printed there. The built site is
// served, searched with its Pagefind index and its calculator resolved in Chromium.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { delimiter, dirname, join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { VectorFile } from "../../compiler/5-verify/vector.ts";
import { serve } from "../../site/serve.ts";
import { removeTemp, REPO, tempDir } from "../support/repo.ts";
import { launch, openPage } from "./helpers/site.ts";

/** The README's section, as its code blocks in order: shell commands to run, and the config to write. */
function readmeSteps(): { kind: "sh" | "js"; text: string }[] {
  const readme = readFileSync(join(REPO, "README.md"), "utf8");
  const section = readme.split(/^## /m).find((part) => part.startsWith("Your own rulebook repository\n"));
  if (!section) throw new Error('README.md has no section "Your own rulebook repository"');
  return [...section.matchAll(/^```(sh|js)\n([\s\S]*?)^```$/gm)].map((block) => ({ kind: block[1] as "sh" | "js", text: block[2]! }));
}

let project = "";
let url = "";
let browser: Browser;
let server: Awaited<ReturnType<typeof serve>> | undefined;
let config = "";
const commands: string[] = [];

beforeAll(async () => {
  project = tempDir("hexlaw-club-");
  const pack = spawnSync("npm", ["pack", "--json", "--pack-destination", project], { cwd: REPO, encoding: "utf8" });
  if (pack.status !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`);
  const [{ filename }] = JSON.parse(pack.stdout) as { filename: string }[];
  // This Node first (npx's commands start `node`), and nothing of this repository's environment.
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("HEXLAW_") && !key.startsWith("npm_"))),
    PATH: [dirname(process.execPath), process.env.PATH].join(delimiter),
    ASTRO_TELEMETRY_DISABLED: "1",
  };
  for (const step of readmeSteps()) {
    if (step.kind === "js") {
      config = step.text;
      writeFileSync(join(project, "astro.config.mjs"), step.text);
      continue;
    }
    for (const line of step.text.split("\n")) {
      let command = line.replace(/\s#.*$/, "").trim();
      if (command === "") continue;
      // The package as `npm pack` made it, in place of the registry's; npm's cache before the network.
      if (command.startsWith("npm install")) command = `${command.replace(/ hexlaw\b/, ` ./${filename}`)} --prefer-offline --no-audit --no-fund`;
      commands.push(command);
      const run = spawnSync(command, { cwd: project, env, shell: true, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
      if (run.status !== 0) throw new Error(`${command} failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
    }
  }
  server = await serve(join(project, "dist"), 0);
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launch();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => (server ? server.close(() => done(undefined)) : done(undefined)));
  if (!process.env.HEXLAW_KEEP_TEMP) removeTemp(project);
});

test("the README's steps make a repository of rules/ and its config alone, with Hexlaw installed by npm from the packed tarball", () => {
  expect(commands).toContain("npx astro build");
  expect(config).toMatch(/from "hexlaw\/astro"/);
  const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
  expect(manifest.devDependencies.hexlaw).toMatch(/^file:hexlaw-.*\.tgz$/);
  expect(Object.keys(manifest.devDependencies)).toContain("astro");
  // Installed, not linked: a folder of node_modules with the tool's parts.
  const installed = join(project, "node_modules/hexlaw");
  for (const part of ["compiler/cli/hexlaw.ts", "site/astro.mjs", "site/pages/index.astro", "grammar/rules.peggy"]) expect(existsSync(join(installed, part)), part).toBe(true);
  expect(existsSync(join(installed, "test"))).toBe(false);
  expect(existsSync(join(installed, "rules"))).toBe(false);
  // No product code of its own: the pages are the package's.
  for (const part of ["src", "site"]) expect(existsSync(join(project, part)), part).toBe(false);
  // The compile ran in the build: the new edition's engine and rule index.
  for (const file of ["generated/club/1.0/combat.ts", "generated/club/1.0/index.json"]) expect(existsSync(join(project, file)), file).toBe(true);
  // `npx hexlaw build` runs there too, and finds generated/ up to date.
  const check = spawnSync("npx hexlaw check", { cwd: project, shell: true, encoding: "utf8", env: { ...process.env, PATH: [dirname(process.execPath), process.env.PATH].join(delimiter) } });
  expect(check.stderr).not.toMatch(/\bat \S+:\d+:\d+/);
  expect(check.status, check.stdout + check.stderr).toBe(0);
});

test("the site has every part: chapter, calculator, search index, offline worker, language and programmers' pages, under the title given", () => {
  const dist = join(project, "dist");
  for (const page of ["index.html", "club/1.0/1-0-combat/index.html", "club/1.0/calculators/combat/index.html", "search/index.html", "language/index.html", "programmers/index.html", "sw.js", "pagefind/pagefind.js", "manifest.webmanifest", "icon.svg"]) {
    expect(existsSync(join(dist, page)), page).toBe(true);
  }
  const title = /title:\s*"([^"]+)"/.exec(config)?.[1];
  expect(title).toBeTruthy();
  expect(readFileSync(join(dist, "index.html"), "utf8")).toContain(`<title>${title}</title>`);
});

test("Chromium searches the new rulebook with its Pagefind index and resolves its calculator", async () => {
  const { page, errors } = await openPage(browser, { width: 390, height: 844, touch: true });
  await page.goto(`${url}/club/1.0/1-0-combat/`);
  await page.locator("#site-search-input").fill("retreats");
  await page.locator("#site-search-results .search-status", { hasText: "“retreats”" }).waitFor();
  const found = await page.locator("#site-search-listbox [role=option]").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  expect(found.length).toBeGreaterThan(0);
  expect(found.every((href) => href.startsWith("/club/1.0/"))).toBe(true);

  await page.goto(`${url}/club/1.0/calculators/combat/`);
  await page.locator("hexlaw-calculator .calc-ruling").waitFor();
  // The worked example of the chapter, 7 against 2: odds 3:1, as its engine rules it.
  const [example] = (JSON.parse(readFileSync(join(project, "generated/club/1.0/combat.vectors.json"), "utf8")) as VectorFile).vectors;
  const presets = page.getByLabel("Worked example");
  await presets.selectOption((await presets.locator("option", { hasText: example!.title }).first().getAttribute("value"))!);
  await page.waitForFunction(() => /\b3:1\b/.test(document.querySelector(".calc-ruling .calc-summary")?.textContent ?? ""));
  await page.screenshot({ path: join(project, "calculator.png") });
  expect(errors).toEqual([]);
});
