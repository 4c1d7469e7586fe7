/**
 * site/offline/build-sw.ts's precache list: which files of a built site the service
 * worker precaches, under which URL, and with which revision.
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { precacheEntries } from "../../site/offline/build-sw.ts";

const dir = mkdtempSync(join(tmpdir(), "hexlaw-precache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const files: Record<string, string> = {
  "index.html": "<h1>Rules</h1>",
  "ocs/4.3/9-0-ground-combat/index.html": "<h1>9.0</h1>",
  "_astro/calculator.B6gGcvSr.js": "calc()",
  "pagefind/pagefind.js": "search()",
  "pagefind/fragment/en_4a1b2c3.pf_fragment": "fragment",
  "pagefind/index/en_9f8e7d6.pf_index": "index",
  "pagefind/pagefind-ui.js": "ui",
  "pagefind/pagefind-highlight.js": "highlight",
  "sw.js": "worker",
  "_astro/figure.abc.avif": "image",
  ".hidden/notes.json": "{}",
  "node_modules/.astro/data.json": "{}",
};
for (const [file, text] of Object.entries(files)) {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), text);
}
const md5 = (text: string) => createHash("md5").update(text).digest("hex");

test("the site's pages, scripts and search index, under the base, with revisions where a name does not change with its content", () => {
  const { entries, size } = precacheEntries(dir, "/hexlaw/");
  expect(entries).toEqual([
    { url: "/hexlaw/_astro/calculator.B6gGcvSr.js", revision: null },
    { url: "/hexlaw/index.html", revision: md5(files["index.html"]) },
    { url: "/hexlaw/ocs/4.3/9-0-ground-combat/index.html", revision: md5(files["ocs/4.3/9-0-ground-combat/index.html"]) },
    { url: "/hexlaw/pagefind/fragment/en_4a1b2c3.pf_fragment", revision: null },
    { url: "/hexlaw/pagefind/index/en_9f8e7d6.pf_index", revision: null },
    { url: "/hexlaw/pagefind/pagefind.js", revision: md5(files["pagefind/pagefind.js"]) },
  ]);
  const precached = entries.map((e) => e.url.slice("/hexlaw/".length));
  expect(size).toBe(precached.reduce((sum, file) => sum + Buffer.byteLength(files[file]), 0));
});

test("a file too large to download to every phone fails the build, named", () => {
  const big = join(dir, "huge.json");
  writeFileSync(big, Buffer.alloc(8 * 1024 * 1024 + 1));
  try {
    expect(() => precacheEntries(dir, "/")).toThrow(/huge\.json is 8\.0 MiB/);
  } finally {
    rmSync(big);
  }
});
