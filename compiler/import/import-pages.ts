import { copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readlinkSync, symlinkSync, writeFileSync, type Stats } from "node:fs";
import { dirname, join } from "node:path";
import { parse as parseYaml, stringify } from "yaml";
import { readNumbering, readYaml } from "../1-read/load-metadata.ts";
import { readSource } from "../1-read/read-source.ts";
import { SourcePlaces } from "../1-read/source-places.ts";
import type { Numbering } from "../1-read/types.ts";
import { realFolder, resolveInside, walk } from "../containment.ts";
import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.ts";
import { Session } from "../diagnostics/session.ts";
import { linked, recoverTree, swapTree } from "../generated-files.ts";
import { nameProblem } from "../url-policy.ts";
import { convertPages, type ConvertedPage } from "./convert.ts";
import { FIGURES_FOLDER } from "./figures.ts";
import { mergeDocument, type Conflict } from "./merge.ts";
import { readPages, SourceError, type HugoPages } from "./read-pages.ts";
import { segment } from "./segments.ts";

export interface ImportOptions {
  root: string;
  ruleset: string;
  edition: string;
  /** A Hugo pages folder or site, or a git directory. */
  source: string;
  /** The revision of a git directory to import (default HEAD). */
  revision?: string;
  /** The pages folder inside the source, when the one with the most pages is not it. */
  pagesPath?: string;
  /** The upstream the existing documents were imported from: a folder, or a revision of the git directory. */
  base?: string;
  /** The source's title for provenance, when the site's own title is not the one to show. */
  sourceTitle?: string;
}

/** What happened to one document. */
export interface DocumentReport {
  file: string;
  status: "created" | "merged" | "unchanged";
  updated: string[];
  added: string[];
  removed: string[];
}

export interface ImportResult {
  documents: DocumentReport[];
  /** Conflicts (and a bad edition.yaml), with places in the edition's documents. */
  diagnostics: Diagnostic[];
  /** Text of every document a diagnostic points into, for code frames. */
  sources: Map<string, string>;
}

/**
 * `hexlaw import`: converts the Hugo pages of `source` into rule documents of
 * rules/<ruleset>/<edition>/. A page whose document exists (same slug) is merged into
 * it paragraph by paragraph (see merge.ts), keeping its rules blocks and annotations;
 * a new page becomes a new document. The upstream revision each document was merged
 * from is recorded in its provenance, so the next import knows its base.
 *
 * Everything is read and converted first; then the edition's folder is replaced as a
 * whole by one with the new and merged files (as generated/ is), so an import that
 * fails, or is killed, leaves the folder as it was. A problem with the source or the
 * edition is a SourceError of one line, naming the file.
 */
