// The yardstick (`npm run bench -- starlight`): stock Starlight sites built from the
// chapters this site publishes, in a temporary folder with Starlight from the npm
// registry (nothing of it is kept in this repository). Two of them, measured one after
// the other in the same installation:
// - the book (the yardstick of issue 10 point 10, "a stock Starlight site built from the
//   same chapters"): every rule document of every edition under rules/, as the rule
//   indexes in generated/ list them (so an edition that extends another has the other's
//   chapters again, as this site publishes them), one Starlight page per document at
//   <ruleset>/<edition>/<slug>; each `::figure` is the plain Markdown image the source had,
//   `![caption](relative path)` to the same image file copied in (once, wherever editions
//   share it), which stock Astro optimizes as Starlight users get it. Each chapter's
//   Markdown is otherwise as it is, its front matter reduced to a title (rules blocks
//   are code to Starlight, other directives text);
// - OCS 4.3 alone, figures as text (so no image to encode): the yardstick of earlier
//   sessions, printed beside for continuity.
// Both are stock: Starlight's own config (a sidebar of the pages), its own Pagefind. One
// installation gives the comparisons:
// - build time, all cold (no dist/, no Astro or node_modules/.cache: moved aside until
//   the end, as measure.ts says why), each site by
//   `npm run build` (Starlight's is its template's `astro build`, Pagefind included;
//   this site's compiles, builds, indexes and writes the offline worker), and
//   what compiling rules/ adds after an edit (generated/ is committed: a fresh clone
//   compiles nothing);
// - first contentful paint of the same chapter, this site's and both yardsticks' (the
//   target is the OCS 4.3 one: its page has one edition in its sidebar, as this site's
//   has; the book's lists every edition's documents, a heavier page), all served by
//   site/serve.ts and loaded cold the same way (first-paint.ts), with this site's
//   calculator page beside.
// Without the registry (offline) it says so instead of a figure.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, posix, relative, sep } from "node:path";
import { parse as parseYaml } from "yaml";
import { BUILD_INPUTS } from "../../compiler/build-inputs.ts";
import { editionIndex, readJson } from "../../compiler/markdown/rulebook-context.ts";
import { serve } from "../../site/serve.ts";
import { launch, root, startServer } from "../site/helpers/site.ts";
import { firstPaints, roundsFirst } from "./first-paint.ts";
import { coldBuild, dropAside, medianOf, ms, row } from "./measure.ts";

const RULESET = "ocs";
const EDITION = "4.3";
const CHAPTER = "9-0-ground-combat";
const CALCULATOR = "calculators/ground_combat";
/** Cold loads of each page for the first-paint medians. */
const PAINT_RUNS = 15;
/** Cold builds of this site and of the book, in turns, for the build-time medians. */
const BUILD_RUNS = 5;

/** A page of a yardstick: where it is (`ocs/4.3/9-0-ground-combat`), its title and its Markdown body. */
export interface StarlightPage {
  path: string;
  title: string;
  body: string;
}

/** A rule document's front matter and body. */
function splitDocument(file: string): { front: { title?: string; slug?: string }; body: string } {
  const text = readFileSync(file, "utf8");
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  return { front: (match ? parseYaml(match[1]) : {}) as { title?: string; slug?: string }, body: match ? text.slice(match[0].length) : text };
}

/** `![caption](url)` with the caption's brackets and backslashes escaped. */
const markdownImage = (caption: string, url: string) => `![${caption.replace(/[\\[\]]/g, "\\$&")}](${url})`;

/**
 * The book: every document of every edition's rule index (generated/), the edition in
 * its path, each figure of a file the Markdown image of that file; the images to copy
 * in (site path → file), each once.
 */
export function bookPages(): { pages: StarlightPage[]; images: Map<string, string> } {
  const pages: StarlightPage[] = [];
  const images = new Map<string, string>();
  const corpus = readJson<{ rulesets: { id: string; editions: { id: string }[] }[] }>(join(root, "generated", "index.json"));
  for (const ruleset of corpus.rulesets) {
    for (const edition of ruleset.editions) {
      for (const document of editionIndex(root, ruleset.id, edition.id).documents) {
        const { front, body } = splitDocument(join(root, document.file));
        const path = `${ruleset.id}/${edition.id}/${document.slug}`;
        // A figure with a file (rules/README.md): `::figure[Caption]{src="figures/x.png"}` on its own line, the path relative to the document.
        const withImages = body.replace(/^::figure\[((?:\\.|[^\]\\\n])*)\]\{[^}\n]*?\bsrc="([^"\n]+)"[^}\n]*\}[ \t]*$/gm, (_, caption: string, src: string) => {
          const file = join(root, dirname(document.file), src);
          // The image sits in the site's folders as in rules/, so editions that share a file share its copy.
          const at = relative(join(root, "rules"), file).split(sep).join("/");
          images.set(at, file);
          return markdownImage(caption.replace(/\\(.)/g, "$1"), posix.relative(posix.dirname(path), at));
        });
        pages.push({ path, title: front.title ?? document.heading, body: withImages });
      }
    }
  }
  return { pages, images };
}

