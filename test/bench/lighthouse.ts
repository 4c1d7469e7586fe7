// `npm run bench -- lighthouse`: our site beside the public Hugo site its OCS 4.3 text
// was transcribed from (issue 27.5), both served here by site/serve.ts: Lighthouse's
// four scores (mobile and desktop presets, the median of 3 runs of each page, run in
// turns), how many pages chapter 9.0 prints on, and the chapter's HTML gzipped.
// Lighthouse is the npm package, driving Debian's Chromium (CHROME_PATH or
// CHROMIUM_PATH, else /usr/bin/chromium) over its DevTools port.
//
// The Hugo site: HEXLAW_HUGO_SITE names its built pages (the repository's
// `ocs-4.3/public/` folder) or a git directory of its repository; without it, the
// bench looks where this workplace fetches that repository, and measures our pages
// alone when there is none. Its pages load fonts, MathJax and analytics from other
// hosts; those requests are blocked (there is no network here to answer them), so its
// figures are those of its own files.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import lighthouse, { desktopConfig, type Flags } from "lighthouse";
import { serve } from "../../site/serve.ts";
import { CHROMIUM, dist, ensureBuilt, launch } from "../site/helpers/site.ts";
import { medianOf, ms, row } from "./measure.ts";
import { printedPages } from "../site/helpers/printed-pages.ts";

/** Where this workplace keeps the Hugo site's repository when it has fetched it. */
const FETCHED_HUGO = "/work/.mirror/edornshuld+ocs-v4.3-rules/repo";
/** The Hugo site's chapter 9.0 and ours. */
const HUGO_CHAPTER = "/rules/ocs-4.3/9-0-ground-combat/";
const OUR_CHAPTER = "/ocs/4.3/9-0-ground-combat/";
const OUR_CALCULATOR = "/ocs/4.3/calculators/overrun/";
const RUNS = 3;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

type Scores = Record<(typeof CATEGORIES)[number], number> & { tbt: number; lcp: number };

/** The Hugo site's built pages: a folder as given, or extracted from its repository. */
function hugoSite(): { dir: string; done(): void } | null {
  const given = process.env.HEXLAW_HUGO_SITE ?? (existsSync(FETCHED_HUGO) ? FETCHED_HUGO : "");
  if (!given) return null;
  if (existsSync(join(given, "index.html"))) return { dir: given, done: () => undefined };
  const into = mkdtempSync(join(tmpdir(), "hexlaw-hugo-"));
  const tar = execFileSync("git", [`--git-dir=${given}`, "archive", "HEAD", "ocs-4.3/public"], { maxBuffer: 512 * 1024 * 1024 });
  execFileSync("tar", ["-x", "-C", into], { input: tar });
  return { dir: join(into, "ocs-4.3", "public"), done: () => rmSync(into, { recursive: true, force: true }) };
}

/** Hosts other than this one that a page's HTML loads from, as Lighthouse's URL patterns to block. */
function otherHosts(html: string): string[] {
  const hosts = new Set([...html.matchAll(/(?:src|href)="https?:\/\/([^/"]+)/g)].map((m) => m[1]));
  return [...hosts].map((host) => `*${host}*`);
}