export function importPages(options: ImportOptions): ImportResult {
  const edition = editionFolder(options);
  const numbering = editionNumbering(edition);
  const source = readPages(options.source, { revision: options.revision, pagesPath: options.pagesPath });
  const converted = convertPages(source, options.sourceTitle);
  reportDuplicatePages(converted);
  const existing = existingDocuments(edition);
  const bySlug = new Map<string, Existing>();
  for (const document of existing) if (!bySlug.has(document.slug)) bySlug.set(document.slug, document);
  const files = new Set(existing.map((d) => d.file));
  const bases = new Map<string, Map<string, ConvertedPage> | null>();
  const baseFor = (revision: string | undefined): Map<string, ConvertedPage> | null => {
    const key = options.base ?? revision ?? "";
    if (!key) return null;
    if (!bases.has(key)) bases.set(key, new Map(convertPages(readBase(options, source, key), options.sourceTitle).map((p) => [p.slug, p])));
    return bases.get(key)!;
  };

  const result: ImportResult = { documents: [], diagnostics: [], sources: new Map() };
  const writes = new Map<string, string | Uint8Array>();
  const createdBy = new Map<string, string>();
  for (const page of converted) {
    const found = bySlug.get(page.slug);
    if (!found) {
      if (files.has(page.file)) throw new SourceError(`${edition.rel}/${page.file} exists but is not the page ${page.slug} (its slug differs)`);
      const other = createdBy.get(page.file);
      if (other !== undefined) throw new SourceError(`the pages ${other} and ${page.slug} would both be written to ${edition.rel}/${page.file}: give one of them another slug upstream`);
      createdBy.set(page.file, page.slug);
      writes.set(page.file, documentText(options, page));
      result.documents.push({ file: page.file, status: "created", updated: [], added: [], removed: [] });
      continue;
    }
    const file = `${edition.rel}/${found.file}`;
    const upstreamText = documentText(options, page);
    const base = baseFor(found.revision)?.get(page.slug) ?? null;
    const merged = mergeDocument(
      segment(found.text, file, found.section, numbering),
      segment(upstreamText, file, page.section, numbering),
      base ? segment(documentText(options, base), file, base.section, numbering) : null,
    );
    const places = new SourcePlaces(file, found.text);
    const conflicts = merged.conflicts.map((c) => conflictDiagnostic(c, places));
    const text = conflicts.length === 0 && page.provenance.revision ? withRevision(merged.text, page.provenance.revision) : merged.text;
    if (text !== found.text) writes.set(found.file, text);
    result.diagnostics.push(...conflicts);
    if (conflicts.length) result.sources.set(file, found.text);
    result.documents.push({ file: found.file, status: text === found.text ? "unchanged" : "merged", updated: merged.updated, added: merged.added, removed: merged.removed });
  }
  for (const [name, content] of figureFiles(edition, source, converted)) writes.set(name, content);
  writeEdition(edition, writes);
  return result;
}

/** The edition's folder: its real path (inside rules/, links followed) and its name as shown, `rules/<ruleset>/<edition>`. */
interface EditionFolder {
  dir: string;
  rel: string;
  rulesReal: string;
}

function editionFolder(options: ImportOptions): EditionFolder {
  for (const [name, kind] of [[options.ruleset, "ruleset"], [options.edition, "edition"]] as const) {
    const problem = nameProblem(name, kind);
    if (problem !== null) throw new SourceError(`the ${kind} \`${name}\` cannot name a folder of rules/: ${problem}`, true);
  }
  const rel = `rules/${options.ruleset}/${options.edition}`;
  const rulesReal = realFolder(join(options.root, "rules"));
  if (rulesReal === null) throw new SourceError(`${join(options.root, "rules")} is not a folder`, true);
  // Recover from an import killed while it swapped the folder in (the old folder set aside).
  recoverTree(join(options.root, rel), true);
  const resolved = resolveInside(join(options.root, rel), rulesReal);
  if (resolved.problem === "outside") throw new SourceError(`${rel} is a link to ${resolved.target}, outside rules/`);
  if (resolved.problem === "missing" || realFolder(resolved.real) === null || !existsSync(join(resolved.real, "edition.yaml"))) {
    throw new SourceError(`${rel}/edition.yaml does not exist: create the edition first (see rules/README.md)`, true);
  }
  return { dir: resolved.real, rel, rulesReal };
}

/**
 * A text file of the edition (`name` inside its folder), or null when there is none:
 * read as the compiler reads it (readSource: inside rules/ after links are followed,
 * a regular file of at most 4 MiB, UTF-8), its first problem said in one line.
 */
function editionText(edition: EditionFolder, name: string): SourcePlaces | null {
  const path = join(edition.dir, name);
  try {
    lstatSync(path);
  } catch {
    return null;
  }
  const session = new Session();
  const places = readSource(path, `${edition.rel}/${name}`, edition.rulesReal, session);
  const problem = session.diagnostics.find((d) => d.severity === "error");
  if (places === null || problem) throw new SourceError(problem?.message ?? `${edition.rel}/${name} cannot be read.`);
  return places;
}

/**
 * The image files the figures show, copied unchanged into the edition's figures/
 * folder, each with the URL it came from in figures/sources.yaml (entries of other
 * files are kept). An image the source lacks is left for the build to report (HX0021).
 */
