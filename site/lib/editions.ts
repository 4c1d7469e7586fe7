// Editions of a ruleset side by side: the changes reports the compiler wrote
// (generated/<ruleset>/<edition>/changes-from-<older>.json), which paragraph of one
// edition is which paragraph of another, and where a reader lands when a paragraph
// is not there. Ids and renumberings come from the reports; nothing is re-derived.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { changesFile } from "../../compiler/diff/changes-file.ts";
import type { EditionDiff } from "../../compiler/diff/types.ts";
import { indexLookups } from "../../compiler/markdown/index-lookups.ts";
import { calculatorConfig, encodeFragment, engineKey, readJson } from "../../compiler/markdown/rulebook-context.ts";
import { chapterPath, corpus, edition, editionPath, hrefOf, root, type RuleIndex } from "./corpus.ts";
import { base } from "./base.ts";

export type { EditionDiff };

/** The changes report from `from` to `to`, when the compiler wrote one (`to` supersedes `from`). */
function changesReport(ruleset: string, from: string, to: string): EditionDiff | null {
  const file = join(root, "generated", changesFile(ruleset, from, to));
  return existsSync(file) ? readJson<EditionDiff>(file) : null;
}

/** The other editions of an edition's ruleset, in the order index.json lists them. */
export function siblings(index: RuleIndex): RuleIndex[] {
  const ruleset = corpus().rulesets.find((r) => r.id === index.ruleset.id);
  return (ruleset?.editions ?? []).filter((e) => e.id !== index.edition.id).map((e) => edition(index.ruleset.id, e.id));
}

export interface EditionPair {
  ruleset: string;
  from: RuleIndex;
  to: RuleIndex;
  report: EditionDiff;
}

/** Every pair of editions with a changes report: each edition and the one it supersedes. */
export function editionPairs(): EditionPair[] {
  return corpus().rulesets.flatMap((r) =>
    r.editions.flatMap((e) => {
      const report = e.supersedes ? changesReport(r.id, e.supersedes, e.id) : null;
      return report && e.supersedes ? [{ ruleset: r.id, from: edition(r.id, e.supersedes), to: edition(r.id, e.id), report }] : [];
    }),
  );
}

/** The pairs an edition is part of (as the older or the newer edition). */
export function pairsOf(index: RuleIndex): EditionPair[] {
  return editionPairs().filter((p) => p.ruleset === index.ruleset.id && (p.from.edition.id === index.edition.id || p.to.edition.id === index.edition.id));
}

/** The report between two editions, whichever is the newer. */
export function pairBetween(a: RuleIndex, b: RuleIndex): EditionPair | undefined {
  return pairsOf(a).find((p) => p.from.edition.id === b.edition.id || p.to.edition.id === b.edition.id);
}

/** The changes page's name for a pair: `second-front..later`. */
export const pairSlug = (pair: EditionPair) => `${pair.from.edition.id}..${pair.to.edition.id}`;
export const pairPath = (pair: EditionPair) => `${base}${pair.ruleset}/changes/${pairSlug(pair)}/`;

/**
 * A report's paragraph changes by the ids they name (the first of each, as a search in order
 * would find): looked up once per paragraph of an edition, a search of every change made a
 * build quadratic in the size of two editions of one ruleset.
 */
interface ReportChanges {
  /** Renumbered or removed, by the older edition's id. */
  fromOlder: Map<string, EditionDiff["text"][number]>;
  /** Renumbered or added, by the newer edition's id. */
  toNewer: Map<string, EditionDiff["text"][number]>;
  /** Any change naming an id of the older, or of the newer, edition. */
  from: Map<string, EditionDiff["text"][number]>;
  to: Map<string, EditionDiff["text"][number]>;
  /** Added, by the newer edition's id; removed, by the older's. */
  added: Map<string, EditionDiff["text"][number]>;
  removed: Map<string, EditionDiff["text"][number]>;
}

const changesOf = new WeakMap<EditionDiff, ReportChanges>();

function reportChanges(report: EditionDiff): ReportChanges {
  let changes = changesOf.get(report);
  if (!changes) {
    changes = { fromOlder: new Map(), toNewer: new Map(), from: new Map(), to: new Map(), added: new Map(), removed: new Map() };
    const first = <K, V>(map: Map<K, V>, key: K, value: V) => map.has(key) || map.set(key, value);
    for (const change of report.text) {
      if ("from" in change) first(changes.from, change.from, change);
      if ("to" in change) first(changes.to, change.to, change);
      if (change.kind === "renumbered" || change.kind === "removed") first(changes.fromOlder, change.from, change);
      if (change.kind === "renumbered" || change.kind === "added") first(changes.toNewer, change.to, change);
      if (change.kind === "added") first(changes.added, change.to, change);
      if (change.kind === "removed") first(changes.removed, change.from, change);
    }
    changesOf.set(report, changes);
  }
  return changes;
}

