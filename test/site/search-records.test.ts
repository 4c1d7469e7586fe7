/**
 * The search index's records (site/search/build-index.ts): every paragraph and chart
 * of every edition is found in that edition and leads to its place there, one record
 * standing for a paragraph that editions of a ruleset share (site/search/search-places.ts).
 */
import { describe, expect, test } from "vitest";
import { chartHrefOf, corpus, editions, hrefOf, type RuleIndex } from "../../site/lib/corpus.ts";
import { searchRecords } from "../../site/search/build-index.ts";
import { inEdition, type SearchPlace } from "../../site/search/search-places.ts";

const records = searchRecords();
const indexes = editions();

/** The records a search filtered by `index`'s edition finds, as that edition has them. */
const inIndex = (index: RuleIndex) =>
  records.filter((r) => r.filters.ruleset.includes(index.ruleset.title) && r.filters.edition.includes(index.edition.title)).map((r) => ({ record: r, shown: inEdition(r, index.edition.title) }));

describe("search records", () => {
  test.each(indexes.map((index) => [`${index.ruleset.id} ${index.edition.id}`, index] as const))("%s: each paragraph and chart is one record, leading to its place in the edition", (_, index) => {
    const found = inIndex(index);
    const places = [
      ...Object.entries(index.paragraphs).filter(([, p]) => index.documents.some((d) => d.slug === p.document)).map(([id, p]) => ({ url: hrefOf(index, id), content: p.text })),
      ...index.charts.filter((c) => index.documents.some((d) => d.slug === c.document)).map((c) => ({ url: chartHrefOf(index, c.id), content: `${c.caption}.${c.names.map((name) => ` ${name}.`).join("")}\n${c.text}` })),
    ].filter((p): p is { url: string; content: string } => p.url !== null && p.url !== undefined);
    expect(places.length).toBeGreaterThan(0);
    for (const place of places) {
      const at = found.filter((f) => f.shown.url === place.url);
      expect(at, place.url).toHaveLength(1);
      expect(at[0].record.content).toBe(place.content);
      expect(at[0].shown.meta.edition).toBe(`${index.ruleset.title} ${index.edition.id}`);
    }
  });

  test("a paragraph that two editions read the same is one record filtered by both, linked by default to the edition that supersedes", () => {
    const superseding = corpus().rulesets.flatMap((r) => r.editions.filter((e) => e.supersedes).map((e) => [r.id, e.id, e.supersedes!] as const));
    expect(superseding.length).toBeGreaterThan(0);
    let shared = 0;
    for (const [ruleset, to, from] of superseding) {
      const newer = indexes.find((i) => i.ruleset.id === ruleset && i.edition.id === to)!;
      const older = indexes.find((i) => i.ruleset.id === ruleset && i.edition.id === from)!;
      for (const [id, p] of Object.entries(newer.paragraphs)) {
        const url = hrefOf(newer, id);
        const before = older.paragraphs[id];
        if (!url || !before || !newer.documents.some((d) => d.slug === p.document)) continue;
        const record = records.find((r) => inEdition(r, newer.edition.title).url === url && r.filters.edition.includes(newer.edition.title))!;
        const chapter = (index: RuleIndex, slug: string | undefined) => index.documents.find((d) => d.slug === slug)?.heading;
        const same = before.text === p.text && before.title === p.title && chapter(older, before.document) === chapter(newer, p.document);
        if (!same) {
          // Changed by the newer edition: each edition has its own record.
          expect(record.filters.edition, id).not.toContain(older.edition.title);
          continue;
        }
        shared++;
        expect(record.filters.edition, id).toContain(older.edition.title);
        expect(record.url).toBe(url);
        expect(inEdition(record, older.edition.title).url).toBe(hrefOf(older, id));
        expect(record.meta.edition).toContain(newer.edition.id);
        expect(record.meta.edition).toContain(older.edition.id);
      }
    }
    expect(shared).toBeGreaterThan(0);
  });

  test("no two records are the same paragraph of the same edition", () => {
    const seen = new Set<string>();
    for (const r of records) {
      const places: SearchPlace[] = r.meta.places ? JSON.parse(r.meta.places) : [[r.filters.edition[0], r.meta.edition, r.url]];
      expect(places.map((p) => p[0]).sort()).toEqual([...r.filters.edition].sort());
      for (const [edition, , url] of places) {
        expect(seen.has(`${edition} ${url}`), url).toBe(false);
        seen.add(`${edition} ${url}`);
      }
    }
  });
});

describe("inEdition", () => {
  const record = {
    url: "/r/2/a/#1",
    meta: { edition: "R 1, 2", places: JSON.stringify([["One", "R 1", "/r/1/a/#1"], ["Two", "R 2", "/r/2/a/#1"]]) },
  };

  test("takes the place of the edition asked for", () => {
    expect(inEdition(record, "One")).toEqual({ url: "/r/1/a/#1", meta: { ...record.meta, edition: "R 1" } });
    expect(inEdition(record, "Two").url).toBe("/r/2/a/#1");
  });

  test("leaves a result as it is for another edition, no edition, or a record no edition shares", () => {
    expect(inEdition(record, "Three")).toBe(record);
    expect(inEdition(record, undefined)).toBe(record);
    const plain = { url: "/r/1/b/", meta: { edition: "R 1" } };
    expect(inEdition(plain, "One")).toBe(plain);
  });

  test("ignores places it cannot read", () => {
    for (const places of ["not json", "{}", JSON.stringify([["One", "R 1"]]), JSON.stringify([["One", 1, "/x/"]])]) {
      const bad = { url: "/r/2/a/#1", meta: { edition: "R 2", places } };
      expect(inEdition(bad, "One")).toBe(bad);
    }
  });
});