function figureFiles(edition: EditionFolder, source: HugoPages, pages: ConvertedPage[]): Map<string, string | Uint8Array> {
  const writes = new Map<string, string | Uint8Array>();
  const names = [...new Set(pages.flatMap((page) => page.figures))].sort();
  const found = names.flatMap((name) => {
    const image = source.image(name);
    return image ? [{ name, ...image }] : [];
  });
  if (found.length === 0) return writes;
  const listName = `${FIGURES_FOLDER}/sources.yaml`;
  const list = figureSources(edition, listName);
  const files: Record<string, string> = { ...list.files };
  for (const image of found) {
    writes.set(`${FIGURES_FOLDER}/${image.name}`, image.bytes);
    if (source.url) files[image.name] = `${source.url}${image.path.split("/").map(encodeURIComponent).join("/")}`;
  }
  const head = { source: list.source ?? source.siteTitle, site: list.site ?? source.url, revision: source.revision ?? list.revision };
  writes.set(listName, stringify({ ...list, ...Object.fromEntries(Object.entries(head).filter(([, v]) => v !== undefined)), files }));
  return writes;
}

/** figures/sources.yaml as it is: a map, whose `files` maps names to URLs. */
function figureSources(edition: EditionFolder, name: string): Record<string, unknown> & { files: Record<string, string> } {
  const places = editionText(edition, name);
  let list: unknown;
  try {
    list = places ? (parseYaml(places.text) ?? {}) : {};
  } catch (error) {
    throw new SourceError(`${edition.rel}/${name} is not valid YAML (${(error as Error).message.split("\n")[0]})`);
  }
  const files = (list as { files?: unknown }).files ?? {};
  if (typeof list !== "object" || Array.isArray(list) || typeof files !== "object" || Array.isArray(files)) {
    throw new SourceError(`${edition.rel}/${name} is not a map with \`files: { name.png: https://… }\``);
  }
  return { ...(list as Record<string, unknown>), files: Object.fromEntries(Object.entries(files as Record<string, unknown>).map(([k, v]) => [k, String(v)])) };
}

/**
 * Replaces the edition's folder as a whole by one with `writes` (paths inside it)
 * written and everything else as it was (hard-linked, or copied), see swapTree.
 * The importer writes the edition's own files: a write to or through a link is refused.
 */
function writeEdition(edition: EditionFolder, writes: Map<string, string | Uint8Array>): void {
  if (writes.size === 0) return;
  for (const name of writes.keys()) {
    const parts = name.split("/");
    for (let i = 1; i <= parts.length; i++) {
      const at = parts.slice(0, i).join("/");
      let stat: Stats;
      try {
        stat = lstatSync(join(edition.dir, at));
      } catch {
        break;
      }
      if (stat.isSymbolicLink()) throw new SourceError(`${edition.rel}/${at} is a link: hexlaw import writes the edition's own files, never through a link (make it a ${i < parts.length ? "folder" : "file"} of its own)`);
      if (i < parts.length ? !stat.isDirectory() : !stat.isFile()) throw new SourceError(`${edition.rel}/${at} is not a ${i < parts.length ? "folder" : "regular file"}`);
    }
  }
  swapTree(
    edition.dir,
    (fresh) => {
      for (const entry of walk(edition.dir)) {
        const target = join(fresh, entry.relative);
        if (entry.kind === "folder") mkdirSync(target, { recursive: true });
        else if (writes.has(entry.relative)) continue;
        else if (entry.kind === "link") symlinkSync(readlinkSync(entry.path), target);
        else if (!linked(entry.path, target)) {
          if (entry.kind !== "file") throw new SourceError(`${edition.rel}/${entry.relative} is not a regular file and cannot be kept`);
          copyFileSync(entry.path, target);
        }
      }
      for (const [name, content] of writes) {
        mkdirSync(dirname(join(fresh, name)), { recursive: true });
        writeFileSync(join(fresh, name), content);
      }
    },
    true,
  );
}

/** Two pages with one slug would be one document: the source is refused. */
function reportDuplicatePages(pages: ConvertedPage[]): void {
  const seen = new Map<string, ConvertedPage>();
  for (const page of pages) {
    const other = seen.get(page.slug);
    if (other) throw new SourceError(`two pages have the slug ${page.slug} (“${other.title}” and “${page.title}”): each page is one document`);
    seen.set(page.slug, page);
  }
}

