// First contentful paint of a page, cold: each load in a new browser context (no
// cache, no service worker), read from Chromium's paint timing once the page has
// loaded. The median of several loads, with the document's own timings beside it,
// so a page that paints only after its load event shows as such.
import type { Browser } from "playwright-core";
import { medianOf } from "./measure.ts";

export interface Paint {
  /** Median first contentful paint, ms from navigation start. */
  fcp: number;
  /** Median of the HTML's last byte, DOMContentLoaded and load, for comparison. */
  responseEnd: number;
  domContentLoaded: number;
  load: number;
  runs: number;
}

export async function firstPaint(browser: Browser, url: string, runs = 7, viewport = { width: 1366, height: 900 }): Promise<Paint> {
  const samples: { fcp: number; responseEnd: number; domContentLoaded: number; load: number }[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport, serviceWorkers: "block" });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "load" });
    samples.push((await page.evaluate(`new Promise((done) => {
      const nav = performance.getEntriesByType("navigation")[0];
      const report = (fcp) => done({ fcp, responseEnd: nav.responseEnd, domContentLoaded: nav.domContentLoadedEventStart, load: nav.loadEventStart });
      const entry = performance.getEntriesByName("first-contentful-paint")[0];
      if (entry) report(entry.startTime);
      else new PerformanceObserver((list) => report(list.getEntries()[0].startTime)).observe({ type: "paint", buffered: true });
    })`)) as (typeof samples)[number]);
    await context.close();
  }
  const median = (key: keyof (typeof samples)[number]) => medianOf(samples.map((s) => s[key]));
  return { fcp: median("fcp"), responseEnd: median("responseEnd"), domContentLoaded: median("domContentLoaded"), load: median("load"), runs };
}