/** The earlier yardstick: the chapters of rules/ocs/4.3 as they are (figures are text to Starlight), under rules/. */
export function editionPages(): StarlightPage[] {
  const chapters = join(root, "rules", RULESET, EDITION);
  return readdirSync(chapters)
    .filter((f) => f.endsWith(".md"))
    .map((file) => {
      const { front, body } = splitDocument(join(chapters, file));
      return { path: `rules/${front.slug ?? file.replace(/\.md$/, "")}`, title: front.title ?? file, body };
    });
}

/** Installs stock Starlight (the Astro of this repository) into `dir`. */
export function installStarlight(dir: string): void {
  const astro = (JSON.parse(readFileSync(join(root, "node_modules", "astro", "package.json"), "utf8")) as { version: string }).version;
  // Its build script is Starlight's template's, so that both sites are built by the same command, `npm run build`.
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "starlight-yardstick", private: true, type: "module", scripts: { build: "astro build" }, dependencies: { astro, "@astrojs/starlight": "^0.42.4" } }, null, 2));
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, stdio: "pipe", timeout: 10 * 60_000 });
}

/**
 * Writes a stock Starlight site of `pages` (and `images`, site path → file) into `dir`,
 * in place of the one there: a sidebar group per folder of pages (an edition), pages
 * at their paths (each its own `slug`, so a dot in an edition's id stays as it is).
 */
export function writeStarlight(dir: string, title: string, pages: readonly StarlightPage[], images: ReadonlyMap<string, string> = new Map()): void {
  const docs = join(dir, "src", "content", "docs");
  rmSync(join(dir, "src"), { recursive: true, force: true });
  const groups = [...new Set(pages.map((p) => posix.dirname(p.path)))];
  const sidebar = groups.map((group) => ({ label: group, items: pages.filter((p) => posix.dirname(p.path) === group).map((p) => p.path) }));
  writeFileSync(
    join(dir, "astro.config.mjs"),
    `import { defineConfig } from "astro/config";\nimport starlight from "@astrojs/starlight";\nexport default defineConfig({ integrations: [starlight({ title: ${JSON.stringify(title)}, sidebar: ${JSON.stringify(sidebar)} })] });\n`,
  );
  mkdirSync(docs, { recursive: true });
  writeFileSync(join(dir, "src", "content.config.ts"), `import { defineCollection } from "astro:content";\nimport { docsLoader } from "@astrojs/starlight/loaders";\nimport { docsSchema } from "@astrojs/starlight/schema";\nexport const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };\n`);
  writeFileSync(join(docs, "index.md"), `---\ntitle: ${JSON.stringify(title)}\n---\n\nThe same chapters as Hexlaw's, in stock Starlight.\n`);
  for (const page of pages) {
    const file = join(docs, `${page.path}.md`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `---\ntitle: ${JSON.stringify(page.title)}\nslug: ${JSON.stringify(page.path)}\n---\n${page.body}`);
  }
  for (const [at, file] of images) {
    mkdirSync(dirname(join(docs, at)), { recursive: true });
    copyFileSync(file, join(docs, at));
  }
}

/** `hexlaw build` as after an edit: generated/'s record of its inputs removed (the build writes it back, the same). */
function compileAfterEdit(): number {
  rmSync(join(root, "generated", BUILD_INPUTS));
  const start = performance.now();
  execFileSync(process.execPath, [join(root, "compiler/cli/hexlaw.ts"), "build"], { cwd: root, stdio: "pipe" });
  return performance.now() - start;
}

