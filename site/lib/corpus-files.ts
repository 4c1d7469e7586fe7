// The files of rules/ the site reads: the documents and the figures' images the rule
// indexes of generated/ name, and nothing else (nothing globs rules/). Each is checked
// again as the compiler checked it, since generated/ may be older than rules/ or made
// by hand: inside rules/ after links are followed (compiler/containment.ts), and a
// figure's file an image within its budgets (figureImage), so a file the compiler
// would refuse is never read, encoded or published.
import { statSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";
import { figureImage } from "../../compiler/1-read/figure-file.ts";
import { MAX_SOURCE_BYTES } from "../../compiler/1-read/read-source.ts";
import { realFolder, resolveInside } from "../../compiler/containment.ts";
import { editions, root, type RuleIndex } from "./corpus.ts";

/** The real path of a file of rules/ named by a rule index (`rules/ocs/4.3/01-scale.md`), or null when it is not inside rules/. */
export function corpusFile(file: string, at = root): string | null {
  const rules = realFolder(join(at, "rules"));
  return rules === null ? null : (resolveInside(join(at, file), rules).real ?? null);
}

/** The rule indexes of generated/, or none when there is no generated/ yet. */
function indexes(): RuleIndex[] {
  try {
    return editions();
  } catch {
    return [];
  }
}

/** Every document of every edition (an extended edition's chapters once), as paths that render-chapter.ts reads. */
export function documentFiles(): string[] {
  const files = indexes().flatMap((index) => index.documents.map((document) => document.file));
  return [...new Set(files)].filter((file) => isSource(corpusFile(file))).map((file) => join(root, file));
}

/** A regular file no larger than the compiler reads. */
function isSource(path: string | null): boolean {
  if (path === null) return false;
  const stat = statSync(path);
  return stat.isFile() && stat.size <= MAX_SOURCE_BYTES;
}

/** Every image a figure shows, as real paths, each an image its edition may publish (figureImage). */
export function figureFiles(): string[] {
  const files = new Set<string>();
  for (const index of indexes()) {
    for (const document of index.documents) {
      if (corpusFile(dirname(document.file)) === null) continue;
      for (const file of document.figures ?? []) {
        const image = figureImage(join(root, file), join(root, dirname(document.file)));
        if (image.path !== undefined) files.add(image.path);
      }
    }
  }
  return [...files].sort();
}

/** The module site/lib/figures.ts imports its images from: one loader per figure file, by real path. */
export const FIGURE_MODULES = "virtual:hexlaw-figures";

/**
 * Makes FIGURE_MODULES when the site is bundled (after the compile, so from the
 * rule indexes just written): Vite and Astro's image pipeline know exactly the
 * files figures show, and publish those alone.
 */
export function figureModules(): Plugin {
  const id = `\0${FIGURE_MODULES}`;
  return {
    name: "hexlaw:figure-modules",
    resolveId: (source) => (source === FIGURE_MODULES ? id : undefined),
    load(loaded) {
      if (loaded !== id) return undefined;
      const entries = figureFiles().map((file) => `  ${JSON.stringify(file)}: () => import(${JSON.stringify(file)}),`);
      return `export default {\n${entries.join("\n")}\n};\n`;
    },
  };
}
