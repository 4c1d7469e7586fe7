import { readFileSync, statSync } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
import type { Node, Root } from "mdast";
import type { VFile } from "vfile";
import { parseYaml } from "../1-read/load-metadata.ts";
import { findParagraphs, type ParagraphLayout } from "../1-read/find-paragraphs.ts";
import { compileNumbering } from "../1-read/numbering.ts";
import { SourcePlaces } from "../1-read/source-places.ts";
import type { FrontMatter, Numbering } from "../1-read/types.ts";
import type { ruleIndex } from "../6-publish/rule-index.ts";
import type { FigurePicture } from "./remark-figures.ts";
import { indexLookups } from "./index-lookups.ts";
import type {} from "./nodes.ts";

/** The rule index of one edition, as generated/<ruleset>/<edition>/index.json holds it. */
export type RuleIndex = ReturnType<typeof ruleIndex>;
export type IndexDocument = RuleIndex["documents"][number];
export type IndexParagraph = RuleIndex["paragraphs"][string];

/**
 * The class of what a chapter holds for the curious: the site shows it only to a reader
 * who asks for the formal rules (the reader's one switch), and never on paper.
 */
export const CURIOUS = "curious";

/** Options shared by the rulebook plugins: where the corpus and its compiled index are. */
export interface RulebookOptions {
  /** Repository root, holding rules/ and generated/. */
  root: string;
  /** URL prefix of the site ("/" by default). */
  base?: string;
  /** Makes a figure's image from its file (the site's image pipeline); without it figures are captions only. */
  picture?: FigurePicture;
  /**
   * "apart": each rules block of a chapter is its summary and a link to the listing on
   * the chapter's formal-rules page (rehype-formal-apart.ts); "inline" (the default):
   * the listing is in the chapter.
   */
  formalRules?: "inline" | "apart";
}

/** What every rulebook plugin needs to know about the document it renders. */
export interface DocumentContext {
  index: RuleIndex;
  document: IndexDocument;
  numbering: Numbering;
  /** Paragraphs of this tree, found by the compiler's own phase-1 code, so ids are the compiler's. */
  layout: ParagraphLayout;
  /** The node that starts each numbered paragraph (heading, lead-in paragraph, list item). */
  anchors: Map<Node, string>;
  /** Site URL of a paragraph of this edition: `#9.14` on its own page, else `/ocs/4.3/9-0-ground-combat/#9.14`. */
  href(id: string): string | null;
  /** Site URL of a page of this edition (a chapter slug, or `calculators/overrun`). */
  page(path: string): string;
}

const cache = new Map<string, { mtime: number; value: unknown }>();

/** A JSON file of generated/, parsed once and again only when it changes. */
export function readJson<T>(path: string): T {
  const mtime = statSync(path).mtimeMs;
  const hit = cache.get(path);
  if (hit && hit.mtime === mtime) return hit.value as T;
  const value = JSON.parse(readFileSync(path, "utf8")) as T;
  cache.set(path, { mtime, value });
  return value;
}

/** The rule index of an edition, read from generated/. */
export function editionIndex(root: string, ruleset: string, edition: string): RuleIndex {
  return readJson<RuleIndex>(join(root, "generated", ruleset, edition, "index.json"));
}

const numberings = new WeakMap<RuleIndex, Numbering>();

/**
 * The edition's numbering as the compiler checked and published it in the rule
 * index: the site runs no pattern the compiler did not accept, and analyzes none again.
 */
function editionNumbering(index: RuleIndex): Numbering {
  let numbering = numberings.get(index);
  if (!numbering) numberings.set(index, (numbering = compileNumbering(index.numbering)));
  return numbering;
}

/** Site URL of a paragraph, given the rule index of its edition. */
export function paragraphHref(index: RuleIndex, id: string, base = "/", fromSlug?: string): string | null {
  return anchorHref(index, index.paragraphs[id]?.document ?? indexLookups(index).chart(id)?.document, id, base, fromSlug);
}

/**
 * Where a chart is: its document's page at the chart's id. (A paragraph may have the
 * same id on another page, as the term "Combat Supply" and the chart of that name do;
 * `paragraphHref` finds the paragraph.)
 */
export function chartHref(index: RuleIndex, id: string, base = "/", fromSlug?: string): string | null {
  return anchorHref(index, indexLookups(index).chart(id)?.document, id, base, fromSlug);
}

function anchorHref(index: RuleIndex, slug: string | null | undefined, id: string, base: string, fromSlug: string | undefined): string | null {
  if (!slug) return null;
  const fragment = `#${encodeFragment(id)}`;
  return slug === fromSlug ? fragment : `${base}${index.ruleset.id}/${index.edition.id}/${slug}/${fragment}`;
}

