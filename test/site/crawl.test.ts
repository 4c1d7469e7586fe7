// Crawls the built site from its home page: every internal link and every
// anchor must exist. Calculator configs and previews carry links too.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import { editionPairs, pairPath } from "../../site/lib/editions.ts";
import { dist, ensureBuilt } from "./helpers/site.ts";

function fileOf(path: string): string | null {
  const decoded = decodeURIComponent(path);
  const target = join(dist, decoded);
  if (existsSync(target) && statSync(target).isDirectory()) return existsSync(join(target, "index.html")) ? join(target, "index.html") : null;
  return existsSync(target) ? target : null;
}

const decode = (s: string) =>
  s.replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16))).replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

function idsOf(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((m) => decode(m[1])));
}

function linksOf(html: string): string[] {
  const links = [...html.matchAll(/\shref="([^"]*)"/g)].map((m) => decode(m[1]));
  // Links inside JSON attributes and embedded previews: calculator configs, preview data.
  for (const m of html.matchAll(/\s(?:data-)?config="([^"]*)"/g)) {
    const config = JSON.parse(decode(m[1])) as { links?: Record<string, string> } | null;
    links.push(...Object.values(config?.links ?? {}));
  }
  const json = (id: string) => {
    const script = new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`).exec(html);
    return script ? JSON.parse(script[1]) : null;
  };
  // A chapter's previews of what it links to (crawled as a page of links, below).
  for (const m of html.matchAll(/\sdata-previews="([^"]*)"/g)) links.push(decode(m[1]));
  // The edition switcher: each other edition's chapter, every paragraph's landing, the changes page.
  for (const target of (json("hexlaw-edition-switch") ?? []) as { chapter: string; changes: string | null; paragraphs: Record<string, string> }[]) {
    links.push(target.chapter, ...Object.values(target.paragraphs), ...(target.changes ? [target.changes] : []));
  }
  // Calculators that compare editions: the other editions' paragraph links.
  for (const edition of Object.values((json("hexlaw-calculator-editions") ?? {}) as Record<string, { config: { links?: Record<string, string> } | null }>)) {
    links.push(...Object.values(edition.config?.links ?? {}));
  }
  // Anchors of the source's own site map to paragraphs of the page: each must be there.
  for (const id of Object.values((json("hexlaw-source-anchors") ?? {}) as Record<string, string>)) links.push(`#${encodeURIComponent(id)}`);
  return links;
}

beforeAll(() => ensureBuilt(), 600_000);

test("every internal link and anchor of the built site resolves", () => {
  const queue = ["/"];
  const seen = new Set<string>();
  const pages = new Map<string, Set<string>>();
  const broken: string[] = [];
  const anchors: { from: string; page: string; fragment: string }[] = [];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const file = fileOf(path);
    if (!file) {
      broken.push(path);
      continue;
    }
    const previews = file.endsWith("/previews.json") ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, { u: string }>) : null;
    if (!file.endsWith(".html") && !previews) continue;
    const html = previews ? "" : readFileSync(file, "utf8");
    if (!previews) pages.set(path, idsOf(html));
    for (const href of previews ? Object.values(previews).map((p) => p.u) : linksOf(html)) {
      if (/^(?:[a-z]+:)?\/\//i.test(href) || /^(?:mailto|data):/i.test(href)) continue;
      const url = new URL(href, `http://site${path}`);
      const target = url.pathname.endsWith("/") || /\.[a-z0-9]+$/i.test(url.pathname) ? url.pathname : `${url.pathname}/`;
      if (url.hash) anchors.push({ from: path, page: target, fragment: decodeURIComponent(url.hash.slice(1)) });
      if (!seen.has(target)) queue.push(target);
    }
  }
  for (const { from, page, fragment } of anchors) {
    const ids = pages.get(page);
    if (ids && !ids.has(fragment)) broken.push(`${page}#${fragment} (linked from ${from})`);
  }
  expect(broken).toEqual([]);
  expect(seen.size).toBeGreaterThan(15);
  // Every changes page is reached by links.
  for (const pair of editionPairs()) expect(seen, pairPath(pair)).toContain(pairPath(pair));
  expect(anchors.length).toBeGreaterThan(100);
});
