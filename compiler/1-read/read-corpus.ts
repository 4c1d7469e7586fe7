import { readdirSync, realpathSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { DocumentCache } from "../cache.ts";
import { linksLeaving, resolveInside } from "../containment.ts";
import { Session } from "../diagnostics/session.ts";
import { checkMarkup } from "./check-markup.ts";
import { checkLinks } from "./check-links.ts";
import { reportEditionCycles } from "./edition-cycles.ts";
import { findBlocks } from "./find-blocks.ts";
import { findCharts, lendChartWords } from "./find-charts.ts";
import { applyErrata } from "./apply-errata.ts";
import { amendTree, findAmendments, NOT_HERE } from "./amendments.ts";
import { findEmbeds } from "./find-embeds.ts";
import { checkFigures } from "./figure-file.ts";
import { findParagraphs } from "./find-paragraphs.ts";
import { publishNumbering } from "../formats/numbering.ts";
import { findReferences } from "./find-references.ts";
import { EMPTY_NUMBERING, fieldValuePlace, mapKeyPlaces, readMarks, readNumbering, readRelease, readSources, readYaml, stringField } from "./load-metadata.ts";
import { readFrontMatter } from "./read-front-matter.ts";
import { firstLine, readSource } from "./read-source.ts";
import { SharedParses } from "./shared-parses.ts";
import { SourcePlaces } from "./source-places.ts";
import { nameProblem, type NameKind } from "../url-policy.ts";
import type { Amendment, Corpus, Edition, RuleDocument, Ruleset } from "./types.ts";

/** Where to read, and how file names are shown in diagnostics. */
export interface ReadOptions {
  /** Repository root: documents are read from its rules/, file names in diagnostics are relative to it. */
  root: string;
  /** Parsed documents from an earlier run, by content (see compiler/cache.ts). */
  cache?: DocumentCache;
  /**
   * Text an editor holds but has not saved, by file relative to the root (`rules/…`): read
   * instead of what is on disk, for a file that is there (see compiler/workspace.ts).
   */
  unsaved?: ReadonlyMap<string, string>;
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
  // Every link in rules/ that leads out of it, at any depth, read by the compiler or not: the site
  // publishes only what documents show, but nothing of the corpus may stand for a file elsewhere.
  const leaving = linksLeaving(rulesDir, rulesReal);
  for (const { entry, target } of leaving) {
    const file = relative(options.root, entry.path);
    session.report("HX0016", { file, target }, firstLine(file));
  }
  const read = (path: string): SourcePlaces | null => {
    const places = readSource(path, relative(options.root, path), rulesReal, session, options.unsaved);
    if (places) sources.set(places.file, places.text);
    return places;
  };
  /** The folders of `dir` that stay inside rules/; one that leads outside is reported above, and not followed. */
  const folders = (dir: string): string[] => subfolders(dir).filter((name) => resolveInside(join(dir, name), rulesReal).real !== undefined);
  const reading: Reading = { cache: options.cache, parses: new SharedParses() };

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
    const metas = folders(rulesetDir).flatMap((editionId) => {
      const meta = readEditionMeta(join(rulesetDir, editionId), ruleset.id, editionId, read, session);
      return meta ? [meta] : [];
    });
    // An edition that extends another is read after it, from its chapters.
    for (const meta of baseFirst(metas, session)) {
      const base = meta.edition.extends ? ruleset.editions.find((e) => e.id === meta.edition.extends) : undefined;
      const edition = readEdition(meta, base, read, sources, reading, session);
      ruleset.editions.push(edition);
    }
    ruleset.editions.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    rulesets.push(ruleset);
  }
  return { root: options.root, rulesets, sources };
}

/** How chapters are read: from the cache of earlier builds when it has them, parsing what editions share once. */
interface Reading {
  cache: DocumentCache | undefined;
  parses: SharedParses;
}

/** An edition's metadata as read from its edition.yaml, before its chapters. */
interface EditionMeta {
  dir: string;
  edition: Edition;
  places: SourcePlaces;
  /** `numbering` is not given: an extending edition takes its base's. */
  ownNumbering: boolean;
}

function readEditionMeta(dir: string, rulesetId: string, editionId: string, read: (path: string) => SourcePlaces | null, session: Session): EditionMeta | null {
  const places = read(join(dir, "edition.yaml"));
  const yaml = places && readYaml(places, session);
  if (!places || !yaml) return null;
  checkName(editionId, "edition", places, session);
  const outside = (yaml.outside ?? {}) as Record<string, unknown>;
  const extending = stringField(yaml, "extends", places, session, false);
  const ownNumbering = !extending || yaml.numbering !== undefined;
  const outsideKeys = mapKeyPlaces(places, "outside");
  const edition: Edition = {
    ruleset: rulesetId,
    id: editionId,
    title: stringField(yaml, "title", places, session) ?? editionId,
    publisher: stringField(yaml, "publisher", places, session, false),
    date: stringField(yaml, "date", places, session, false),
    version: stringField(yaml, "version", places, session, false),
    supersedes: stringField(yaml, "supersedes", places, session, false),
    ...(extending ? { extends: extending } : {}),
    sources: readSources(yaml, places, session),
    release: readRelease(yaml, places, session),
    marks: readMarks(yaml, places, session),
    numbering: ownNumbering ? readNumbering(yaml, places, session) : EMPTY_NUMBERING,
    outside: Object.fromEntries(Object.entries(outside).map(([key, value]) => [key, String(value)])),
    outsidePlaces: Object.fromEntries(Object.keys(outside).map((key) => [key, outsideKeys.get(key) ?? places.span(0, 0)])),
    file: places.file,
    documents: [],
  };
  return { dir, edition, places, ownNumbering };
}

