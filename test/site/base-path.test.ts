// Deployable as users host it: the site built for a sub-path (HEXLAW_BASE=/hexlaw/, as a
// GitHub Pages project site) keeps every link, asset, search result and calculator
// under it; the server compresses and sets cache headers.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync, statSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serve } from "../../site/serve.ts";
import { ensureBuilt, filesUnder, launch, openPage, root, SCREENS } from "./helpers/site.ts";

const BASE = "/hexlaw/";
const out = mkdtempSync(join(tmpdir(), "hexlaw-base-"));
let url = "";
let close: () => Promise<void> = async () => {};
let browser: Browser;

beforeAll(async () => {
  ensureBuilt(); // generated/ is there
  const env = { ...process.env, HEXLAW_BASE: BASE, HEXLAW_OUT: out };
  // The whole `npm run build` (site, search index, offline worker) into `out`, under the base.
  execFileSync(join(root, "node_modules", ".bin", "astro"), ["build", "--silent"], { cwd: root, env, stdio: "pipe", timeout: 10 * 60_000 });
  const server = await serve(out, 0, "127.0.0.1", BASE);
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((done) => server.close(() => done()));
  browser = await launch();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await close();
  rmSync(out, { recursive: true, force: true });
});

const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#34;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

test("every site path in every page (links, assets, forms, calculator configs, previews, search data) is under the base and exists", () => {
  const pages = filesUnder(out, ".html");
  expect(pages.length).toBeGreaterThan(10);
  const outside: string[] = [];
  const missing: string[] = [];
  for (const file of pages) {
    const html = decode(readFileSync(file, "utf8"));
    // Attributes, and paths inside JSON (data-config, script blocks): any quoted string that is a site path.
    const paths = [...html.matchAll(/(?:href|src|action)="(\/[^"]*)"|"(\/(?!\/)[A-Za-z0-9_.~%-][^"\s<>]*)"/g)].map((m) => m[1] ?? m[2]);
    for (const path of paths) {
      const where = `${path} (in ${relative(out, file)})`;
      if (!path.startsWith(BASE)) {
        outside.push(where);
        continue;
      }
      const target = join(out, decodeURIComponent(new URL(path, "http://x").pathname.slice(BASE.length)));
      const found = existsSync(target) && (statSync(target).isFile() || existsSync(join(target, "index.html")));
      if (!found) missing.push(where);
    }
  }
  expect(outside).toEqual([]);
  expect(missing).toEqual([]);
});

test("the rule-number and word lists the search loads are under the base", () => {
  const shards = readdirSync(join(out, "search", "rule-numbers"));
  const urls = shards.flatMap((shard) => {
    const numbers = JSON.parse(readFileSync(join(out, "search", "rule-numbers", shard), "utf8")) as Record<string, [string, ...unknown[]][]>;
    return Object.values(numbers).flat().map((place) => place[0]);
  });
  expect(urls.length).toBeGreaterThan(0);
  expect(urls.filter((u) => !u.startsWith(BASE))).toEqual([]);
});

