// The site finds paragraphs with the numbering the compiler checked and published in
// the rule index, not by reading edition.yaml again: no pattern is analyzed twice
// (an analysis takes up to a second each), and none the compiler did not accept runs.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { parse as parseYaml } from "yaml";
import type { RuleIndex } from "../../../compiler/markdown/rulebook-context.ts";
import { renderChapter } from "../../../site/lib/render-chapter.ts";
import { builtCorpus, DEMO, removeTemp } from "../../support/repo.ts";

let root: string;
let index: RuleIndex;
const editionFile = () => join(root, "rules/demo/1.0/edition.yaml");

beforeAll(async () => {
  root = (await builtCorpus(DEMO, "hexlaw-numbering-")).root;
  index = JSON.parse(readFileSync(join(root, "generated/demo/1.0/index.json"), "utf8")) as RuleIndex;
}, 120_000);

afterAll(() => removeTemp(root));

test("the rule index publishes the numbering patterns of edition.yaml as written", () => {
  const yaml = parseYaml(readFileSync(editionFile(), "utf8")) as { numbering: Record<string, { pattern: string; id: string }[]> };
  for (const kind of ["paragraphs", "items", "references"] as const) {
    expect(index.numbering[kind].map((r) => [r.source, r.id])).toEqual((yaml.numbering[kind] ?? []).map((r) => [r.pattern, r.id]));
  }
});

test("a chapter renders with the published numbering, whatever edition.yaml says after the compile", async () => {
  // Patterns that match nothing: a site that read edition.yaml would find no paragraph.
  const text = readFileSync(editionFile(), "utf8");
  writeFileSync(editionFile(), text.replace(/pattern: '[^\n]*'/g, "pattern: 'NEVER(?<n>x)'"));
  expect(readFileSync(editionFile(), "utf8")).not.toBe(text);
  let anchors = 0;
  let references = 0;
  for (const document of index.documents) {
    const { html } = await renderChapter(document.file, root);
    const ids = new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]));
    for (const id of document.paragraphs) expect(ids, `paragraph ${id} has no anchor`).toContain(id);
    const resolved = index.references.filter((r) => r.file === document.file && r.status === "resolved" && r.from !== r.id);
    for (const reference of resolved) expect(html, `reference ${reference.text}`).toContain(`data-ref="${reference.id}"`);
    anchors += document.paragraphs.length;
    references += resolved.length;
  }
  // The corpus has numbered paragraphs beyond its chapters' own, and references between them.
  expect(anchors).toBeGreaterThan(index.documents.length);
  expect(references).toBeGreaterThan(0);
});
