// A rule document with raw <script>, onerror= and javascript: links: the compiler
// refuses its URLs, and even so it renders inert through the same plugins the
// site uses (the site's own guard does not depend on the compiler's check).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { compile } from "../../compiler/compile.ts";
import { renderChapter } from "../../site/lib/render-chapter.ts";
import { builtCorpus, removeTemp } from "../support/repo.ts";

const fixture = join(import.meta.dirname, "fixtures", "xss");
const CHAPTER = "rules/hostile/1/01-attack.md";
const hostile = readFileSync(join(fixture, CHAPTER), "utf8");
/** The Markdown links whose addresses the URL policy refuses, as written. */
const UNSAFE = ["javascript:window.__pwned='link'", "JaVaScRiPt:alert(1)", "data:text/html,<script>alert(1)</script>", " java&#x73;cript:alert(1) "];
let root: string;
let html: string;

beforeAll(async () => {
  // generated/ from the chapter with its unsafe links made harmless (the compiler refuses the original)…
  root = (await builtCorpus(fixture, "hexlaw-xss-", (at) => writeFileSync(join(at, CHAPTER), UNSAFE.reduce((text, url) => text.replace(`(${url})`, "(#1.1)"), hostile)))).root;
  // …and the original rendered with it, as a stale or hand-made generated/ would let happen.
  writeFileSync(join(root, CHAPTER), hostile);
  html = (await renderChapter(CHAPTER, root)).html;
});

afterAll(() => removeTemp(root));

test("the compiler refuses every unsafe link of the chapter, and nothing else", async () => {
  const result = await compile({ root });
  expect(result.ok).toBe(false);
  expect(result.diagnostics.map((d) => d.code)).toEqual(UNSAFE.map(() => "HX0010"));
});

/** The real tags of the output (escaped `&#x3C;script>` text is not a tag) with their attributes. */
function tags(): { name: string; attributes: Record<string, string> }[] {
  return [...html.matchAll(/<([a-z][\w-]*)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*\/?>/gi)].map((m) => ({
    name: m[1].toLowerCase(),
    attributes: Object.fromEntries([...m[2].matchAll(/\s+([^\s=>]+)(?:="([^"]*)")?/g)].map((a) => [a[1].toLowerCase(), a[2] ?? ""])),
  }));
}

test("no element can run script", () => {
  const names = tags().map((t) => t.name);
  expect(names).toContain("p");
  for (const name of ["script", "iframe", "img", "object", "embed", "style", "form"]) expect(names).not.toContain(name);
  for (const tag of tags()) {
    expect(Object.keys(tag.attributes).filter((key) => key.startsWith("on") || key === "style")).toEqual([]);
  }
});

test("no URL can run script", () => {
  const urls = tags().flatMap((t) => [t.attributes.href, t.attributes.src].filter((u): u is string => u !== undefined));
  expect(urls).toContain("https://example.org/rules");
  for (const url of urls) expect(url.replace(/\s/g, "")).not.toMatch(/^(?:javascript|data|vbscript):/i);
});

test("the raw HTML is shown as the text it is, and the rest renders as usual", () => {
  expect(html).toContain("&#x3C;script>window.__pwned");
  expect(html).toContain("onerror=");
  expect(html).toMatch(/id="1\.1"/);
  expect(html).toMatch(/<a href="#1\.2" class="ref" data-ref="1\.2">1\.2<\/a>/);
});
