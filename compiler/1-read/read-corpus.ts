import { readdirSync, realpathSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { DocumentCache } from "../cache.ts";
import { Session } from "../diagnostics/session.ts";
import { parseMarkdown } from "../markdown/parse-markdown.ts";
import { checkLinks } from "./check-links.ts";
import { findBlocks } from "./find-blocks.ts";
import { findCharts } from "./find-charts.ts";
import { applyErrata } from "./apply-errata.ts";
import { findEmbeds } from "./find-embeds.ts";
import { checkFigures } from "./figure-file.ts";
import { findParagraphs } from "./find-paragraphs.ts";
import { findReferences } from "./find-references.ts";
import { fieldValuePlace, readNumbering, readSources, readYaml, stringField } from "./load-metadata.ts";
import { readFrontMatter } from "./read-front-matter.ts";
import { firstLine, isInside, readSource } from "./read-source.ts";
import { SourcePlaces } from "./source-places.ts";
import { nameProblem, type NameKind } from "../url-policy.ts";
import type { Place } from "../diagnostics/diagnostic.ts";
import type { Corpus, Edition, RuleDocument, Ruleset } from "./types.ts";

/** Where to read, and how file names are shown in diagnostics. */
export interface ReadOptions {
  /** Repository root: documents are read from its rules/, file names in diagnostics are relative to it. */
  root: string;
  /** Parsed documents from an earlier run, by content (see compiler/cache.ts). */
  cache?: DocumentCache;
}

/** Phase 1: reads rules/ — metadata, chapters, paragraphs, references, charts and rules blocks. */
export function readCorpus(options: ReadOptions, session: Session): Corpus {
  const rulesDir = join(options.root, "rules");
  const sources = new Map<string, string>();
  const rulesets: Ruleset[] = [];
  let rulesReal: string;
  try {
    rulesReal = realpathSync(rulesDir);
    if (!statSync(rulesReal).isDirectory()) throw new Error("not a folder");
  } catch (error) {
    // Building nothing would delete every engine of generated/.
    session.report("HX0019", { reason: (error as NodeJS.ErrnoException).code === "ENOENT" ? "there is none" : "it is a file, not a folder" }, firstLine("rules"));
    return { root: options.root, rulesets, sources };
  }
  const read = (path: string): SourcePlaces | null => {
    const places = readSource(path, relative(options.root, path), rulesReal, session);
    if (places) sources.set(places.file, places.text);
    return places;
  };
  /** The folders of `dir` that stay inside rules/; a link that leads outside is reported, not followed. */
  const folders = (dir: string): string[] =>
    subfolders(dir).filter((name) => {
      const real = realpathSync(join(dir, name));
      if (isInside(real, rulesReal)) return true;
      session.report("HX0016", { file: relative(options.root, join(dir, name)), target: real }, firstLine(relative(options.root, join(dir, name))));
      return false;
    });

  for (const rulesetId of folders(rulesDir)) {
    const rulesetDir = join(rulesDir, rulesetId);
    const places = read(join(rulesetDir, "ruleset.yaml"));
    const yaml = places && readYaml(places, session);
    if (!places || !yaml) continue;
    checkName(rulesetId, "ruleset", places, session);
    const ruleset: Ruleset = {
      id: rulesetId,
      title: stringField(yaml, "title", places, session) ?? rulesetId,
      publisher: stringField(yaml, "publisher", places, session, false),
      description: stringField(yaml, "description", places, session, false),
      file: places.file,
      editions: [],
    };
    for (const editionId of folders(rulesetDir)) {
      const edition = readEdition(join(rulesetDir, editionId), ruleset.id, editionId, read, sources, options.cache, session);
      if (edition) ruleset.editions.push(edition);
    }
    rulesets.push(ruleset);
  }
  return { root: options.root, rulesets, sources };
}

function readEdition(
  dir: string,
  rulesetId: string,
  editionId: string,
  read: (path: string) => SourcePlaces | null,
  sources: Map<string, string>,
  cache: DocumentCache | undefined,
  session: Session,
): Edition | null {
  const places = read(join(dir, "edition.yaml"));
  const yaml = places && readYaml(places, session);
  if (!places || !yaml) return null;
  checkName(editionId, "edition", places, session);
  const outside = (yaml.outside ?? {}) as Record<string, unknown>;
  const edition: Edition = {
    ruleset: rulesetId,
    id: editionId,
    title: stringField(yaml, "title", places, session) ?? editionId,
    publisher: stringField(yaml, "publisher", places, session, false),
    date: stringField(yaml, "date", places, session, false),
    version: stringField(yaml, "version", places, session, false),
    supersedes: stringField(yaml, "supersedes", places, session, false),
    sources: readSources(yaml, places, session),
    numbering: readNumbering(yaml, places, session),
    outside: Object.fromEntries(Object.entries(outside).map(([key, value]) => [key, String(value)])),
    outsidePlaces: Object.fromEntries(Object.keys(outside).map((key) => [key, outsidePlace(places, key)])),
    file: places.file,
    documents: [],
  };
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".md")).sort()) {
    const docPlaces = read(join(dir, name));
    if (!docPlaces) continue;
    const document = cache ? readCached(docPlaces, edition, places.text, cache, session) : readDocument(docPlaces, edition, session);
    if (!document) continue;
    // Not cached with the document: whether a figure's file is there is not in the document's text.
    checkFigures(document, join(dir, name), docPlaces.text, session);
    edition.documents.push(document);
  }
  edition.documents.sort((a, b) => a.front.order - b.front.order || (a.file < b.file ? -1 : 1));
  reportDuplicateSlugs(edition.documents, sources, session);
  return edition;
}

