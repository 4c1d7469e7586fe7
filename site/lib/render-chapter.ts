// Renders a rule document with the same processor astro.config.mjs configures:
// Astro's unified pipeline running the compiler's rulebook plugins. The whole file
// (front matter included) is passed, so source offsets match the compiler's.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { unified, type MarkdownHeading, type RehypePlugins, type RemarkPlugins } from "@astrojs/markdown-remark";
import { decodeSource } from "../../compiler/1-read/read-source.ts";
import { rulebookPlugins } from "../../compiler/markdown/rulebook-plugins.ts";
import { root } from "./corpus.ts";
import { base } from "./base.ts";

type Renderer = { render(content: string, options: { fileURL: URL }): Promise<{ code: string; metadata: { headings: MarkdownHeading[] } }> };

const renderers = new Map<string, Promise<Renderer>>();

function renderer(at: string): Promise<Renderer> {
  let r = renderers.get(at);
  if (!r) {
    const { gfm, remarkPlugins, rehypePlugins } = rulebookPlugins({ root: at, base });
    const processor = unified({ gfm, remarkPlugins: [...remarkPlugins] as RemarkPlugins, rehypePlugins: [...rehypePlugins] as RehypePlugins, smartypants: false });
    r = processor.createRenderer({ syntaxHighlight: false } as never) as Promise<Renderer>;
    renderers.set(at, r);
  }
  return r;
}

/** HTML of a rule document (a path relative to the corpus root, as the rule index gives it). */
export async function renderChapter(file: string, at = root): Promise<{ html: string; headings: MarkdownHeading[] }> {
  const path = join(at, file);
  // The text exactly as the compiler read it (no byte order mark, `\n` line endings), so offsets and ids agree.
  const decoded = decodeSource(readFileSync(path));
  const result = await (await renderer(at)).render(decoded.kind === "text" ? decoded.text : "", { fileURL: pathToFileURL(path) });
  return { html: result.code, headings: result.metadata.headings };
}
