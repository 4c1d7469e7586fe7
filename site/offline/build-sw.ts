// Offline at the table (a step of `npm run build`, after the search index): writes
// dist/sw.js, a service worker that precaches the whole built site — every edition's
// chapters, charts, calculators and their engine code, the about and changes pages,
// and the Pagefind index — so that after one visit all of it works with the network
// off. The worker is sw.ts, Workbox's own precaching modules bundled with Rolldown
// (Vite's bundler) in a fraction of a second; `precacheEntries` lists the files with
// their revisions, which go where sw.ts reads `self.__WB_MANIFEST` (Workbox's "inject
// manifest"). generateSW did the same with Rollup, Babel and Terser, loaded and run on
// every build (~4 s of CPU); workbox-build's manifest maker took ~0.15 s to load and
// hashed every file, also those named by their content. Under a base path the
// precached URLs carry it. Any error fails the build.
import { createHash } from "node:crypto";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { build } from "rolldown";
import { filesUnder } from "../../compiler/files-under.ts";
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

/** What is precached: the site's pages, data, scripts, styles, icons and search index. */
const PRECACHED = /\.(html|js|css|json|svg|png|webmanifest|wasm|pagefind|pf_meta|pf_index|pf_fragment|pf_filter)$/;
/** Not the site: the worker itself, build caches, and Pagefind's ready-made interfaces (the site has its own search box). */
const NOT_PRECACHED = /^(sw\.js$|workbox-[^/]*\.js$|node_modules\/|pagefind\/pagefind-[^/]*ui\.|pagefind\/pagefind-highlight\.js$)|(^|\/)\./;
/** Files named by their content (Vite's assets, Pagefind's chunks): their URL changes with it, so they need no revision of their own. */
const NAMED_BY_CONTENT = /^(_astro\/|pagefind\/(fragment|index|filter)\/)/;
/** Larger files are a mistake in the site, not something to download to every phone. */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/**
 * The files of the built site in `dir` that the worker precaches, in a stable order, as
 * Workbox's entries: the URL under the base `at`, and the MD5 of the content as the
 * revision of a file whose name does not change with it.
 */
export function precacheEntries(dir: string, at: string): { entries: PrecacheEntry[]; size: number } {
  const entries: PrecacheEntry[] = [];
  let size = 0;
  for (const file of filesUnder(dir, dir)) {
    if (!PRECACHED.test(file) || NOT_PRECACHED.test(file)) continue;
    const path = join(dir, file);
    const bytes = statSync(path).size;
    if (bytes > MAX_FILE_BYTES) throw new Error(`${file} is ${(bytes / 1024 / 1024).toFixed(1)} MiB, over the ${MAX_FILE_BYTES / 1024 / 1024} MiB a precached file may have`);
    size += bytes;
    entries.push({ url: at + file, revision: NAMED_BY_CONTENT.test(file) ? null : createHash("md5").update(readFileSync(path)).digest("hex") });
  }
  return { entries, size };
}

export async function buildServiceWorker(dir = resolve(root, outDir), at = base): Promise<{ count: number; size: number }> {
  const code = await workerCode();
  const { entries, size } = precacheEntries(dir, at);
  const at0 = code.indexOf(MANIFEST);
  if (at0 < 0 || code.indexOf(MANIFEST, at0 + 1) >= 0) throw new Error(`Workbox: the worker must read ${MANIFEST} exactly once`);
  writeFileSync(resolve(dir, "sw.js"), code.replace(MANIFEST, () => JSON.stringify(entries)));
  return { count: entries.length, size };
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
