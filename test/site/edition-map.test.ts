// Which paragraph of one edition is which paragraph of another, as the edition
// switcher uses it, on the three fixture editions (v1 → v2 renumbers, removes and
// adds paragraphs; v3 only rewords): the same id, the renumbered id, or a note.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { builtCorpus, removeTemp, REPO } from "../support/repo.ts";

type Editions = typeof import("../../site/lib/editions.ts");
type Corpus = typeof import("../../site/lib/corpus.ts");

let root: string;
let editions: Editions;
let corpus: Corpus;

beforeAll(async () => {
  root = (await builtCorpus(join(REPO, "test/editions/fixture"), "hexlaw-editions-")).root;
  // The site's libraries read the corpus at HEXLAW_ROOT, fixed when they are first imported.
  process.env.HEXLAW_ROOT = root;
  corpus = await import("../../site/lib/corpus.ts");
  editions = await import("../../site/lib/editions.ts");
});

afterAll(() => {
  delete process.env.HEXLAW_ROOT;
  if (root) removeTemp(root);
});

const at = (id: string) => corpus.edition("fx", id);

describe("counterparts", () => {
  test("a paragraph with the same words and number is the same paragraph", () => {
    expect(editions.counterpart(at("v1"), at("v2"), "1.1a")).toBe("1.1a");
    expect(editions.counterpart(at("v2"), at("v1"), "1.1b")).toBe("1.1b");
  });

  test("a renumbered paragraph is found under its new number, both ways", () => {
    expect(editions.counterpart(at("v1"), at("v2"), "1.1d")).toBe("1.1c");
    expect(editions.counterpart(at("v2"), at("v1"), "1.1c")).toBe("1.1d");
  });

  test("a removed or added paragraph has none, even where another paragraph took its number", () => {
    expect(editions.counterpart(at("v1"), at("v2"), "1.1c")).toBeNull();
    expect(editions.counterpart(at("v2"), at("v1"), "1.1d")).toBeNull();
  });

  test("editions two reports apart are matched through the one between", () => {
    expect(editions.counterpart(at("v1"), at("v3"), "1.1d")).toBe("1.1c");
    expect(editions.counterpart(at("v3"), at("v1"), "1.1c")).toBe("1.1d");
    expect(editions.counterpart(at("v3"), at("v1"), "1.1d")).toBeNull();
  });
});

describe("landings", () => {
  test("the switcher of a chapter sends each paragraph to its counterpart or to a note on the chapter", () => {
    const [v2] = editions.switchTargets(at("v1"), at("v1").documents[0].slug).filter((t) => t.edition === "v2");
    const chapter = corpus.chapterPath(at("v2"), at("v2").documents[0].slug);
    expect(v2.chapter).toBe(chapter);
    expect(v2.paragraphs["1.1d"]).toBe(`${chapter}#1.1c`);
    expect(v2.found["1.1d"]).toBe(true);
    expect(v2.paragraphs["1.1c"]).toBe(`${chapter}#absent-v1-1.1c`);
    expect(v2.found["1.1c"]).toBe(false);
    // The changes page's entry for each paragraph that changed: reworded, renumbered, removed.
    expect(v2.changed).toEqual({ "1.1a": "/fx/changes/v1..v2/#text-1.1a", "1.1b": "/fx/changes/v1..v2/#text-1.1b", "1.1c": "/fx/changes/v1..v2/#text-removed-1.1c", "1.1d": "/fx/changes/v1..v2/#text-1.1c" });
  });

  test("the chapter a reader lands on holds the note, saying what the report says", () => {
    const chapter = corpus.chapterPath(at("v2"), at("v2").documents[0].slug);
    const notes = editions.absentNotes(at("v2"), chapter);
    const removed = notes.find((n) => n.id === "absent-v1-1.1c");
    expect(removed?.change).toBe("removed in v2");
    expect(removed?.changes).toBe("/fx/changes/v1..v2/#text-removed-1.1c");
    const added = editions.absentNotes(at("v1"), corpus.chapterPath(at("v1"), at("v1").documents[0].slug)).find((n) => n.id === "absent-v2-1.1d");
    expect(added?.change).toBe("added in v2");
  });

  test("every edition pair with a report has a changes page", () => {
    expect(editions.editionPairs().map((p) => editions.pairPath(p))).toEqual(["/fx/changes/v1..v2/", "/fx/changes/v2..v3/"]);
  });
});
