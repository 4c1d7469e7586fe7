import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BuildCache } from "../../compiler/cache.ts";
import { compile } from "../../compiler/compile.ts";
import { syntheticChapters, writeSyntheticCorpus } from "../support/synthetic-corpus.ts";

const ROOT = join(tmpdir(), `hexlaw-cache-test-${process.pid}`);
const CHAPTER = join(ROOT, "rules/synth/1.0/001-chapter.md");
afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

const chapter = (amount?: number) =>
  syntheticChapters({ sections: 60, ...(amount === undefined ? {} : { variant: "edited" as const, amount }) }).get("001-chapter.md")!;

/** Edits a rebuild must notice: rules and text together, a chart cell, prose only. */
const EDITS: [string, (text: string) => string][] = [
  ["a number in a paragraph, its rules block and its example", () => chapter(5)],
  ["a chart cell", (text) => text.replace("| 3 | 3 | 4 | 5 |", "| 3 | 3 | 4 | 6 |")],
  ["prose only", (text) => text.replace("The phasing player may act", "The phasing player can act")],
  ["back to the original", () => chapter()],
];

describe("builds that reuse a cache", () => {
  it("give exactly the bytes of a build from scratch, after each kind of edit", async () => {
    writeSyntheticCorpus(ROOT, { sections: 60 });
    const cache = new BuildCache();
    await compile({ root: ROOT, cache });
    let text = chapter();
    for (const [what, edit] of EDITS) {
      text = edit(text);
      writeFileSync(CHAPTER, text);
      const cached = await compile({ root: ROOT, cache });
      const cold = await compile({ root: ROOT });
      expect(cached.diagnostics.filter((d) => d.severity === "error"), what).toEqual([]);
      expect([...cached.files.keys()], what).toEqual([...cold.files.keys()]);
      for (const [path, content] of cold.files) expect(cached.files.get(path), `${what}: ${path}`).toBe(content);
    }
  });

  it("reuse unchanged documents and engines", async () => {
    writeSyntheticCorpus(ROOT, { sections: 60 });
    const cache = new BuildCache();
    await compile({ root: ROOT, cache });
    const engines = new Set(cache.engines.keys());
    writeFileSync(CHAPTER, chapter(6));
    cache.documents.hits = 0;
    await compile({ root: ROOT, cache });
    expect(cache.documents.hits).toBe(syntheticChapters({ sections: 60 }).size - 1); // every chapter but the edited one
    expect(cache.engines.keys().filter((key) => !engines.has(key))).toHaveLength(1); // only chapter 1's engine is new
    expect(cache.engines.size).toBe(engines.size); // and the one it replaced is forgotten
  });
});
