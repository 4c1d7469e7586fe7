// Offline at the table, in Chromium at both sizes: after one visit the page says the
// rules are available offline; then, with the network cut (the browser offline and
// the server stopped), a chapter (its formal rules opened), a chart, a calculator and
// search all still work, and an address the site does not have gets the site's own
// offline page.
// The site is installable: its manifest names a start page and icons that exist.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { editionIndex } from "../../compiler/markdown/rulebook-context.ts";
import { serve } from "../../site/serve.ts";
import { dist, ensureBuilt, launch, openPage, root, SCREENS } from "./helpers/site.ts";

const index = editionIndex(root, "ocs", "4.3");
const chapter = index.documents.find((d) => d.calculators.length > 0)!;
const charts = index.documents.find((d) => index.charts.some((c) => c.document === d.slug))!;
const procedure = index.procedures.find((p) => p.examples > 0)!;

let browser: Browser;
beforeAll(async () => {
  ensureBuilt();
  browser = await launch();
}, 600_000);
afterAll(async () => browser?.close());

async function start(): Promise<{ server: Server; url: string }> {
  const server = await serve(dist, 0, "127.0.0.1", "/");
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function stop(server: Server): Promise<void> {
  return new Promise((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
}

test("the web app manifest names the start page, its scope and icons that are served", async () => {
  const { server, url } = await start();
  try {
    const response = await fetch(`${url}/manifest.webmanifest`);
    expect(response.headers.get("content-type")).toContain("manifest+json");
    const manifest = (await response.json()) as { start_url: string; scope: string; display: string; icons: { src: string; sizes: string; type: string }[] };
    expect(manifest.start_url).toBe("/");
    expect(manifest.scope).toBe("/");
    expect(manifest.display).toBe("standalone");
    const sizes = manifest.icons.map((i) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of manifest.icons) {
      const served = await fetch(`${url}${icon.src}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toContain(icon.type);
    }
  } finally {
    await stop(server);
  }
});

describe.each(SCREENS)("on a $name ($width×$height)", (screen) => {
  test("after one visit: a chapter, a chart, a calculator and search work with the network cut", async () => {
    const { server, url } = await start();
    const { page, errors } = await openPage(browser, screen);
    try {
      await page.goto(`${url}/ocs/4.3/`);
      const status = page.locator("[data-offline-status]");
      await page.locator('[data-offline-status][data-state="ready"]').waitFor({ timeout: 90_000 });
      expect(await status.textContent()).toBe("Available offline");
    } finally {
      await page.context().setOffline(true);
      await stop(server);
    }
    // The network is gone: nothing answers on the server's port.
    await expect(fetch(`${url}/ocs/4.3/`)).rejects.toThrow();

    await page.goto(`${url}/ocs/4.3/${chapter.slug}/`);
    expect(await page.locator("h1").first().textContent()).toContain(chapter.heading.split(" ")[0]);
    // Served by the service worker, the page still says the rules are kept on this device.
    await page.locator('[data-offline-status]:is([data-state="ready"], [data-state="offline"])').waitFor();

    // A rules block opened shows its listing: the chapter's formal-rules page comes from the cache.
    if (chapter.coverage.formalized > 0) {
      await page.locator(".formal-toggle").click();
      const block = page.locator("details.rules-block").first();
      await block.locator("summary").click();
      await block.locator("pre.rules-code").waitFor();
      await page.locator(".formal-toggle").click();
    }

    // Search: Pagefind's index and code come from the cache.
    const box = page.getByRole("combobox").first();
    await box.fill("overrun");
    await page.locator('a[role="option"]').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('a[role="option"]').count()).toBeGreaterThan(0);

    // A chart, with a calculator link from its cell.
    await page.goto(`${url}/ocs/4.3/${charts.slug}/`);
    const shown = await page.locator("figure.chart tr[data-chart]").evaluateAll((rows) => [...new Set(rows.map((r) => (r as HTMLElement).dataset.chart))].sort());
    expect(shown).toEqual(index.charts.filter((c) => c.document === charts.slug).map((c) => c.id).sort());
    // A calculator: its engine and worked examples load from the cache and it answers.
    await page.goto(`${url}/ocs/4.3/calculators/${procedure.name}/`);
    const presets = page.locator("hexlaw-calculator select").first();
    await presets.waitFor();
    await presets.selectOption({ index: 1 });
    await page.locator(".calc-ruling.allowed, .calc-ruling.blocked").first().waitFor();
    // A calculator link with a query (a chart cell's) is the same cached page.
    await page.goto(`${url}/ocs/4.3/calculators/${procedure.name}/?assume.x=1`);
    await page.locator("hexlaw-calculator .calc").waitFor();
    expect(errors).toEqual([]);
  });

  test("an address this device has not stored: the server's 'Not found' online, the site's own offline page without a network", async () => {
    const { server, url } = await start();
    const { page, errors } = await openPage(browser, screen);
    const unknown = `${url}/ocs/4.3/no-such-address/`;
    try {
      await page.goto(`${url}/ocs/4.3/`);
      await page.locator('[data-offline-status][data-state="ready"]').waitFor({ timeout: 90_000 });
      // Online, the worker lets the server answer.
      const online = await page.goto(unknown);
      expect(online?.status()).toBe(404);
      await page.getByRole("heading", { level: 1, name: "Not found" }).waitFor();
    } finally {
      await page.context().setOffline(true);
      await stop(server);
    }
    await expect(fetch(unknown)).rejects.toThrow();
    await page.goto(unknown);
    await page.getByRole("heading", { level: 1, name: "Offline" }).waitFor();
    // What still works is a tap away: every edition, each stored on this device.
    const editionLink = page.getByRole("main").getByRole("link", { name: index.edition.title }).first();
    const href = (await editionLink.getAttribute("href"))!;
    await editionLink.click();
    await page.waitForURL(`${url}${href}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(errors.filter((e) => !/Failed to load resource|404/.test(e))).toEqual([]);
  });
});