/** Paragraph ids are used as HTML ids verbatim; only characters a URL cannot hold are escaped. */
export function encodeFragment(id: string): string {
  return id.replace(/[^\w.()\-~!$&'*+,;=:@/?]/g, (c) => encodeURIComponent(c));
}

/**
 * Finds the document a plugin is rendering (by its path under rules/), reads its
 * edition's index and numbering, and splits the tree into paragraphs once; every
 * plugin of the same run gets the same context.
 */
export function documentContext(tree: Root, file: VFile, options: RulebookOptions): DocumentContext | null {
  const { data } = file;
  if (data.hexlawContext !== undefined) return data.hexlawContext;
  data.hexlawContext = null;
  const where = locate(file, tree, options.root);
  if (!where) return null;
  const { ruleset, edition, path } = where;
  let index: RuleIndex;
  try {
    index = editionIndex(options.root, ruleset, edition);
  } catch {
    return null;
  }
  const document = indexLookups(index).documentOfFile(path) ?? index.documents.find((d) => d.file.endsWith(`/${path.split("/").pop()}`));
  if (!document) return null;
  data.hexlawContext = contextOf(tree, file, index, document, options);
  return data.hexlawContext;
}

/** The context of a tree that renders `document` of the edition whose rule index is `index`. */
export function contextOf(tree: Root, file: VFile, index: RuleIndex, document: IndexDocument, options: RulebookOptions): DocumentContext {
  const numbering = editionNumbering(index);
  const front: FrontMatter = {
    ruleset: index.ruleset.id,
    edition: index.edition.id,
    section: document.section,
    title: document.title,
    order: document.order,
    slug: document.slug,
    excerpt: document.excerpt,
    provenance: document.provenance,
  };
  // Places matter only for diagnostics; the text is what Astro parsed the tree from.
  const layout = findParagraphs(tree, front, numbering, new SourcePlaces(document.file, String(file.value ?? "")));
  const base = options.base ?? "/";
  return {
    index,
    document,
    numbering,
    layout,
    anchors: layout.starts,
    href: (id) => paragraphHref(index, id, base, document.slug),
    page: (pagePath) => `${base}${index.ruleset.id}/${index.edition.id}/${pagePath}/`,
  };
}

/** The context the remark plugins found for the document, for a rehype plugin (its tree is hast, no longer mdast). */
export function renderedContext(file: VFile): DocumentContext | null {
  return file.data.hexlawContext ?? null;
}

/**
 * The edition a document is rendered for and its path under rules/: the edition of its folder,
 * or the one the renderer names (`file.data.hexlawEdition`): an edition that extends the
 * folder's renders the same file as its own chapter.
 */
function locate(file: VFile, tree: Root, root: string): { ruleset: string; edition: string; path: string } | null {
  if (file.path) {
    const path = (isAbsolute(file.path) ? relative(root, file.path) : file.path).split(sep).join("/");
    const match = /^rules\/([^/]+)\/([^/]+)\/[^/]+\.md$/.exec(path);
    if (match) return { ruleset: match[1], edition: file.data.hexlawEdition ?? match[2], path };
  }
  const yaml = tree.children.find((n) => n.type === "yaml");
  const front = (yaml ? parseYaml(yaml.value) : undefined) as Record<string, unknown> | undefined;
  if (!front?.ruleset || !front.edition || !front.slug) return null;
  return { ruleset: String(front.ruleset), edition: String(front.edition), path: `rules/${front.ruleset}/${front.edition}/${front.slug}.md` };
}

/** How a calculator element names its engine: `ocs/4.3/overrun`, its module's path under generated/. */
export const engineKey = (index: RuleIndex, procedure: string) => `${index.ruleset.id}/${index.edition.id}/${procedure}`;

/** What a calculator element needs besides its engine: labels of its answers and links to its paragraphs. */
export function calculatorConfig(index: RuleIndex, name: string, base = "/") {
  const procedure = indexLookups(index).procedure(name);
  if (!procedure) return null;
  const keyed = indexLookups(index);
  const cited = keyed.paragraphsOf(name);
  // Its own paragraph too, in the index's order.
  const ids = cited.includes(procedure.paragraph) || keyed.position(procedure.paragraph) === undefined
    ? cited
    : [...cited, procedure.paragraph].sort((a, b) => keyed.position(a)! - keyed.position(b)!);
  const links: Record<string, string> = {};
  for (const id of ids) {
    const href = paragraphHref(index, id, base);
    if (href) links[id] = href;
  }
  // The charts it reads a cell of, with where each is printed, so the calculator can show the cell it used.
  const lookups = procedure.lookups.map((l) => ({ ...l, caption: indexLookups(index).chart(l.chart)?.caption ?? l.chart, href: chartHref(index, l.chart, base) }));
  return { title: procedure.title, paragraph: procedure.paragraph, labels: procedure.labels, links, lookups };
}
