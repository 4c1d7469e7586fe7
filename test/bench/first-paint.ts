// First contentful paint of pages, cold: each load in a new browser context (no
// cache, no service worker), read from Chromium's paint timing once the page has
// loaded. Several loads of each page, taken in turns (page A, page B, page A, …) so
// that a busy moment of the machine falls on every page alike; the median of each,
// with the document's own timings beside it, so a page that paints only after its
// load event shows as such.
import type { Browser } from "playwright-core";
import { medianOf } from "./measure.ts";

export interface Paint {
  /** Median first contentful paint, ms from navigation start. */
  fcp: number;
  /** Median of the HTML's last byte, DOMContentLoaded and load, for comparison. */
  responseEnd: number;
  domContentLoaded: number;
  load: number;
  /** Bytes of the HTML document as sent (before compression). */
  bytes: number;
  runs: number;
  /** Each load's first contentful paint, in the order of the rounds (one load of every page a round). */
  fcps: number[];
}

type Sample = Omit<Paint, "runs" | "fcps">;

async function load(browser: Browser, url: string, viewport: { width: number; height: number }): Promise<Sample> {
  const context = await browser.newContext({ viewport, serviceWorkers: "block" });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "load" });
    return (await page.evaluate(`new Promise((done) => {
      const nav = performance.getEntriesByType("navigation")[0];
      const report = (fcp) => done({ fcp, responseEnd: nav.responseEnd, domContentLoaded: nav.domContentLoadedEventStart, load: nav.loadEventStart, bytes: nav.decodedBodySize });
      const entry = performance.getEntriesByName("first-contentful-paint")[0];
      if (entry) report(entry.startTime);
      else new PerformanceObserver((list) => report(list.getEntries()[0].startTime)).observe({ type: "paint", buffered: true });
    })`)) as Sample;
  } finally {
    await context.close();
  }
}

/** The paint of each URL, `runs` cold loads each, taken in turns (a round is one load of each). */
export async function firstPaints(browser: Browser, urls: string[], runs = 7, viewport = { width: 1366, height: 900 }): Promise<Paint[]> {
  const samples: Sample[][] = urls.map(() => []);
  for (let i = 0; i < runs; i++) for (const [n, url] of urls.entries()) samples[n].push(await load(browser, url, viewport));
  return samples.map((of) => {
    const median = (key: keyof Sample) => medianOf(of.map((s) => s[key]));
    return { fcp: median("fcp"), responseEnd: median("responseEnd"), domContentLoaded: median("domContentLoaded"), load: median("load"), bytes: median("bytes"), runs, fcps: of.map((s) => s.fcp) };
  });
}

/** In how many rounds `a` painted no later than `b`. */
export function roundsFirst(a: Paint, b: Paint): number {
  return a.fcps.filter((fcp, round) => fcp <= b.fcps[round]).length;
}
