// Offline at the table (a step of `npm run build`, after the search index): writes
// dist/sw.js, a service worker that precaches the whole built site — every edition's
// chapters, charts, calculators and their engine code, the about and changes pages,
// and the Pagefind index — so that after one visit all of it works with the network
// off. The worker is sw.ts, Workbox's own precaching modules bundled with Rolldown
// (Vite's bundler) in a fraction of a second; Workbox's getManifest lists the files
// with their revisions, which go where sw.ts reads `self.__WB_MANIFEST` (Workbox's
// "inject manifest"). generateSW did the same with Rollup, Babel and Terser, loaded
// and run on every build (~4 s of CPU). Under a base path the precached URLs carry it.
// Any error fails the build.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { build } from "rolldown";
// Workbox's manifest maker itself: the package's index loads generateSW's bundler too, and
// getManifest only checks its options against a JSON schema first (~0.6 s to load and
// compile the validator, every build); the options below are complete and fixed.
import { getFileManifestEntries } from "workbox-build/build/lib/get-file-manifest-entries.js";
import { base, outDir } from "../lib/base.ts";
import { root } from "../lib/corpus.ts";

const WORKER = new URL("./sw.ts", import.meta.url).pathname;
const MANIFEST = "self.__WB_MANIFEST";

/** Workbox's runtime and sw.ts in one file, minified, with Workbox's production build (no logging). */
async function workerCode(): Promise<string> {
  const { output } = await build({
    input: WORKER,
    write: false,
    platform: "browser",
    transform: { define: { "process.env.NODE_ENV": JSON.stringify("production") } },
    output: { format: "iife", minify: true },
  });
  return output[0].code;
}

export async function buildServiceWorker(dir = resolve(root, outDir), at = base): Promise<{ count: number; size: number }> {
  const [code, { manifestEntries, count, size, warnings }] = await Promise.all([
    workerCode(),
    getFileManifestEntries({
      globDirectory: dir,
      globFollow: true,
      globPatterns: ["**/*.{html,js,css,json,svg,png,webmanifest,wasm,pagefind,pf_meta,pf_index,pf_fragment,pf_filter}"],
      // Not the site: Pagefind's ready-made interfaces (the site has its own search box) and build caches.
      globIgnores: ["sw.js", "workbox-*.js", "node_modules/**", "pagefind/pagefind-*ui.*", "pagefind/pagefind-highlight.js"],
      // The site's own paths: "/hexlaw/ocs/4.3/…" under a base.
      modifyURLPrefix: { "": at },
      // Files named by their hash need no revision of their own.
      dontCacheBustURLsMatching: /\/_astro\//,
      maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    }),
  ]);
  if (warnings.length > 0) throw new Error(`Workbox: ${warnings.join("; ")}`);
  const at0 = code.indexOf(MANIFEST);
  if (at0 < 0 || code.indexOf(MANIFEST, at0 + 1) >= 0) throw new Error(`Workbox: the worker must read ${MANIFEST} exactly once`);
  writeFileSync(resolve(dir, "sw.js"), code.replace(MANIFEST, () => JSON.stringify(manifestEntries)));
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
