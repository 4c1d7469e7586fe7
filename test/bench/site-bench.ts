// Site figures for `npm run bench`: build time, JavaScript shipped (gzipped) on a
// chapter page and on a calculator page, Pagefind index size, and how long a
// query and a calculator update take in Chromium. Figures, not assertions.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { dist, launch, root, startServer } from "../site/helpers/site.ts";
import { medianOf, ms, row } from "./measure.ts";
import { firstPaints } from "./first-paint.ts";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function timed(command: string, args: string[]): number {
  const start = performance.now();
  execFileSync(command, args, { cwd: root, stdio: "pipe" });
  return performance.now() - start;
}

function folderSize(dir: string, keep: (name: string) => boolean = () => true): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (keep(name)) {
        bytes += statSync(path).size;
        files++;
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return { bytes, files };
}

/** Every script the page loads (its own, not Pagefind's), gzipped, after `act` has run. */
async function scriptsLoaded(page: Page, url: string, act?: () => Promise<void>): Promise<{ gz: number; raw: number; files: number }> {
  const bodies = new Map<string, Promise<Buffer>>();
  page.on("response", (response) => {
    const u = response.url();
    const js = response.request().resourceType() === "script" || /\.m?js(\?|$)/.test(u);
    if (js && !u.includes("/pagefind/")) bodies.set(u, response.body());
  });
  await page.goto(url, { waitUntil: "networkidle" });
  if (act) await act();
  await page.waitForLoadState("networkidle");
  const inline = (await page.evaluate(`[...document.querySelectorAll("script:not([src]):not([type='application/json'])")].map((s) => s.textContent).join("\\n")`)) as string;
  let gz = gzipSync(Buffer.from(inline), { level: 9 }).length * (inline.trim() ? 1 : 0);
  let raw = inline.length;
  for (const body of bodies.values()) {
    const buffer = await body;
    gz += gzipSync(buffer, { level: 9 }).length;
    raw += buffer.length;
  }
  return { gz, raw, files: bodies.size };
}

