import type { RuleIndex } from "./rulebook-context.ts";

type IndexReference = RuleIndex["references"][number];
type IndexDocument = RuleIndex["documents"][number];
type IndexChart = RuleIndex["charts"][number];
type IndexProcedure = RuleIndex["procedures"][number];

/**
 * The records of a rule index by their keys, made once per index. A page looks
 * each of its references, charts and chapters up in constant time: searching the
 * index's lists once per reference made a book's build grow with the square of its
 * size (issue 23: 100,000 references took 156 s to render, 200,000 over ten minutes).
 */
export interface IndexLookups {
  /**
   * The compiler's record of a reference to `id` made in paragraph `from` (linked to
   * `href`, if given), else of one to `id` made anywhere: the first such in the index.
   */
  reference(from: string, id: string, href?: string): IndexReference | undefined;
  /** The erratum the compiler applied to a reference of `from` printed as `words` (and linked to `href`, if given). */
  erratum(from: string, words: string, href?: string): IndexReference | undefined;
  document(slug: string): IndexDocument | undefined;
  documentOfFile(file: string): IndexDocument | undefined;
  chart(id: string): IndexChart | undefined;
  /** The charts printed in a document, in the index's order. */
  chartsOf(slug: string): IndexChart[];
  procedure(name: string): IndexProcedure | undefined;
  /** The paragraphs whose rules a procedure uses, in the index's order. */
  paragraphsOf(procedure: string): string[];
  /** Where a paragraph is in the index's order. */
  position(id: string): number | undefined;
}

const made = new WeakMap<RuleIndex, IndexLookups>();

export function indexLookups(index: RuleIndex): IndexLookups {
  let lookups = made.get(index);
  if (!lookups) made.set(index, (lookups = makeLookups(index)));
  return lookups;
}

/** A key of several strings (NUL cannot be in a document: HX0014). */
const key = (...parts: string[]) => parts.join("\0");

function makeLookups(index: RuleIndex): IndexLookups {
  const references = new Map<string, IndexReference>();
  const errata = new Map<string, IndexReference>();
  // The first record under each key wins, as `.find` over the list would.
  const first = <T>(map: Map<string, T>, k: string, value: T) => {
    if (!map.has(k)) map.set(k, value);
  };
  for (const r of index.references) {
    for (const k of [key("from", r.from, r.id), key("any", r.id)]) {
      first(references, k, r);
      if (r.href !== undefined) first(references, key(k, r.href), r);
    }
    if (r.erratum) {
      first(errata, key(r.from, r.text), r);
      if (r.href !== undefined) first(errata, key(r.from, r.text, r.href), r);
    }
  }
  const hrefKey = (k: string, href?: string) => (href === undefined ? k : key(k, href));
  const documents = firstBy(index.documents, (d) => d.slug);
  const files = firstBy(index.documents, (d) => d.file);
  const charts = firstBy(index.charts, (c) => c.id);
  const procedures = firstBy(index.procedures, (p) => p.name);
  const chartsOf = new Map<string, IndexChart[]>();
  for (const chart of index.charts) {
    if (chart.document === null) continue;
    const list = chartsOf.get(chart.document);
    if (list) list.push(chart);
    else chartsOf.set(chart.document, [chart]);
  }
  const paragraphsOf = new Map<string, string[]>();
  const positions = new Map<string, number>();
  for (const [id, paragraph] of Object.entries(index.paragraphs)) {
    positions.set(id, positions.size);
    for (const name of paragraph.procedures) {
      const ids = paragraphsOf.get(name);
      if (ids) ids.push(id);
      else paragraphsOf.set(name, [id]);
    }
  }
  return {
    reference: (from, id, href) => references.get(hrefKey(key("from", from, id), href)) ?? references.get(hrefKey(key("any", id), href)),
    erratum: (from, words, href) => errata.get(hrefKey(key(from, words), href)),
    document: (slug) => documents.get(slug),
    documentOfFile: (file) => files.get(file),
    chart: (id) => charts.get(id),
    chartsOf: (slug) => chartsOf.get(slug) ?? [],
    procedure: (name) => procedures.get(name),
    paragraphsOf: (name) => paragraphsOf.get(name) ?? [],
    position: (id) => positions.get(id),
  };
}

function firstBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) if (!map.has(keyOf(item))) map.set(keyOf(item), item);
  return map;
}
