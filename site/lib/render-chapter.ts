// Renders a rule document with the compiler's rulebook plugins in a unified
// pipeline of its own, not Astro's Markdown processor: Astro's adds a pass that
// parses the whole page again as HTML (rehype-raw), for raw HTML a rule document
// never has (remark-inert-html makes it text), and keeps none of what the plugins
// leave beside the HTML, such as the formal listings. The whole file (front matter
// included) is passed, so source offsets match the compiler's.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ElementContent } from "hast";
import type { Root as MdastRoot } from "mdast";
import rehypeStringify from "rehype-stringify";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { VFile } from "vfile";
import { decodeSource } from "../../compiler/1-read/read-source.ts";
import { copyTree } from "../../compiler/markdown/copy-tree.ts";
import { parseSyntax } from "../../compiler/markdown/parse-markdown.ts";
import { formalListings } from "../../compiler/markdown/rehype-formal-apart.ts";
import { notesApart } from "../../compiler/markdown/rehype-notes-apart.ts";
import rehypeHeadingIds, { headingsOf, type Heading } from "../../compiler/markdown/rehype-heading-ids.ts";
import { editionIndex, type RuleIndex } from "../../compiler/markdown/rulebook-context.ts";
import { rulebookPlugins } from "../../compiler/markdown/rulebook-plugins.ts";
import type { FigurePicture } from "../../compiler/markdown/remark-figures.ts";
import { root } from "./corpus.ts";
import { corpusFile } from "./corpus-files.ts";
import { parsedAhead } from "./parse-ahead.ts";
import { base } from "./base.ts";

/** A listing of formal rules set apart from its chapter, as HTML. */
export interface FormalListingHtml {
  id: string;
  paragraph: string | null;
  summary: string;
  html: string;
}

/** What a paragraph's notes hold for the curious, set apart from its chapter, as HTML. */
export interface NotesHtml {
  paragraph: string;
  html: string;
}

export interface RenderedChapter {
  html: string;
  headings: Heading[];
  /** The chapter's formal listings, when they are rendered apart (`formal`); else none. */
  formal: FormalListingHtml[];
  /** What its paragraphs' notes hold for the curious, when rendered apart; else none (it is in `html`). */
  notes: NotesHtml[];
}

type Formal = "inline" | "apart";

const processors = new Map<string, ReturnType<typeof processorFor>>();

function processorFor(at: string, picture: FigurePicture | undefined, formalRules: Formal) {
  const { remarkPlugins, rehypePlugins } = rulebookPlugins({ root: at, base, picture, formalRules });
  return unified()
    .use(remarkParse)
    .use(remarkPlugins)
    .use(remarkRehype)
    .use(rehypePlugins)
    .use(rehypeHeadingIds)
    .use(rehypeStringify);
}

function processor(at: string, picture: FigurePicture | undefined, formalRules: Formal) {
  const key = `${picture ? "pictures" : "captions"}:${formalRules}:${at}`;
  let p = processors.get(key);
  if (!p) processors.set(key, (p = processorFor(at, picture, formalRules)));
  return p;
}

/**
 * Renderings of this process by the rule index they were made with (a rebuilt index
 * is a new object, so nothing stale is served) and the document's text: a chapter
 * page and its formal-rules page render their chapter once.
 */
const rendered = new WeakMap<RuleIndex, Map<string, Promise<RenderedChapter>>>();

/**
 * HTML of a rule document (a path relative to the corpus root, as the rule index gives it).
 * `picture` makes the images of its figures (site/lib/figures.ts, inside Astro); without it a figure is its caption.
 * `edition` renders it as a chapter of that edition (one that extends the file's), with its errata applied.
 * `formal`: "apart" keeps the listings of its rules blocks off the chapter, in `formal`, and what its notes hold for the curious, in `notes`.
 */
export function renderChapter(file: string, at = root, picture?: FigurePicture, edition?: string, formal: Formal = "inline"): Promise<RenderedChapter> {
  const path = join(at, file);
  // A file the rule index names, read only if it is inside rules/ (compiler/containment.ts).
  if (corpusFile(file, at) === null) throw new Error(`${file} is not a file inside rules/`);
  // The text exactly as the compiler read it (no byte order mark, `\n` line endings), so offsets and ids agree.
  const decoded = decodeSource(readFileSync(path));
  const text = decoded.kind === "text" ? decoded.text : "";
  const [ruleset, folder] = file.split("/").slice(1, 3);
  let index: RuleIndex | undefined;
  try {
    index = editionIndex(at, ruleset, edition ?? folder);
  } catch {
    // No rule index for it: the plugins render it as plain Markdown, and there is nothing to key a cache on.
  }
  const key = `${picture ? "pictures" : "captions"}:${formal}:${at}:${file}:${edition ?? ""}:${text}`;
  const cached = index && rendered.get(index)?.get(key);
  if (cached) return cached;
  const result = render(path, text, processor(at, picture, formal), edition);
  if (index) {
    if (!rendered.has(index)) rendered.set(index, new Map());
    rendered.get(index)!.set(key, result);
  }
  return result;
}

/**
 * The syntax tree of each file as last parsed, with the text it was parsed from: an
 * edition that extends another renders the other's files (amended by its errata, at
 * its own addresses), so the same text is parsed once and each rendering transforms a
 * copy. Parsing is the largest part of rendering, and it depends on the text alone; in
 * a build, a worker has parsed the files from its start (parse-ahead.ts). The syntax
 * is the compiler's (parseSyntax), which the pipeline's remark plugins start with.
 */
const parsed = new Map<string, { text: string; tree: Promise<MdastRoot> }>();

async function parse(path: string, text: string): Promise<MdastRoot> {
  let entry = parsed.get(path);
  if (entry?.text !== text) parsed.set(path, (entry = { text, tree: parsedAhead(path, text).then((ahead) => ahead ?? parseSyntax(text)) }));
  return copyTree(await entry.tree);
}

async function render(path: string, text: string, pipeline: ReturnType<typeof processorFor>, edition?: string): Promise<RenderedChapter> {
  // `edition`: the edition the page is of, when it is not the file's folder's (an edition that extends it).
  const vfile = new VFile({ value: text, path: pathToFileURL(path), data: edition ? { hexlawEdition: edition } : {} });
  const html = pipeline.stringify(await pipeline.run(await parse(path, text), vfile), vfile);
  const stringify = (children: ElementContent[]) => pipeline.stringify({ type: "root", children });
  return {
    html,
    headings: headingsOf(vfile),
    formal: formalListings(vfile).map((l) => ({ id: l.id, paragraph: l.paragraph, summary: stringify(l.summary), html: stringify([l.listing]) })),
    notes: notesApart(vfile).map((n) => ({ paragraph: n.paragraph, html: stringify(n.children) })),
  };
}