test("the service worker precaches the site under the base, and the manifest starts there", () => {
  const sw = readFileSync(join(out, "sw.js"), "utf8");
  // The precache manifest inside sw.js: `url:"…"` or, as JSON, `"url":"…"`.
  const urls = [...sw.matchAll(/\burl"?:"([^"]+)"/g)].map((m) => m[1]);
  expect(urls.length).toBeGreaterThan(filesUnder(out, ".html").length);
  expect(urls.filter((u) => !u.startsWith(BASE))).toEqual([]);
  expect(urls).toContain(`${BASE}pagefind/pagefind.js`);
  const manifest = JSON.parse(readFileSync(join(out, "manifest.webmanifest"), "utf8")) as { start_url: string; scope: string; icons: { src: string }[] };
  expect([manifest.start_url, manifest.scope]).toEqual([BASE, BASE]);
  expect(manifest.icons.every((i) => i.src.startsWith(BASE) && existsSync(join(out, i.src.slice(BASE.length))))).toBe(true);
});

test("the server: the root leads to the base, pages are compressed and revalidated, hashed assets cached for good, unknown paths 404", async () => {
  const home = await fetch(`${url}/`, { redirect: "manual" });
  expect(home.status).toBe(302);
  expect(home.headers.get("location")).toBe(BASE);
  const chapter = await fetch(`${url}${BASE}ocs/4.3/charts/`, { headers: { "accept-encoding": "gzip" } });
  expect(chapter.status).toBe(200);
  expect(chapter.headers.get("content-encoding")).toBe("gzip");
  expect(chapter.headers.get("cache-control")).toBe("no-cache");
  expect(chapter.headers.get("etag")).toBeTruthy();
  const asset = readdirSync(join(out, "_astro")).find((f) => f.endsWith(".js"))!;
  const cached = await fetch(`${url}${BASE}_astro/${asset}`);
  expect(cached.headers.get("cache-control")).toContain("immutable");
  const slashless = await fetch(`${url}${BASE}ocs/4.3`, { redirect: "manual" });
  expect(slashless.status).toBe(301);
  expect(slashless.headers.get("location")).toBe(`${BASE}ocs/4.3/`);
  const nowhere = await fetch(`${url}${BASE}no/such/page/`);
  expect(nowhere.status).toBe(404);
  expect(await nowhere.text()).toContain("There is no page here");
  expect((await fetch(`${url}${BASE}../package.json`)).status).toBe(404);
});

describe.each(SCREENS)("under /hexlaw/ on a $name", (screen) => {
  test("search results, a calculator and a chart's offer all stay under the base; nothing is fetched outside it", async () => {
    const { page, errors } = await openPage(browser, screen);
    const requests: string[] = [];
    page.on("response", (r) => { if (r.status() >= 400) requests.push(`${r.status()} ${r.url()}`); });
    page.on("request", (r) => {
      const u = new URL(r.url());
      if (u.origin === url && !u.pathname.startsWith(BASE)) requests.push(u.pathname);
    });
    await page.goto(`${url}${BASE}ocs/4.3/`);
    // The service worker registers under the base and stores the site.
    await page.locator('[data-offline-status][data-state="ready"]').waitFor({ timeout: 90_000 });
    const box = page.getByRole("combobox").first();
    await box.fill("overrun");
    await page.locator('a[role="option"]').first().waitFor();
    const hrefs = await page.locator('a[role="option"]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(hrefs.filter((h) => !h.startsWith(BASE))).toEqual([]);
    await box.press("ArrowDown");
    await box.press("Enter");
    await page.waitForURL((u) => u.pathname !== `${BASE}ocs/4.3/`);
    expect(new URL(page.url()).pathname).toBe(hrefs[0]);
    expect(await page.locator("h1").count()).toBeGreaterThan(0);

    // A rule number goes straight to its paragraph, under the base.
    await page.goto(`${url}${BASE}ocs/4.3/`);
    await page.getByRole("combobox").first().fill("9.14b");
    await page.locator('[role="option"]').first().waitFor();
    await page.getByRole("combobox").first().press("Enter");
    await page.waitForURL(`**${BASE}ocs/4.3/**#9.14b`);

    // A calculator loads its engine and answers a worked example.
    await page.goto(`${url}${BASE}ocs/4.3/calculators/overrun/`);
    const presets = page.locator("hexlaw-calculator select").first();
    await presets.waitFor();
    await presets.selectOption({ index: 1 });
    await page.locator(".calc-ruling.allowed, .calc-ruling.blocked").first().waitFor();

    // A chart's cell offers calculators under the base.
    await page.goto(`${url}${BASE}ocs/4.3/charts/`);
    const cell = page.locator("figure.chart.printed tbody td").first();
    await cell.scrollIntoViewIfNeeded();
    await cell.click();
    const offer = page.locator(".chart-offer a").first();
    await offer.waitFor();
    expect((await offer.getAttribute("href"))!.startsWith(`${BASE}ocs/4.3/calculators/`)).toBe(true);

    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
  });
});