/** One step of a correspondence: a paragraph id of one edition to the next edition's, or null when it has none. */
function step(report: EditionDiff, forward: boolean, id: string, target: RuleIndex): string | null {
  const { fromOlder, toNewer } = reportChanges(report);
  const change = forward ? fromOlder.get(id) : toNewer.get(id);
  if (change?.kind === "renumbered") return forward ? change.to : change.from;
  if (change) return null;
  return id in target.paragraphs ? id : null;
}

type Route = { report: EditionDiff; forward: boolean; next: RuleIndex }[];

/**
 * What is worked out once per pair of editions, by their rule index objects (read
 * again, as new objects, only when generated/ changes): every chapter page of an
 * edition asks of every other edition, so each pair's answer is kept.
 */
function perPair<T>(make: (from: RuleIndex, to: RuleIndex) => T): (from: RuleIndex, to: RuleIndex) => T {
  const known = new WeakMap<RuleIndex, WeakMap<RuleIndex, T>>();
  return (from, to) => {
    let byTarget = known.get(from);
    if (!byTarget) known.set(from, (byTarget = new WeakMap()));
    if (!byTarget.has(to)) byTarget.set(to, make(from, to));
    return byTarget.get(to)!;
  };
}

/** The editions between two editions of a ruleset, following the reports (breadth first). */
const route = perPair(findRoute);

function findRoute(from: RuleIndex, to: RuleIndex): Route | null {
  const pairs = editionPairs().filter((p) => p.ruleset === from.ruleset.id);
  const seen = new Map<string, Route>([[from.edition.id, []]]);
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift()!;
    const path = seen.get(at.edition.id)!;
    if (at.edition.id === to.edition.id) return path;
    for (const pair of pairs) {
      const forward = pair.from.edition.id === at.edition.id;
      const backward = pair.to.edition.id === at.edition.id;
      if (!forward && !backward) continue;
      const next = forward ? pair.to : pair.from;
      if (seen.has(next.edition.id)) continue;
      seen.set(next.edition.id, [...path, { report: pair.report, forward, next }]);
      queue.push(next);
    }
  }
  return null;
}

/**
 * The paragraph of `to` that is paragraph `id` of `from`: the same id, or its new
 * number where a report says it was renumbered; null when a report says it was
 * added or removed, or `to` has no such paragraph.
 */
export function counterpart(from: RuleIndex, to: RuleIndex, id: string): string | null {
  const path = route(from, to);
  if (!path) return id in to.paragraphs ? id : null;
  let current: string | null = id;
  for (const { report, forward, next } of path) {
    if (current === null) return null;
    current = step(report, forward, current, next);
  }
  return current;
}

/** Id of the note, on the page a reader lands on, saying that a paragraph of `from` is not in this edition. */
const absentId = (from: RuleIndex, id: string) => `absent-${from.edition.id}-${id}`;

/** Landings already worked out, per pair of editions and paragraph. */
const landings = perPair(() => new Map<string, { href: string; found: boolean }>());

/** Where a reader of paragraph `id` of `from` lands in `to`: the paragraph, or a page that says it is not there. */
export function landing(from: RuleIndex, to: RuleIndex, id: string): { href: string; found: boolean } {
  const known = landings(from, to);
  let where = known.get(id);
  if (!where) known.set(id, (where = findLanding(from, to, id)));
  return where;
}

function findLanding(from: RuleIndex, to: RuleIndex, id: string): { href: string; found: boolean } {
  const there = counterpart(from, to, id);
  if (there !== null) {
    const href = to.paragraphs[there]?.kind === "chapter" ? chapterPath(to, to.paragraphs[there].document!) : hrefOf(to, there);
    if (href) return { href, found: true };
  }
  return { href: `${absentPage(from, to, id)}#${encodeFragment(absentId(from, id))}`, found: false };
}

/** The page of `to` that tells a reader paragraph `id` of `from` is missing: its chapter's counterpart, else the contents. */
function absentPage(from: RuleIndex, to: RuleIndex, id: string): string {
  const slug = from.paragraphs[id]?.document;
  const section = slug ? indexLookups(from).document(slug)?.section : undefined;
  const chapter = section ? counterpart(from, to, section) : null;
  const landed = chapter ? to.paragraphs[chapter]?.document : undefined;
  const document = landed ? indexLookups(to).document(landed) : undefined;
  return document ? chapterPath(to, document.slug) : editionPath(to);
}