/** A ruleset or edition folder's name goes into paths and URLs: report it at the metadata file's `id` if it cannot. */
function checkName(name: string, kind: NameKind, places: SourcePlaces, session: Session): void {
  const reason = nameProblem(name, kind);
  if (reason !== null) session.report("HX0018", { what: `The ${kind} folder`, name, reason }, fieldValuePlace(places, "id"));
}

/**
 * Two chapters of an edition with one slug would be one page of the site (and one
 * would silently replace the other); slugs are compared ignoring case, as some
 * file systems do.
 */
function reportDuplicateSlugs(documents: RuleDocument[], sources: Map<string, string>, session: Session): void {
  const first = new Map<string, RuleDocument>();
  for (const document of documents) {
    const key = document.front.slug.toLowerCase();
    const earlier = first.get(key);
    if (!earlier) {
      first.set(key, document);
      continue;
    }
    const at = (d: RuleDocument) => fieldValuePlace(new SourcePlaces(d.file, sources.get(d.file) ?? ""), "slug");
    session.report("HX0017", { slug: document.front.slug, other: earlier.file }, at(document), [{ message: `${earlier.file} has the slug \`${earlier.front.slug}\``, place: at(earlier) }]);
  }
}

/** A document from the cache (replaying its diagnostics), or read now and cached. */
function readCached(places: SourcePlaces, edition: Edition, editionText: string, cache: DocumentCache, session: Session): RuleDocument | null {
  const key = DocumentCache.key(places.file, places.text, editionText);
  const cached = cache.get(key);
  if (cached) {
    session.diagnostics.push(...cached.diagnostics);
    return cached.document;
  }
  const own = new Session();
  const document = readDocument(places, edition, own);
  session.diagnostics.push(...own.diagnostics);
  if (document) cache.set(key, { document, diagnostics: own.diagnostics });
  return document;
}

/** Reads one chapter. Everything found is local to the document; phase 2 links documents. */
function readDocument(places: SourcePlaces, edition: Edition, session: Session): RuleDocument | null {
  const tree = parseMarkdown(places.text, places.file);
  const front = readFrontMatter(tree, places, session);
  if (!front) return null;
  const unsafeSlug = nameProblem(front.slug, "slug");
  if (unsafeSlug !== null) session.report("HX0018", { what: "The slug", name: front.slug, reason: unsafeSlug }, fieldValuePlace(places, "slug"));
  for (const [field, expected] of [["ruleset", edition.ruleset], ["edition", edition.id]] as const) {
    if (front[field] !== expected) {
      const at = places.find(`${field}:`, 0) ?? places.span(0, 0);
      session.report("HX0004", { field, value: front[field], folder: `${edition.ruleset}/${edition.id}` }, at);
    }
  }
  checkLinks(tree, places, session);
  const { paragraphs, owner, headings, misfits, leadErrata } = findParagraphs(tree, front, edition.numbering, places);
  for (const misfit of misfits) {
    const start = misfit.node.position?.start.offset ?? 0;
    const at = places.find(misfit.text, start) ?? places.span(start, start + 1);
    session.report("HX0110", { text: misfit.text, edition: `${edition.ruleset} ${edition.id}`, paragraph: misfit.paragraph }, at);
  }
  return {
    file: places.file,
    front,
    paragraphs,
    references: applyErrata(tree, owner, findReferences(owner, tree, front, edition.numbering, places, session), places, session, leadErrata),
    charts: findCharts(tree, owner, places, session),
    blocks: findBlocks(tree, owner, places, session),
    embeds: findEmbeds(tree, owner, places),
    headings,
  };
}

function subfolders(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => !name.startsWith(".") && statSync(join(dir, name)).isDirectory())
      .sort();
  } catch {
    return [];
  }
}

/** The line of an `outside` entry in edition.yaml (`  "4.2": Fractions`), or the file's start. */
function outsidePlace(places: SourcePlaces, key: string): Place {
  const from = places.text.search(/^outside:/m);
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = from < 0 ? null : new RegExp(`^[ \\t]+(["']?${escaped}["']?)[ \\t]*:`, "m").exec(places.text.slice(from));
  if (!match) return places.span(0, 0);
  const start = from + match.index + match[0].indexOf(match[1]);
  return places.span(start, start + match[1].length);
}
