// The site renders a URL from data only through SafeLink (the compiler's URL
// policy): even with a generated/ that holds a `javascript:` provenance or source
// URL (made by hand, or by an older compiler), no page links to it.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { BUILD_INPUTS, outputsFingerprint, type BuildInputs } from "../../compiler/build-inputs.ts";
import { readTree } from "../../compiler/generated-files.ts";
import { urlProblem } from "../../compiler/url-policy.ts";
import { builtCorpus, DEMO, REPO, removeTemp } from "../support/repo.ts";
import { filesUnder } from "./helpers/site.ts";

const ATTACK = "javascript:alert(document.domain)";
let root: string;
let pages: Map<string, string>;

beforeAll(async () => {
  root = (await builtCorpus(DEMO, "hexlaw-safe-link-")).root;
  const indexFile = join(root, "generated/demo/1.0/index.json");
  const index = JSON.parse(readFileSync(indexFile, "utf8"));
  for (const document of index.documents) document.provenance.url = ATTACK;
  index.edition.sources = [...index.edition.sources, { title: "A hostile source", url: `JaVaScRiPt:alert(1)` }, { title: "A fine source", url: "https://example.org/rules" }];
  writeFileSync(indexFile, JSON.stringify(index));
  // …and recorded as built, as an older compiler's generated/ would be: the site's build takes it as it is, without compiling.
  const recordFile = join(root, "generated", BUILD_INPUTS);
  const record = JSON.parse(readFileSync(recordFile, "utf8")) as BuildInputs;
  writeFileSync(recordFile, JSON.stringify({ ...record, outputs: outputsFingerprint(readTree(join(root, "generated"))) }));
  const out = join(root, "dist");
  const built = spawnSync(process.execPath, [join(REPO, "node_modules/astro/bin/astro.mjs"), "build", "--outDir", out], {
    cwd: REPO,
    env: { ...process.env, HEXLAW_ROOT: root, ASTRO_TELEMETRY_DISABLED: "1" },
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`astro build failed:\n${built.stdout}\n${built.stderr}`);
  pages = new Map(filesUnder(out, ".html").map((file) => [file, readFileSync(file, "utf8")]));
}, 300_000);

afterAll(() => removeTemp(root));

test("no page puts a URL the policy refuses into an href or src", () => {
  expect(pages.size).toBeGreaterThan(0);
  for (const [file, html] of pages) {
    for (const [, url] of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
      const decoded = url.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");
      if (decoded.startsWith("data:image/svg+xml,")) continue; // the site's own favicon, written in its layout
      expect(urlProblem(decoded), `${file}: ${decoded}`).toBeNull();
    }
    expect(html.toLowerCase()).not.toContain("javascript:");
  }
});

test("the refused URLs' titles are still shown, as text, and a fine URL is a link", () => {
  const all = [...pages.values()].join("\n");
  expect(all).toContain("A hostile source");
  expect(all).toMatch(/<a href="https:\/\/example\.org\/rules" rel="noopener noreferrer">A fine source<\/a>/);
  // A chapter's provenance, on the edition's About page: its source as text.
  expect(all).toMatch(/<span class="about-label">Source:<\/span> Written for the Hexlaw test suite[^<]*<\/p>/);
});