export interface AbsentNote {
  id: string;
  /** The edition the paragraph is in. */
  from: RuleIndex;
  paragraph: string;
  /** Where it is in its own edition. */
  href: string;
  /** "added in later", "removed in later" … when a report says so. */
  change: string | null;
  changes: string | null;
}

/** Notes for the paragraphs of other editions that are not in `index` and whose readers land on `page`. */
export function absentNotes(index: RuleIndex, page: string): AbsentNote[] {
  return siblings(index).flatMap((other) => absentNotesByPage(other, index).get(page) ?? []);
}

/**
 * The notes for the paragraphs of `other` that are not in `index`, by the page of `index`
 * their readers land on: worked out once per pair, not once per page.
 */
const absentNotesByPage = perPair((other: RuleIndex, index: RuleIndex) => {
  const pages = new Map<string, AbsentNote[]>();
  const pair = pairBetween(index, other);
  // Added in the newer edition, or removed from it: what the report says of this paragraph.
  const newer = pair?.to.edition.id === other.edition.id;
  const changes = pair ? reportChanges(pair.report) : null;
  for (const [id, paragraph] of Object.entries(other.paragraphs)) {
    const where = landing(other, index, id);
    if (where.found) continue;
    const change = newer ? changes?.added.get(id) : changes?.removed.get(id);
    const page = where.href.slice(0, where.href.indexOf("#"));
    const notes = pages.get(page) ?? [];
    if (notes.length === 0) pages.set(page, notes);
    notes.push({
      id: absentId(other, id),
      from: other,
      paragraph: id,
      href: paragraph.kind === "chapter" ? chapterPath(other, paragraph.document!) : (hrefOf(other, id) ?? editionPath(other)),
      change: change && pair ? `${change.kind} in ${pair.to.edition.id}` : null,
      changes: pair ? `${pairPath(pair)}${change ? `#${encodeFragment(textChangeId(change))}` : ""}` : null,
    });
  }
  return pages;
});

/** Anchor of a paragraph change on the changes page: by its number in the newer edition (a removed one's may be taken). */
export function textChangeId(change: EditionDiff["text"][number]): string {
  return change.kind === "removed" ? `text-removed-${change.from}` : `text-${change.to}`;
}

/** What the edition switcher of a chapter offers for each other edition: the chapter there, and every paragraph's landing. */
export function switchTargets(index: RuleIndex, slug: string) {
  const document = indexLookups(index).document(slug)!;
  return siblings(index).map((other) => {
    const chapter = landing(index, other, document.section);
    const landings = document.paragraphs.map((id) => [id, landing(index, other, id)] as const);
    const pair = pairBetween(index, other);
    const newer = pair?.to.edition.id === index.edition.id;
    // Where the changes page speaks of a paragraph of this chapter.
    const changed = (id: string) => (pair ? (newer ? reportChanges(pair.report).to : reportChanges(pair.report).from).get(id) : undefined);
    return {
      edition: other.edition.id,
      title: other.edition.title,
      chapter: chapter.href,
      changes: pair ? pairPath(pair) : null,
      changed: Object.fromEntries(document.paragraphs.flatMap((id) => {
        const change = changed(id);
        return change && pair ? [[id, `${pairPath(pair)}#${encodeFragment(textChangeId(change))}`]] : [];
      })),
      paragraphs: Object.fromEntries(landings.map(([id, where]) => [id, where.href])),
      found: Object.fromEntries(landings.map(([id, where]) => [id, where.found])),
    };
  });
}

/**
 * What a calculator needs to compare editions: for each edition of the ruleset with
 * a procedure of the same name, its title and calculator config. Empty when no
 * other edition has one, unless `everyCalculator`: a chapter's calculator cards carry no
 * config of their own, so a chapter lists its own edition's calculators too.
 */
export function calculatorEditions(index: RuleIndex, procedures: readonly string[], everyCalculator = false) {
  const data: Record<string, { edition: string; title: string; config: ReturnType<typeof calculatorConfig> }> = {};
  const all = [index, ...siblings(index)];
  for (const name of procedures) {
    const having = all.filter((e) => e.procedures.some((p) => p.name === name));
    if (having.length < 2 && !everyCalculator) continue;
    for (const e of having) data[engineKey(e, name)] = { edition: e.edition.id, title: e.edition.title, config: calculatorConfig(e, name, base) };
  }
  return data;
}