export async function run(): Promise<void> {
  process.stdout.write("Site\n");
  const astroMs = timed("npm", ["run", "build"]);
  const indexMs = timed(process.execPath, [join(root, "site/search/build-index.ts")]);
  const pages = folderSize(dist, (n) => n.endsWith(".html")).files;
  row(`npm run build (astro build: compile, ${pages} pages, search, offline)`, ms(astroMs));
  row("  search index alone (Pagefind, one record per paragraph, shared by the editions that read it alike)", ms(indexMs));
  const pagefind = folderSize(join(dist, "pagefind"), (n) => !/^pagefind-(component-|modular-)?ui|playground|highlight/.test(n));
  row(`Pagefind index and runtime (${pagefind.files} files)`, kb(pagefind.bytes));
  row("Pagefind index alone (pf_* fragments, filters, meta)", kb(folderSize(join(dist, "pagefind"), (n) => /\.pf_/.test(n)).bytes));

  const server = await startServer();
  const base = server.url;
  const browser = await launch();
  try {
    const fresh = async () => (await browser.newContext()).newPage();
    const chapter = await scriptsLoaded(await fresh(), `${base}/ocs/4.3/charts/`);
    row(`JS on a chapter page without a calculator (${chapter.files} files)`, `${kb(chapter.gz)} gz`, "target ≤ 15 KB");
    const switching = await scriptsLoaded(await fresh(), `${base}/europa/later/charts/`);
    row(`  … with the edition switcher (europa/later/charts, ${switching.files} files)`, `${kb(switching.gz)} gz`, "target ≤ 15 KB");
    const searched = await fresh();
    const withSearch = await scriptsLoaded(searched, `${base}/ocs/4.3/charts/`, async () => {
      await searched.locator("#site-search-input").fill("surprise");
      await searched.locator("#site-search-results .search-results a").first().waitFor();
    });
    row("  … after a search (Pagefind's own files excluded)", `${kb(withSearch.gz)} gz`, "target ≤ 15 KB");
    const calcPage = await fresh();
    const calculator = await scriptsLoaded(calcPage, `${base}/ocs/4.3/calculators/overrun/`, async () => {
      await calcPage.locator("hexlaw-calculator .calc").waitFor();
    });
    row(`JS on the overrun calculator page, engine included (${calculator.files} files)`, `${kb(calculator.gz)} gz`, "target ≤ 40 KB");
    const groundPage = await fresh();
    const ground = await scriptsLoaded(groundPage, `${base}/ocs/4.3/9-0-ground-combat/`, async () => {
      // A chapter's calculator is a card whose code loads when it is opened.
      await groundPage.locator(".calc-card [data-calc-open]").first().click();
      await groundPage.locator("hexlaw-calculator .calc").waitFor();
    });
    row(`JS on the 9.0 chapter, its ground_combat card opened`, `${kb(ground.gz)} gz`, "target ≤ 40 KB");
    const comparePage = await fresh();
    const compared = await scriptsLoaded(comparePage, `${base}/europa/later/calculators/overrun/?compare=second-front`, async () => {
      await comparePage.locator("hexlaw-calculator .calc-compare").waitFor();
    });
    row(`JS on a calculator comparing editions (${compared.files} files)`, `${kb(compared.gz)} gz`);

    // First contentful paint, cold: a long chapter and a calculator page.
    const painted = [["chapter 9.0 Ground Combat", "/ocs/4.3/9-0-ground-combat/"], ["ground combat calculator", "/ocs/4.3/calculators/ground_combat/"]] as const;
    const paints = await firstPaints(browser, painted.map(([, path]) => `${base}${path}`));
    for (const [i, [label]] of painted.entries()) {
      const paint = paints[i];
      row(`first contentful paint, ${label} (median of ${paint.runs} cold)`, ms(paint.fcp), `HTML ${Math.round(paint.bytes / 1024)} KB, DOMContentLoaded ${ms(paint.domContentLoaded)}, load ${ms(paint.load)}`);
    }

    // Query to results: from the keystrokes to the first result on screen.
    const page = await fresh();
    await page.goto(`${base}/ocs/4.3/charts/`, { waitUntil: "networkidle" });
    const query = async (text: string) =>
      (await page.evaluate(`new Promise((done) => {
        const input = document.querySelector("#site-search-input");
        const list = () => document.querySelector("#site-search-results .search-results");
        const before = list()?.innerHTML ?? "";
        const start = performance.now();
        input.value = ${JSON.stringify(text)};
        input.dispatchEvent(new Event("input", { bubbles: true }));
        const poll = () => {
          const l = list();
          if (l && l.children.length > 0 && l.innerHTML !== before) done(performance.now() - start);
          else requestAnimationFrame(poll);
        };
        poll();
      })`)) as number;
    row("query to results, first query (loads Pagefind)", ms(await query("surprise")));
    const warm: number[] = [];
    for (const word of ["hedgehog", "retreat", "exploit", "supply dump", "overrun"]) warm.push(await query(word));
    row(`query to results, later queries (median of ${warm.length})`, ms(medianOf(warm)));
    row("rule number to its result (9.14b)", ms(await query("9.14b")));

    // Calculator: a keystroke to an updated answer, distribution included.
    const calc = await fresh();
    await calc.goto(`${base}/ocs/4.3/calculators/overrun/`, { waitUntil: "networkidle" });
    const presets = calc.locator("hexlaw-calculator select").first();
    const option = await presets.locator("option", { hasText: "9.8" }).first().getAttribute("value");
    await presets.selectOption(option!);
    await calc.locator(".example-box").waitFor();
    const update = (await calc.evaluate(`new Promise((done) => {
      const input = [...document.querySelectorAll("hexlaw-calculator input[type=text]")].find((i) => i.id.endsWith("attackers-0--strength"));
      const panel = document.querySelector(".calc-results");
      const before = panel.innerHTML;
      const start = performance.now();
      input.value = "9";
      input.dispatchEvent(new Event("input", { bubbles: true }));
      const poll = () => (panel.innerHTML !== before ? done(performance.now() - start) : requestAnimationFrame(poll));
      poll();
    })`)) as number;
    row("calculator: keystroke to updated answer (incl. 60 ms debounce)", ms(update));
  } finally {
    await browser.close();
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
