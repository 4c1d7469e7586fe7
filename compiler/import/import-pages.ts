import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml, stringify } from "yaml";
import { readNumbering, readYaml } from "../1-read/load-metadata.ts";
import { SourcePlaces } from "../1-read/source-places.ts";
import type { Numbering } from "../1-read/types.ts";
import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.ts";
import { Session } from "../diagnostics/session.ts";
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
 */
export function importPages(options: ImportOptions): ImportResult {
  const folder = join(options.root, "rules", options.ruleset, options.edition);
  const relFolder = `rules/${options.ruleset}/${options.edition}`;
  const numbering = editionNumbering(folder, relFolder);
  const source = readPages(options.source, { revision: options.revision, pagesPath: options.pagesPath });
  const converted = convertPages(source, options.sourceTitle);
  const existing = existingDocuments(folder);
  const bases = new Map<string, ConvertedPage[] | null>();
  const baseFor = (revision: string | undefined): ConvertedPage[] | null => {
    const key = options.base ?? revision ?? "";
    if (!key) return null;
    if (!bases.has(key)) bases.set(key, convertPages(readBase(options, source, key), options.sourceTitle));
    return bases.get(key)!;
  };

  const result: ImportResult = { documents: [], diagnostics: [], sources: new Map() };
  copyFigures(folder, source, converted);
  for (const page of converted) {
    const found = existing.find((d) => d.slug === page.slug);
    if (!found) {
      if (existing.some((d) => d.file === page.file)) throw new SourceError(`${relFolder}/${page.file} exists but is not the page ${page.slug} (its slug differs)`);
      writeFileSync(join(folder, page.file), documentText(options, page));
      result.documents.push({ file: page.file, status: "created", updated: [], added: [], removed: [] });
      continue;
    }
    const file = `${relFolder}/${found.file}`;
    const upstreamText = documentText(options, page);
    const base = baseFor(found.revision)?.find((p) => p.slug === page.slug) ?? null;
    const merged = mergeDocument(
      segment(found.text, file, found.section, numbering),
      segment(upstreamText, file, page.section, numbering),
      base ? segment(documentText(options, base), file, base.section, numbering) : null,
    );
    const conflicts = merged.conflicts.map((c) => conflictDiagnostic(c, file, found.text));
    const text = conflicts.length === 0 && page.provenance.revision ? withRevision(merged.text, page.provenance.revision) : merged.text;
    if (text !== found.text) writeFileSync(join(folder, found.file), text);
    result.diagnostics.push(...conflicts);
    if (conflicts.length) result.sources.set(file, found.text);
    result.documents.push({ file: found.file, status: text === found.text ? "unchanged" : "merged", updated: merged.updated, added: merged.added, removed: merged.removed });
  }
  return result;
}

/**
 * The image files the figures show, copied unchanged into the edition's figures/
 * folder, each with the URL it came from in figures/sources.yaml (entries of other
 * files are kept). An image the source lacks is left for the build to report (HX0021).
 */
function copyFigures(folder: string, source: HugoPages, pages: ConvertedPage[]): void {
  const names = [...new Set(pages.flatMap((page) => page.figures))].sort();
  const found = names.flatMap((name) => {
    const image = source.image(name);
    return image ? [{ name, ...image }] : [];
  });
  if (found.length === 0) return;
  const figures = join(folder, FIGURES_FOLDER);
  mkdirSync(figures, { recursive: true });
  const listPath = join(figures, "sources.yaml");
  const list = (existsSync(listPath) ? parseYaml(readFileSync(listPath, "utf8")) : null) ?? {};
  const files: Record<string, string> = { ...(list.files ?? {}) };
  for (const image of found) {
    writeFileSync(join(figures, image.name), image.bytes);
    if (source.url) files[image.name] = `${source.url}${image.path.split("/").map(encodeURIComponent).join("/")}`;
  }
  const head = { source: list.source ?? source.siteTitle, site: list.site ?? source.url, revision: source.revision ?? list.revision };
  writeFileSync(listPath, stringify({ ...list, ...Object.fromEntries(Object.entries(head).filter(([, v]) => v !== undefined)), files }));
}

function editionNumbering(folder: string, relFolder: string): Numbering {
  const path = join(folder, "edition.yaml");
  if (!existsSync(path)) throw new SourceError(`${relFolder}/edition.yaml does not exist: create the edition first (see rules/README.md)`);
  const places = new SourcePlaces(`${relFolder}/edition.yaml`, readFileSync(path, "utf8"));
  const session = new Session();
  const yaml = readYaml(places, session);
  const numbering = yaml ? readNumbering(yaml, places, session) : null;
  if (!numbering || session.hasErrors()) throw new SourceError(`${relFolder}/edition.yaml has errors: run \`hexlaw check\``);
  return numbering;
}

interface Existing {
  file: string;
  text: string;
  slug: string;
  section: string;
  revision?: string;
}

/** The edition's documents with the front matter fields the import matches and merges by. */
function existingDocuments(folder: string): Existing[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((file) => {
      const text = readFileSync(join(folder, file), "utf8").replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
      const field = (name: string) => new RegExp(`^${name}:[ \\t]*["']?([^"'\\n]*?)["']?[ \\t]*$`, "m").exec(frontOf(text))?.[1];
      const revision = /^[ \t]+revision:[ \t]*["']?([0-9a-f]{7,64})["']?[ \t]*$/m.exec(frontOf(text))?.[1];
      return { file, text, slug: field("slug") ?? "", section: field("section") ?? "", revision };
    });
}

function frontOf(text: string): string {
  return /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? "";
}

/** The upstream a document was imported from: `--base` (a folder, or a revision of the git directory), or the revision it records. */
function readBase(options: ImportOptions, source: HugoPages, key: string): HugoPages {
  if (options.base !== undefined && existsSync(options.base)) return readPages(options.base, { pagesPath: options.pagesPath });
  if (!source.revision) throw new SourceError(`the base ${key} is not a folder, and ${options.source} is not a git directory`);
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

function conflictDiagnostic(conflict: Conflict, file: string, text: string): Diagnostic {
  const places = new SourcePlaces(file, text);
  const lineStart = text.split("\n").slice(0, conflict.line).join("\n").length + (conflict.line > 0 ? 1 : 0);
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
