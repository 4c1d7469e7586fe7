// Offline at the table (a step of `npm run build`, after the search index): Workbox's
// generateSW writes dist/sw.js, a service worker that precaches the whole built site —
// every edition's chapters, charts, calculators and their engine code, the about and
// changes pages, and the Pagefind index — so that after one visit all of it works with
// the network off. Under a base path the precached URLs carry it. Any error fails the build.
import { resolve } from "node:path";
import { generateSW } from "workbox-build";
import { base, outDir } from "../lib/base.ts";
import { root } from "../lib/corpus.ts";

export async function buildServiceWorker(dir = resolve(root, outDir), at = base): Promise<{ count: number; size: number }> {
  const { count, size, warnings } = await generateSW({
    globDirectory: dir,
    globPatterns: ["**/*.{html,js,css,json,svg,png,webmanifest,wasm,pagefind,pf_meta,pf_index,pf_fragment,pf_filter}"],
    // Not the site: Pagefind's ready-made interfaces (the site has its own search box) and build caches.
    globIgnores: ["sw.js", "workbox-*.js", "node_modules/**", "pagefind/pagefind-*ui.*", "pagefind/pagefind-highlight.js"],
    swDest: resolve(dir, "sw.js"),
    // The site's own paths: "/hexlaw/ocs/4.3/…" under a base.
    modifyURLPrefix: { "": at },
    // "/ocs/4.3/charts/" is "…/charts/index.html"; a calculator link's query (?assume.…) names the same page.
    directoryIndex: "index.html",
    ignoreURLParametersMatching: [/.*/],
    // Files named by their hash need no revision of their own.
    dontCacheBustURLsMatching: /\/_astro\//,
    // No code from elsewhere: Workbox's runtime goes inside sw.js.
    inlineWorkboxRuntime: true,
    mode: "production",
    sourcemap: false,
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
  });
  if (warnings.length > 0) throw new Error(`Workbox: ${warnings.join("; ")}`);
  return { count, size };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  buildServiceWorker().then(({ count, size }) => {
    process.stdout.write(`Precached ${count} files (${(size / 1024 / 1024).toFixed(1)} MiB) for offline use in ${Math.round(performance.now() - started)} ms → ${outDir}/sw.js\n`);
  }, (error: unknown) => {
    process.stderr.write(`Could not build the service worker: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
