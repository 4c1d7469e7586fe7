// The edition switcher's and absent notes' work grows with an edition, not its square
// (issue 23.4): each paragraph's counterpart was found with a search of every change of
// the report between two editions, each chapter with a search of every chapter. Two
// rulesets of n and 2n renumbered paragraphs; elements searched are counted, not timed.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { arrayScans } from "../support/count-reads.ts";
import { builtCorpus, EMPTY, removeTemp } from "../support/repo.ts";

type Editions = typeof import("../../site/lib/editions.ts");
type Corpus = typeof import("../../site/lib/corpus.ts");

const SIZES = { a: 300, b: 600 };
let root: string;
let editions: Editions;
let corpus: Corpus;

const front = (ruleset: string, edition: string) =>
  `---\nruleset: ${ruleset}\nedition: "${edition}"\nsection: "1.0"\ntitle: Test\norder: 1\nslug: 1-0-test\nprovenance:\n  source: Written for the Hexlaw test suite.\n---\n\n# 1.0 Test\n\n`;
const id = (i: number) => `${1 + Math.floor(i / 90)}.${(i % 90) + 1}`;

/** A ruleset whose edition 2 gives every paragraph of edition 1 another number (and drops one, adds one). */
function ruleset(at: string, name: string, n: number): void {
  const dir = join(at, "rules", name);
  cpSync(join(EMPTY, "rules/t"), dir, { recursive: true });
  writeFileSync(join(dir, "ruleset.yaml"), readFileSync(join(dir, "ruleset.yaml"), "utf8").replace("id: t", `id: ${name}`));
  mkdirSync(join(dir, "2"));
  writeFileSync(join(dir, "2/edition.yaml"), readFileSync(join(dir, "1/edition.yaml"), "utf8").replace('id: "1"', 'id: "2"\nsupersedes: "1"'));
  const paragraphs = (edition: string, shift: number) =>
    front(name, edition) + Array.from({ length: n }, (_, i) => `**${id(i + shift)}** Units of kind ${i} move ${i} hexes.\n`).join("\n");
  writeFileSync(join(dir, "1/01-test.md"), paragraphs("1", 0));
  writeFileSync(join(dir, "2/01-test.md"), paragraphs("2", 1));
}

beforeAll(async () => {
  root = (await builtCorpus(EMPTY, "hexlaw-linear-editions-", (at) => Object.entries(SIZES).forEach(([name, n]) => ruleset(at, name, n)))).root;
  process.env.HEXLAW_ROOT = root;
  corpus = await import("../../site/lib/corpus.ts");
  editions = await import("../../site/lib/editions.ts");
}, 300_000);

afterAll(() => {
  delete process.env.HEXLAW_ROOT;
  if (root) removeTemp(root);
});

/** Elements searched while the chapter of each edition of a ruleset gets its switcher and its absent notes. */
async function scans(name: string): Promise<number> {
  return arrayScans(() => {
    for (const [from, to] of [["1", "2"], ["2", "1"]]) {
      const index = corpus.edition(name, from);
      const targets = editions.switchTargets(index, "1-0-test");
      expect(targets.map((t) => t.edition)).toEqual([to]);
      editions.absentNotes(index, corpus.chapterPath(index, "1-0-test"));
    }
  });
}

test("the elements searched for the edition switcher grow linearly with the paragraphs", async () => {
  const renumbered = editions.counterpart(corpus.edition("a", "1"), corpus.edition("a", "2"), id(5));
  expect(renumbered).toBe(id(6));
  expect((await scans("b")) / (await scans("a"))).toBeLessThan(2.5);
});