/**
 * The editions in an order where each extended edition comes before the editions that
 * extend it. One that extends an edition the ruleset does not have (HX0007), or itself
 * through a circle (HX0008), is reported and read as an edition of its own.
 */
function baseFirst(metas: EditionMeta[], session: Session): EditionMeta[] {
  const byId = new Map(metas.map((m) => [m.edition.id, m]));
  const extended = (id: string) => byId.get(id)?.edition.extends;
  for (const cycle of reportEditionCycles([...byId.keys()], "extends", extended, (id) => byId.get(id)!.places, session)) delete byId.get(cycle[0])!.edition.extends;
  const ordered: EditionMeta[] = [];
  const placed = new Set<string>();
  const visit = (meta: EditionMeta) => {
    if (placed.has(meta.edition.id)) return;
    placed.add(meta.edition.id);
    const target = meta.edition.extends;
    if (target !== undefined) {
      const base = byId.get(target);
      if (!base) {
        session.report("HX0007", { edition: meta.edition.id, target, problem: "which is not an edition of this ruleset" }, fieldValuePlace(meta.places, "extends"));
        delete meta.edition.extends;
      } else visit(base);
    }
    ordered.push(meta);
  };
  for (const meta of metas) visit(meta);
  return ordered;
}

function readEdition(
  meta: EditionMeta,
  base: Edition | undefined,
  read: (path: string) => SourcePlaces | null,
  sources: Map<string, string>,
  reading: Reading,
  session: Session,
): Edition {
  const { dir, edition, places } = meta;
  if (base && !meta.ownNumbering) edition.numbering = base.numbering;
  if (base && Object.keys(edition.outside).length === 0) [edition.outside, edition.outsidePlaces] = [base.outside, base.outsidePlaces];
  if (base && Object.keys(edition.marks).length === 0) edition.marks = base.marks;
  // What a chapter is read with besides its own text: the edition.yaml and the numbering actually
  // used, which an extending edition without `numbering:` takes from its base's edition.yaml.
  const editionKey = `${places.text}\0${JSON.stringify(publishNumbering(edition.numbering))}`;
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".md")).sort()) {
    const docPlaces = read(join(dir, name));
    if (!docPlaces) continue;
    const document = readChapter(docPlaces, edition, editionKey, reading, session);
    if (!document) continue;
    // Not cached with the document: whether a figure's file is there is not in the document's text.
    checkFigures(document, join(dir, name), docPlaces.text, session);
    edition.documents.push(document);
  }
  const amendments = edition.documents.flatMap((d) => d.amends);
  if (!base) {
    for (const amendment of amendments) session.report("HX0114", { problem: `${edition.ruleset} ${edition.id} extends no edition (\`extends:\` in its edition.yaml), so there is nothing to amend` }, amendment.place);
  } else {
    edition.documents.push(...inheritDocuments(edition, base, amendments, editionKey, sources, reading, session));
  }
  edition.documents.sort((a, b) => a.front.order - b.front.order || (a.file < b.file ? -1 : 1));
  reportDuplicateSlugs(edition.documents, sources, session);
  return edition;
}

/**
 * The chapters an extending edition takes from the edition it extends: each read again from
 * the base's file as a chapter of this edition, with the amendments that name one of its
 * paragraphs applied to it. Their other diagnostics are the base's own (already reported);
 * an amendment whose paragraph the base does not have (HX0112), whose printed words its
 * paragraph does not print once (HX0113), or whose chapter the edition replaces with one of
 * its own (HX0114) is reported at the amendment.
 */
