// Builds the Pagefind index of the built site (a step of `npm run build`, see
// site/integration.ts; `node site/search/build-index.ts` runs it alone): one
// record per paragraph with its deep link, one per chart, one per calculator,
// each filtered by ruleset and edition. A paragraph or chart that reads the same in
// several editions of a ruleset is one record filtered by each of them, naming each
// edition's place (see `mergeEditions`). Any error fails the build.
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import * as pagefind from "pagefind";
import { calculatorPath, chartHrefOf, corpus, editions, excerpt, hrefOf, paragraphLabel, root } from "../lib/corpus.ts";
import type { SearchPlace } from "./search-places.ts";
import { chartNameMeta } from "./chart-names.ts";
import { editionPairs, pairPath } from "../lib/editions.ts";
import { outDir } from "../lib/base.ts";

interface SearchRecord {
  url: string;
  content: string;
  language: string;
  meta: Record<string, string>;
  filters: Record<string, string[]>;
}

/** A record of one edition's paragraph or chart (filtered by that edition alone), before the editions that read the same are merged. */
interface EditionRecord {
  record: SearchRecord;
  editionId: string;
  /** Another edition of the ruleset supersedes this one. */
  superseded: boolean;
}

/** Every record of the index, in a stable order. */
export function searchRecords(): SearchRecord[] {
  const records: SearchRecord[] = [];
  const mergeable: EditionRecord[] = [];
  const superseded = new Set(corpus().rulesets.flatMap((r) => r.editions.flatMap((e) => (e.supersedes ? [`${r.id}/${e.supersedes}`] : []))));
  for (const index of editions()) {
    const filters = { ruleset: [index.ruleset.title], edition: [index.edition.title] };
    const edition = `${index.ruleset.title} ${index.edition.id}`;
    const place = { editionId: index.edition.id, superseded: superseded.has(`${index.ruleset.id}/${index.edition.id}`) };
    for (const [id, p] of Object.entries(index.paragraphs)) {
      const url = hrefOf(index, id);
      const chapter = index.documents.find((d) => d.slug === p.document);
      if (!url || !chapter) continue;
      mergeable.push({
        ...place,
        record: {
          url,
          content: p.text,
          language: "en",
          meta: { title: paragraphLabel(index, id), chapter: chapter.heading, edition, id, kind: "paragraph" },
          filters,
        },
      });
    }
    for (const chart of index.charts) {
      const chapter = index.documents.find((d) => d.slug === chart.document);
      if (!chart.document || !chapter) continue;
      mergeable.push({
        ...place,
        record: {
          url: chartHrefOf(index, chart.id)!,
          // Words a reader reads and the chart's names, not its id (a snippet shows the content).
          content: `${chart.caption}.${chart.names.map((name) => ` ${name}.`).join("")}\n${chart.text}`,
          language: "en",
          meta: { title: `Chart: ${chart.caption}`, chapter: chapter.heading, edition, id: chart.id, kind: "chart", ...chartNameMeta(chart.names, chart.caption) },
          filters,
        },
      });
    }
    for (const procedure of index.procedures) {
      const schemaFile = join(root, "generated", index.ruleset.id, index.edition.id, procedure.schema);
      const schema = existsSync(schemaFile) ? (JSON.parse(readFileSync(schemaFile, "utf8")) as { properties?: Record<string, { title?: string; description?: string }> }) : {};
      const inputs = Object.values(schema.properties ?? {}).map((p) => [p.title, p.description].filter(Boolean).join(": "));
      records.push({
        url: calculatorPath(index, procedure.name),
        content: `${procedure.title} calculator. ${procedure.name.replace(/_/g, " ")}. Rule ${procedure.paragraph}. ${excerpt(index.paragraphs[procedure.paragraph]?.text ?? "", 200)} Inputs: ${inputs.join("; ")}.`,
        language: "en",
        meta: { title: `${procedure.title} calculator`, chapter: `Calculator for ${procedure.paragraph}`, edition, kind: "calculator" },
        filters,
      });
    }
  }
  for (const pair of editionPairs()) {
    const paragraphs = pair.report.text.map((c) => `${"to" in c ? c.to : c.from} ${c.title}`.trim());
    const answers = pair.report.behaviour.flatMap((p) => p.differences.map((d) => d.answer.replace(/_/g, " ")));
    records.push({
      url: pairPath(pair),
      content: `What changed from ${pair.from.edition.title} to ${pair.to.edition.title}. Changes between editions, differences. Changed paragraphs: ${paragraphs.join(", ") || "none"}. Changed answers: ${answers.join(", ") || "none"}.`,
      language: "en",
      meta: { title: `What changed from ${pair.from.edition.id} to ${pair.to.edition.id}`, chapter: "Changes between editions", edition: `${pair.to.ruleset.title} ${pair.to.edition.id}`, kind: "changes" },
      filters: { ruleset: [pair.to.ruleset.title], edition: [pair.to.edition.title] },
    });
  }
  return [...mergeEditions(mergeable), ...records];
}

