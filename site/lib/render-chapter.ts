// Renders a rule document with the same processor astro.config.mjs configures:
// Astro's unified pipeline running the compiler's rulebook plugins. The whole file
// (front matter included) is passed, so source offsets match the compiler's.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { unified, type MarkdownHeading, type RehypePlugins, type RemarkPlugins } from "@astrojs/markdown-remark";
import { decodeSource } from "../../compiler/1-read/read-source.ts";
import { rulebookPlugins } from "../../compiler/markdown/rulebook-plugins.ts";
import type { FigurePicture } from "../../compiler/markdown/remark-figures.ts";
import { root } from "./corpus.ts";
import { base } from "./base.ts";

type Renderer = { render(content: string, options: { fileURL: URL }): Promise<{ code: string; metadata: { headings: MarkdownHeading[] } }> };

const renderers = new Map<string, Promise<Renderer>>();

function renderer(at: string, picture?: FigurePicture): Promise<Renderer> {
  const key = `${picture ? "pictures" : "captions"}:${at}`;
  let r = renderers.get(key);
  if (!r) {
    const { gfm, remarkPlugins, rehypePlugins } = rulebookPlugins({ root: at, base, picture });
    const processor = unified({ gfm, remarkPlugins: [...remarkPlugins] as RemarkPlugins, rehypePlugins: [...rehypePlugins] as RehypePlugins, smartypants: false });
    r = processor.createRenderer({ syntaxHighlight: false } as never) as Promise<Renderer>;
    renderers.set(key, r);
  }
  return r;
}

/**
 * HTML of a rule document (a path relative to the corpus root, as the rule index gives it).
 * `picture` makes the images of its figures (site/lib/figures.ts, inside Astro); without it a figure is its caption.
 * `edition` renders it as a chapter of that edition (one that extends the file's), with its errata applied.
 */
export async function renderChapter(file: string, at = root, picture?: FigurePicture, edition?: string): Promise<{ html: string; headings: MarkdownHeading[] }> {
  const path = join(at, file);
  // The text exactly as the compiler read it (no byte order mark, `\n` line endings), so offsets and ids agree.
  const decoded = decodeSource(readFileSync(path));
  // `edition`: the edition the page is of, when it is not the file's folder's (an edition that extends it).
  const options = { fileURL: pathToFileURL(path), ...(edition ? { frontmatter: { hexlawEdition: edition } } : {}) };
  const result = await (await renderer(at, picture)).render(decoded.kind === "text" ? decoded.text : "", options as { fileURL: URL });
  return { html: result.code, headings: result.metadata.headings };
}