function editionNumbering(edition: EditionFolder): Numbering {
  const places = editionText(edition, "edition.yaml");
  const session = new Session();
  const yaml = places && readYaml(places, session);
  const numbering = yaml ? readNumbering(yaml, places, session) : null;
  if (!numbering || session.hasErrors()) throw new SourceError(`${edition.rel}/edition.yaml has errors: run \`hexlaw check\``);
  return numbering;
}

interface Existing {
  file: string;
  text: string;
  slug: string;
  section: string;
  revision?: string;
}

/** The edition's documents with the front matter fields the import matches and merges by (as the compiler reads them). */
function existingDocuments(edition: EditionFolder): Existing[] {
  return readdirSync(edition.dir)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .flatMap((file) => {
      const places = editionText(edition, file);
      if (!places) return [];
      const front = /^---\n([\s\S]*?)\n---/.exec(places.text)?.[1] ?? "";
      let data: unknown;
      try {
        data = parseYaml(front) ?? {};
      } catch {
        throw new SourceError(`${edition.rel}/${file}: its front matter is not valid YAML (\`hexlaw check\` says more)`);
      }
      const field = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");
      const { slug, section, provenance } = typeof data === "object" && data !== null ? (data as Record<string, unknown>) : {};
      const revision = typeof provenance === "object" && provenance !== null ? field((provenance as Record<string, unknown>).revision) : "";
      return [{ file, text: places.text, slug: field(slug), section: field(section), revision: /^[0-9a-f]{7,64}$/.test(revision) ? revision : undefined }];
    });
}

/** The upstream a document was imported from: `--base` (a folder, or a revision of the git directory), or the revision it records. */
function readBase(options: ImportOptions, source: HugoPages, key: string): HugoPages {
  if (options.base !== undefined && existsSync(options.base)) return readPages(options.base, { pagesPath: options.pagesPath });
  if (!source.revision) throw new SourceError(`the base ${key} is not a folder, and ${options.source} is not a git directory`, true);
  return readPages(options.source, { revision: key, pagesPath: options.pagesPath });
}

/** A new document: our front matter, then the converted body. */
export function documentText(options: Pick<ImportOptions, "ruleset" | "edition">, page: ConvertedPage): string {
  const provenance = Object.fromEntries(Object.entries(page.provenance).filter(([, v]) => v !== undefined));
  const front = { ruleset: options.ruleset, edition: options.edition, section: page.section, title: page.title, order: page.order, slug: page.slug, provenance };
  return `---\n${stringify(front, { lineWidth: 80 })}---\n\n${page.body}`;
}

/** Records the upstream revision a document now matches, in its provenance. */
function withRevision(text: string, revision: string): string {
  const end = text.indexOf("\n---", 4);
  const head = text.slice(0, end);
  if (/^[ \t]+revision:.*$/m.test(head)) return text.replace(/^([ \t]+revision:).*$/m, `$1 ${revision}`);
  if (!/^provenance:[ \t]*$/m.test(head)) return text;
  return text.replace(/^provenance:[ \t]*\n/m, (line) => `${line}  revision: ${revision}\n`);
}

function conflictDiagnostic(conflict: Conflict, places: SourcePlaces): Diagnostic {
  const lineStart = places.lineStart(conflict.line + 1);
  const lineEnd = places.nextLine(lineStart) - 1;
  const place = places.span(lineStart, Math.max(lineStart, lineEnd));
  const words = conflict.upstream.replace(/\s+/g, " ").trim();
  const upstream = words.length > 400 ? `${words.slice(0, 400)}…` : words;
  const notes = upstream ? [{ message: `upstream text: ${upstream}` }] : [];
  switch (conflict.kind) {
    case "both-changed":
      return diagnostic("HX0701", { id: conflict.id }, place, notes);
    case "removed-with-annotations":
      return diagnostic("HX0702", { id: conflict.id }, place, notes);
    case "differs-without-base":
      return diagnostic("HX0703", { id: conflict.id }, place, notes);
    case "removed-here-changed-upstream":
      return diagnostic("HX0704", { id: conflict.id }, place, notes);
  }
}
