// What a rebuild emits and verifies again after an edit, when it keeps what earlier builds
// made (compiler/cache.ts): exactly the engines whose checked model the edit changed — a
// definition used by another chapter re-emits that chapter's engine, a chapter of an
// extended edition re-emits the extending edition's engines too, prose re-emits none — and
// every engine once Hexlaw itself (its compiler or grammars) is another version. The files
// are those of a build from scratch each time: a stale engine is worse than a slow one.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { BuildCache } from "../../compiler/cache.ts";
import { compile } from "../../compiler/compile.ts";
import { copyCorpus, removeTemp, REPO, tempDir } from "../support/repo.ts";

const root = copyCorpus(join(REPO, "test/fixtures/two-chapters"));
const saved = tempDir("hexlaw-cache-");
afterAll(() => {
  removeTemp(root);
  removeTemp(saved);
});

const MOVE = join(root, "rules/t/1/01-move.md");
const CHARGE = join(root, "rules/t/1/02-charge.md");
const edit = (file: string, from: string, to: string) => {
  const text = readFileSync(file, "utf8");
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
};

/** Compiles with `cache`: the engines it emitted (not reused), as `<edition>/<procedure>`; its files equal a cold build's. */
async function rebuild(cache: BuildCache): Promise<string[]> {
  const emitted: string[] = [];
  const set = cache.engines.set.bind(cache.engines);
  cache.engines.set = (key, code) => {
    emitted.push(code.source);
    set(key, code);
  };
  try {
    const warm = await compile({ root, cache });
    const cold = await compile({ root });
    expect(warm.diagnostics).toEqual(cold.diagnostics);
    expect(warm.ok).toBe(true);
    expect(warm.files).toEqual(cold.files);
    return warm.emitted.flatMap((edition) => edition.engines.filter((e) => emitted.includes(e.source)).map((e) => `${edition.edition}/${e.procedure}`)).sort();
  } finally {
    cache.engines.set = set;
  }
}

test("each edit re-emits the engines that depend on it, in every edition that reads it, and no other", async () => {
  const cache = new BuildCache();
  expect(await rebuild(cache)).toEqual(["1/charge", "1/march", "2/charge", "2/march"]);
  expect(await rebuild(cache)).toEqual([]);
  // 1.1's definition, used by chapter 2's charge only.
  edit(MOVE, `let hex_cost "Hex cost" = 2 "spends 2 MP to enter a hex"`, `let hex_cost "Hex cost" = 2 "spends 2 MP"`);
  expect(await rebuild(cache)).toEqual(["1/charge", "2/charge"]);
  // Chapter 2 of edition 1, which edition 2 extends.
  edit(CHARGE, `"Charge cost"`, `"Cost of a charge"`);
  expect(await rebuild(cache)).toEqual(["1/charge", "2/charge"]);
  // Prose no rule quotes.
  edit(MOVE, "in good order", "in close order");
  expect(await rebuild(cache)).toEqual([]);
});

test("a cache saved to disk serves the next process, and none of it once Hexlaw is another version", async () => {
  const first = new BuildCache();
  await rebuild(first);
  first.save(saved);
  edit(MOVE, `= 3 "marches 3 hexes a turn"`, `= 3 "marches 3 hexes"`);
  // A new process: the documents not edited, and the engines the edit did not change, are read from disk.
  const next = BuildCache.load(saved);
  expect(await rebuild(next)).toEqual(["1/march", "2/march"]);
  expect(next.documents.misses).toBe(2);
  // A change to the compiler or a grammar (what useVersion is told, see compile.ts): nothing made before is reused.
  const upgraded = BuildCache.load(saved);
  upgraded.useVersion("another version of Hexlaw");
  expect(await rebuild(upgraded)).toEqual(["1/charge", "1/march", "2/charge", "2/march"]);
});