/** A headless Chromium with its DevTools port open, for Lighthouse. */
async function chromiumWithPort(): Promise<{ port: number; process: ChildProcess; profile: string }> {
  const profile = mkdtempSync(join(tmpdir(), "hexlaw-lighthouse-"));
  const chromium = spawn(process.env.CHROME_PATH ?? CHROMIUM, ["--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=0", `--user-data-dir=${profile}`,
    "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "about:blank"], { stdio: ["ignore", "ignore", "pipe"] });
  const port = await new Promise<number>((found, failed) => {
    let said = "";
    chromium.stderr!.on("data", (chunk: Buffer) => {
      said += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(said);
      if (match) found(Number(match[1]));
    });
    chromium.on("exit", () => failed(new Error(`Chromium exited before opening its DevTools port: ${said.slice(0, 500)}`)));
  });
  return { port, process: chromium, profile };
}

async function scoresOf(url: string, port: number, preset: "mobile" | "desktop", blocked: string[]): Promise<Scores> {
  const flags: Flags = { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES], blockedUrlPatterns: blocked };
  const result = await lighthouse(url, flags, preset === "desktop" ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    seo: score("seo"),
    tbt: audits["total-blocking-time"]?.numericValue ?? NaN,
    lcp: audits["largest-contentful-paint"]?.numericValue ?? NaN,
  };
}

function medianScores(runs: Scores[]): Scores {
  const of = (key: keyof Scores) => medianOf(runs.map((r) => r[key]));
  return { performance: of("performance"), accessibility: of("accessibility"), "best-practices": of("best-practices"), seo: of("seo"), tbt: of("tbt"), lcp: of("lcp") };
}

const said = (s: Scores) => `${s.performance} · ${s.accessibility} · ${s["best-practices"]} · ${s.seo}`;
const gzKb = (file: string) => `${(gzipSync(readFileSync(file), { level: 9 }).length / 1024).toFixed(1)} KB gz`;

export async function run(): Promise<void> {
  process.stdout.write("Beside the Hugo site: Lighthouse (performance · accessibility · best practices · SEO), print, HTML\n");
  ensureBuilt();
  const hugo = hugoSite();
  if (!hugo) row("Hugo site", "not found", "set HEXLAW_HUGO_SITE to its public/ folder or its git directory");
  const ours = await serve(dist, 0, "127.0.0.1");
  const theirs = hugo ? await serve(hugo.dir, 0, "127.0.0.1", "/") : null;
  const at = (server: typeof ours) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const pages = [
    { label: "chapter 9.0 Ground Combat", url: `${at(ours)}${OUR_CHAPTER}`, blocked: [] as string[] },
    { label: "overrun calculator", url: `${at(ours)}${OUR_CALCULATOR}`, blocked: [] as string[] },
    ...(theirs && hugo ? [{ label: "Hugo site: 9.0 Ground Combat", url: `${at(theirs)}${HUGO_CHAPTER}`, blocked: otherHosts(readFileSync(join(hugo.dir, HUGO_CHAPTER, "index.html"), "utf8")) }] : []),
  ];
  const chromium = await chromiumWithPort();
  try {
    for (const preset of ["mobile", "desktop"] as const) {
      const runs: Scores[][] = pages.map(() => []);
      // In turns (every page once a round), so a busy moment of the machine falls on every page alike.
      for (let round = 0; round < RUNS; round++) for (const [i, page] of pages.entries()) runs[i].push(await scoresOf(page.url, chromium.port, preset, page.blocked));
      for (const [i, page] of pages.entries()) {
        const median = medianScores(runs[i]);
        const target = preset === "mobile" && !page.label.startsWith("Hugo") ? "target 95 · 100 · 100 · 100" : undefined;
        row(`Lighthouse ${preset}, ${page.label} (median of ${RUNS})`, said(median), `${target ? `${target}; ` : ""}TBT ${ms(median.tbt)}, LCP ${ms(median.lcp)}; performance ${runs[i].map((r) => r.performance).join(", ")}`);
      }
    }
  } finally {
    chromium.process.kill();
    rmSync(chromium.profile, { recursive: true, force: true });
  }

  // Printed, and sent: the same chapter on paper (A4 and Letter) and its HTML gzipped.
  const browser = await launch();
  try {
    for (const format of ["A4", "Letter"] as const) {
      const ourPages = await printedPages(browser, pages[0].url, format);
      const theirPages = hugo ? await printedPages(browser, pages[2].url, format) : null;
      row(`chapter 9.0 printed on ${format} (pages)`, String(ourPages), theirPages === null ? undefined : `Hugo site: ${theirPages}; target: no more`);
    }
  } finally {
    await browser.close();
  }
  const ourHtml = join(dist, OUR_CHAPTER, "index.html");
  row("chapter 9.0's HTML", gzKb(ourHtml), hugo ? `Hugo site: ${gzKb(join(hugo.dir, HUGO_CHAPTER, "index.html"))}; target ≤ 1.5×` : undefined);
  await new Promise((done) => ours.close(done));
  if (theirs) await new Promise((done) => theirs.close(done));
  hugo?.done();
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