function inheritDocuments(
  edition: Edition,
  base: Edition,
  amendments: Amendment[],
  editionKey: string,
  sources: Map<string, string>,
  reading: Reading,
  session: Session,
): RuleDocument[] {
  // The chapter of the base that holds each paragraph id or heading anchor (the first, as documents are in order).
  const holders = new Map<string, RuleDocument>();
  for (const d of base.documents) for (const name of [...d.paragraphs.map((p) => p.id), ...d.headings.map((h) => h.anchor)]) if (!holders.has(name)) holders.set(name, d);
  const amendmentsOf = new Map<RuleDocument, Amendment[]>();
  for (const amendment of amendments) {
    const holder = holders.get(amendment.paragraph);
    if (!holder) session.report("HX0112", { paragraph: amendment.paragraph, edition: `${base.ruleset} ${base.id}` }, amendment.place);
    else if (amendmentsOf.has(holder)) amendmentsOf.get(holder)!.push(amendment);
    else amendmentsOf.set(holder, [amendment]);
  }
  const ownBySlug = new Map<string, RuleDocument>();
  for (const d of edition.documents) if (!ownBySlug.has(d.front.slug.toLowerCase())) ownBySlug.set(d.front.slug.toLowerCase(), d);
  const inherited: RuleDocument[] = [];
  for (const from of base.documents) {
    const own = amendmentsOf.get(from) ?? [];
    // A chapter of the extending edition's own with the same slug replaces the base's: its amendments would correct nothing.
    const replacing = ownBySlug.get(from.front.slug.toLowerCase());
    if (replacing) {
      for (const amendment of own) session.report("HX0114", { problem: `${amendment.paragraph} is in ${from.file}, which this edition does not take: its own ${replacing.file} replaces that chapter (correct the text there)` }, amendment.place);
      continue;
    }
    const text = sources.get(from.file) ?? "";
    const places = new SourcePlaces(from.file, text);
    const inherit = { edition: base.id, amendments: own };
    const key = `${editionKey}\0${base.id}\0${JSON.stringify(own)}`;
    const quiet = new Session();
    const document = readChapter(places, edition, key, reading, quiet, inherit);
    // Only the amendments' own problems: everything else about the text is the base's to report.
    session.diagnostics.push(...quiet.diagnostics.filter((d) => d.code === "HX0113"));
    if (document) inherited.push(document);
  }
  return inherited;
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

/** A chapter from the cache (replaying its diagnostics), or read now (and cached, if there is a cache). */
function readChapter(places: SourcePlaces, edition: Edition, editionKey: string, { cache, parses }: Reading, session: Session, inherit?: RuleDocument["inherited"]): RuleDocument | null {
  if (!cache) return readDocument(places, edition, parses, session, inherit);
  const key = DocumentCache.key(places.file, places.text, editionKey);
  const cached = cache.get(key);
  if (cached) {
    session.diagnostics.push(...cached.diagnostics);
    return cached.document;
  }
  const own = new Session();
  const document = readDocument(places, edition, parses, own, inherit);
  session.diagnostics.push(...own.diagnostics);
  if (document) cache.set(key, { document, diagnostics: own.diagnostics });
  return document;
}

/** Reads one chapter. Everything found is local to the document; phase 2 links documents. */
function readDocument(places: SourcePlaces, edition: Edition, parses: SharedParses, session: Session, inherit?: RuleDocument["inherited"]): RuleDocument | null {
  if (!checkMarkup(places, session)) return null;
  // Amendments rewrite the tree: such a chapter has its own.
  const amended = inherit !== undefined && inherit.amendments.length > 0;
  const tree = parses.tree(places.text, places.file, amended);
  const printed = readFrontMatter(tree, places, session);
  if (!printed) return null;
  const unsafeSlug = nameProblem(printed.slug, "slug");
  if (unsafeSlug !== null) session.report("HX0018", { what: "The slug", name: printed.slug, reason: unsafeSlug }, fieldValuePlace(places, "slug"));
  for (const [field, expected] of [["ruleset", edition.ruleset], ["edition", inherit?.edition ?? edition.id]] as const) {
    if (printed[field] !== expected) {
      const at = places.find(`${field}:`, 0) ?? places.span(0, 0);
      session.report("HX0004", { field, value: printed[field], folder: `${edition.ruleset}/${expected}` }, at);
    }
  }
  // A chapter taken from the extended edition is this edition's, with its amendments applied.
  const front = inherit ? { ...printed, edition: edition.id } : printed;
  if (amended) {
    for (const { amendment, reason } of amendTree(tree, inherit.amendments, findParagraphs(tree, front, edition.numbering, places))) {
      if (reason !== NOT_HERE) session.report("HX0113", { paragraph: amendment.paragraph, printed: amendment.printed ?? "", reason }, amendment.place);
    }
  }
  checkLinks(tree, places, session);
  const { paragraphs, owner, headings, misfits, leadErrata } = findParagraphs(tree, front, edition.numbering, places);
  for (const misfit of misfits) {
    const start = misfit.node.position?.start.offset ?? 0;
    const at = places.find(misfit.text, start) ?? places.span(start, start + 1);
    session.report("HX0110", { text: misfit.text, edition: `${edition.ruleset} ${edition.id}`, paragraph: misfit.paragraph }, at);
  }
  const charts = findCharts(tree, owner, places, session);
  lendChartWords(paragraphs, charts);
  return {
    file: places.file,
    front,
    paragraphs,
    references: applyErrata(tree, owner, findReferences(owner, tree, front, edition.numbering, places, session), places, session, leadErrata),
    charts,
    blocks: findBlocks(tree, owner, places, session, (text, origin) => parses.rulesBlock(text, origin)),
    embeds: findEmbeds(tree, owner, places),
    headings,
    amends: findAmendments(tree, owner, paragraphs[0]?.title ?? front.title, places, session),
    ...(inherit ? { inherited: inherit } : {}),
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