export async function run(): Promise<void> {
  process.stdout.write("Beside stock Starlight sites of the same chapters\n");
  const dir = mkdtempSync(join(tmpdir(), "hexlaw-starlight-"));
  try {
    try {
      installStarlight(dir);
    } catch (error) {
      row("stock Starlight", "not measured", `could not install it: ${String((error as Error).message).split("\n")[0]}`);
      return;
    }
    // Build time, all cold, one after the other on this machine; the book last, so that its site is the one served below.
    const edition = editionPages();
    writeStarlight(dir, `${RULESET} ${EDITION} (stock Starlight)`, edition);
    const editionMs = coldBuild(dir);
    // Kept for first paint: its 9.0 page has the sidebar of one edition, as this site's has.
    renameSync(join(dir, "dist"), join(dir, "dist-edition"));
    const book = bookPages();
    writeStarlight(dir, "The rulebooks of rules/ (stock Starlight)", book.pages, book.images);
    // In turns (the book, this site, the book, …), so that the machine's busy moments fall on both alike.
    const bookRuns: number[] = [];
    const ourRuns: number[] = [];
    for (let i = 0; i < BUILD_RUNS; i++) {
      bookRuns.push(coldBuild(dir));
      ourRuns.push(coldBuild(root));
    }
    const [bookMs, oursMs] = [medianOf(bookRuns), medianOf(ourRuns)];
    const editions = new Set(book.pages.map((p) => posix.dirname(p.path))).size;
    const each = (runs: number[]) => `each: ${runs.map((r) => Math.round(r)).join(", ")} ms`;
    row(`Starlight, the book: ${book.pages.length} documents of ${editions} editions, ${book.images.size} images (median of ${BUILD_RUNS})`, ms(bookMs), `npm run build (astro build, Pagefind included); ${each(bookRuns)}`);
    row(`Starlight, ${RULESET} ${EDITION} alone: ${edition.length} documents, figures as text`, ms(editionMs), "the earlier yardstick");
    row(`this site: npm run build (compile, site, search, offline) (median of ${BUILD_RUNS})`, ms(oursMs), each(ourRuns));
    row("build: this site / Starlight, the book", `${(oursMs / bookMs).toFixed(2)}×`, `target ≤ 1×; this site no slower in ${ourRuns.filter((r, i) => r <= bookRuns[i]).length} of ${BUILD_RUNS} turns`);
    row(`build: this site / Starlight, ${RULESET} ${EDITION} alone`, `${(oursMs / editionMs).toFixed(2)}×`, "(earlier figure)");
    // generated/ is committed with a record of its inputs, so the cold build above compiled nothing; what an edit to rules/ adds:
    row("  + compile after an edit to rules/ (hexlaw build, no cache)", ms(compileAfterEdit()));

    // First contentful paint, cold, the same chapter on all, served the same way: Starlight's
    // OCS 4.3 alone (one edition in its sidebar, as in this site's; the target) and the book's.
    const browser = await launch();
    const ours = await startServer();
    const alone = await serve(join(dir, "dist-edition"), 0, "127.0.0.1", "/");
    const server = await serve(join(dir, "dist"), 0, "127.0.0.1", "/");
    const at = (s: typeof server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
    try {
      // In turns (Starlight, Starlight, chapter, calculator, Starlight, …), so that the machine's busy moments fall on all alike.
      const [starlightAlone, starlightBook, chapter, calculator] = await firstPaints(browser, [
        `${at(alone)}/rules/${CHAPTER}/`,
        `${at(server)}/${RULESET}/${EDITION}/${CHAPTER}/`,
        `${ours.url}/${RULESET}/${EDITION}/${CHAPTER}/`,
        `${ours.url}/${RULESET}/${EDITION}/${CALCULATOR}/`,
      ], PAINT_RUNS);
      const timings = (p: typeof chapter) => `HTML ${Math.round(p.bytes / 1024)} KB, DOMContentLoaded ${ms(p.domContentLoaded)}, load ${ms(p.load)}`;
      row(`Starlight, ${RULESET} ${EDITION} alone, chapter ${CHAPTER}: FCP (median of ${starlightAlone.runs} cold)`, ms(starlightAlone.fcp), timings(starlightAlone));
      row(`Starlight, the book, the same chapter: FCP (median of ${starlightBook.runs} cold)`, ms(starlightBook.fcp), timings(starlightBook));
      row(`this site, the same chapter: FCP (median of ${chapter.runs} cold)`, ms(chapter.fcp), timings(chapter));
      row(`this site, ${CALCULATOR}: FCP (median of ${calculator.runs} cold)`, ms(calculator.fcp), timings(calculator));
      row(`chapter FCP: this site / Starlight, ${RULESET} ${EDITION} alone`, `${(chapter.fcp / starlightAlone.fcp).toFixed(2)}×`, `target ≤ 1×; this site painted first in ${roundsFirst(chapter, starlightAlone)} of ${chapter.runs} rounds`);
      row("chapter FCP: this site / Starlight, the book", `${(chapter.fcp / starlightBook.fcp).toFixed(2)}×`);
      row(`calculator FCP: this site / Starlight's chapter (${RULESET} ${EDITION} alone)`, `${(calculator.fcp / starlightAlone.fcp).toFixed(2)}×`);
    } finally {
      for (const s of [alone, server]) {
        await new Promise<void>((done) => {
          s.close(() => done());
          s.closeAllConnections();
        });
      }
      await ours.close();
      await browser.close();
    }
  } finally {
    dropAside(root);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