/**
 * One record for each paragraph or chart, however many editions of its ruleset read
 * it the same (same text, label and chapter): its filters name every such edition,
 * so a search in any of them finds it, and a search of every rulebook lists it once,
 * named by all of them. `meta.places` says where each edition has it (its filter
 * title, its name, its URL), for search-ui.ts to link a reader to the edition being
 * read; the record's own URL is that of an edition no other supersedes.
 * (The OCS paragraphs read the same in 4.3 and in 4.3 with the errata but for the
 * few the errata change: one record each instead of two, half the index to build.)
 */
function mergeEditions(records: EditionRecord[]): SearchRecord[] {
  const groups = new Map<string, EditionRecord[]>();
  for (const r of records) {
    const { edition: _edition, ...meta } = r.record.meta;
    const key = JSON.stringify([r.record.filters.ruleset, r.record.content, r.record.language, meta]);
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  return [...groups.values()].map((group) => {
    if (group.length === 1) return group[0].record;
    const main = group.find((r) => !r.superseded) ?? group[0];
    const [ruleset] = main.record.filters.ruleset;
    const places: SearchPlace[] = group.map(({ record }) => [record.filters.edition[0], record.meta.edition, record.url]);
    return {
      ...main.record,
      meta: { ...main.record.meta, edition: `${ruleset} ${group.map((r) => r.editionId).join(", ")}`, places: JSON.stringify(places) },
      filters: { ruleset: [ruleset], edition: places.map(([edition]) => edition) },
    };
  });
}

/**
 * Starts indexing: the records come from generated/, not from the built pages, so
 * Pagefind (a process of its own) indexes them and writes the index into a folder
 * of its own while the site is being built; `write` moves it into `dir`/pagefind
 * once the site is there. Any error is reported by `write`.
 */
export function indexSearch(): { write(dir: string): Promise<number> } {
  const records = searchRecords();
  const staging = mkdtempSync(join(tmpdir(), "hexlaw-pagefind-"));
  // Not left behind when the build fails before `write`.
  process.once("exit", () => rmSync(staging, { recursive: true, force: true }));
  const written = (async () => {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: "en" });
    if (!index) throw new Error(`Pagefind: ${errors.join("; ")}`);
    // All records sent at once (Pagefind's service answers each by its message id), not one round trip each.
    const added = await Promise.all(records.map((record) => index.addCustomRecord(record)));
    added.forEach(({ errors }, i) => {
      if (errors.length > 0) throw new Error(`Pagefind could not index ${records[i].url}: ${errors.join("; ")}`);
    });
    const files = await index.writeFiles({ outputPath: staging });
    if (files.errors.length > 0) throw new Error(`Pagefind could not write the index: ${files.errors.join("; ")}`);
    await pagefind.close();
  })();
  written.catch(() => undefined); // awaited, and so reported, by write()
  return {
    async write(dir: string): Promise<number> {
      try {
        await written;
        const target = join(dir, "pagefind");
        rmSync(target, { recursive: true, force: true });
        try {
          renameSync(staging, target);
        } catch {
          // Another file system (the temporary folder's): copied instead.
          cpSync(staging, target, { recursive: true });
        }
        return records.length;
      } finally {
        rmSync(staging, { recursive: true, force: true });
      }
    },
  };
}

/** Indexes and writes the index into `dir`/pagefind (the built site's folder); the number of records. */
export function buildSearchIndex(dir = resolve(root, outDir)): Promise<number> {
  return indexSearch().write(dir);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  buildSearchIndex().then((count) => {
    process.stdout.write(`Indexed ${count} search records in ${Math.round(performance.now() - started)} ms → ${join(resolve(root, outDir), "pagefind")}\n`);
  }, (error: unknown) => {
    process.stderr.write(`Search index failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
