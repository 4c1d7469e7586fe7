/**
 * Constructed examples (situations the rulebook does not work through, written to pin a
 * rule down) say so in their title, and belong to the paragraph they pin: a title that
 * names a paragraph ("Constructed: 9.12b …") is the vector of that paragraph, so that the
 * site lists it there and a mutant surviving in that paragraph is read against it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readTree } from "../../compiler/generated-files.ts";
import type { VectorFile } from "../../compiler/5-verify/vector.ts";
import { GENERATED } from "../support/repo.ts";

const vectorFiles = [...readTree(GENERATED).keys()].filter((file) => file.endsWith(".vectors.json")).sort();
/** The paragraph a constructed example's title names first: `Constructed: 9.12g(A) …`, `Constructed case: 12.C(1) …`. */
const NAMED = /^Constructed(?: case)?: (\d[\dA-Za-z.()]*[\dA-Za-z)])[ ,:]/;

describe.each(vectorFiles)("the constructed vectors of %s", (file) => {
  const vectors = JSON.parse(readFileSync(join(GENERATED, file), "utf8")) as VectorFile;
  const { paragraphs } = JSON.parse(readFileSync(join(GENERATED, vectors.ruleset, vectors.edition, "index.json"), "utf8")) as { paragraphs: Record<string, unknown> };

  it("belong to the paragraph their title names", () => {
    for (const vector of vectors.vectors) {
      const named = NAMED.exec(vector.title)?.[1];
      // "Constructed case: 30 to 3 is 10:1" names a strength, not a paragraph.
      if (named && named in paragraphs) expect(vector.paragraph, `${vector.source.file}:${vector.source.line} “${vector.title}”`).toBe(named);
    }
  });
});
