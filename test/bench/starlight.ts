// The yardstick (`npm run bench -- starlight`): a stock Starlight site built from the
// same chapters as this site's edition (OCS 4.3: each chapter's Markdown as it is,
// its front matter reduced to a title; rules blocks are code to Starlight), in a
// temporary folder with Starlight from the npm registry (nothing of it is kept in
// this repository). One Starlight site, built once, gives both comparisons:
// - build time, both cold (no dist/, no Astro or node_modules/.cache): Starlight's
//   `astro build` (Pagefind included) against this site's whole `npm run build`, and
//   what compiling rules/ adds after an edit (generated/ is committed: a fresh clone
//   compiles nothing);
// - first contentful paint of the same chapter, both served by site/serve.ts and
//   loaded cold the same way (first-paint.ts), with this site's calculator page beside.
// Without the registry (offline) it says so instead of a figure.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { BUILD_INPUTS } from "../../compiler/6-publish/build-inputs.ts";
import { serve } from "../../site/serve.ts";
import { launch, root, startServer } from "../site/helpers/site.ts";
import { firstPaints } from "./first-paint.ts";
import { coldBuild, ms, row } from "./measure.ts";

const RULESET = "ocs";
const EDITION = "4.3";
const CHAPTER = "9-0-ground-combat";
const CALCULATOR = "calculators/ground_combat";
/** Cold loads of each page for the first-paint medians. */
const PAINT_RUNS = 9;

/** Writes the stock Starlight site of the edition's chapters into `dir` and installs it; the number of chapters. */
export function writeStarlight(dir: string): number {
  const astro = (JSON.parse(readFileSync(join(root, "node_modules", "astro", "package.json"), "utf8")) as { version: string }).version;
  const chapters = join(root, "rules", RULESET, EDITION);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "starlight-yardstick", private: true, type: "module", dependencies: { astro, "@astrojs/starlight": "^0.42.4" } }, null, 2));
  writeFileSync(
    join(dir, "astro.config.mjs"),
    `import { defineConfig } from "astro/config";\nimport starlight from "@astrojs/starlight";\nexport default defineConfig({ integrations: [starlight({ title: "OCS 4.3 (stock Starlight)", sidebar: [{ label: "Rules", items: [{ autogenerate: { directory: "rules" } }] }] })] });\n`,
  );
  mkdirSync(join(dir, "src", "content", "docs", "rules"), { recursive: true });
  writeFileSync(join(dir, "src", "content.config.ts"), `import { defineCollection } from "astro:content";\nimport { docsLoader } from "@astrojs/starlight/loaders";\nimport { docsSchema } from "@astrojs/starlight/schema";\nexport const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };\n`);
  writeFileSync(join(dir, "src", "content", "docs", "index.md"), "---\ntitle: OCS 4.3\n---\n\nThe same chapters as Hexlaw's, in stock Starlight.\n");
  let count = 0;
  for (const file of readdirSync(chapters).filter((f) => f.endsWith(".md"))) {
    const text = readFileSync(join(chapters, file), "utf8");
    const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
    const front = (match ? parseYaml(match[1]) : {}) as { title?: string; slug?: string };
    const body = match ? text.slice(match[0].length) : text;
    writeFileSync(join(dir, "src", "content", "docs", "rules", `${front.slug ?? file.replace(/\.md$/, "")}.md`), `---\ntitle: ${JSON.stringify(front.title ?? file)}\n---\n${body}`);
    count++;
  }
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, stdio: "pipe", timeout: 10 * 60_000 });
  return count;
}

/** `hexlaw build` as after an edit: generated/'s record of its inputs removed (the build writes it back, the same). */
function compileAfterEdit(): number {
  rmSync(join(root, "generated", BUILD_INPUTS));
  const start = performance.now();
  execFileSync(process.execPath, [join(root, "compiler/cli/hexlaw.ts"), "build"], { cwd: root, stdio: "pipe" });
  return performance.now() - start;
}

export async function run(): Promise<void> {
  process.stdout.write(`Beside a stock Starlight site of the same chapters (${RULESET} ${EDITION})\n`);
  const dir = mkdtempSync(join(tmpdir(), "hexlaw-starlight-"));
  try {
    let count: number;
    try {
      count = writeStarlight(dir);
    } catch (error) {
      row("stock Starlight", "not measured", `could not install it: ${String((error as Error).message).split("\n")[0]}`);
      return;
    }
    // Build time, both cold, one after the other on this machine.
    const starlightMs = coldBuild(dir, ["node_modules/.bin/astro", "build", "--silent"]);
    const oursMs = coldBuild(root);
    row(`Starlight (${count} chapters): astro build, Pagefind included`, ms(starlightMs));
    row("this site: npm run build (compile, site, search, offline)", ms(oursMs));
    row("build: this site / Starlight", `${(oursMs / starlightMs).toFixed(2)}×`, "target ≤ 1×");
    // generated/ is committed with a record of its inputs, so the cold build above compiled nothing; what an edit to rules/ adds:
    row("  + compile after an edit to rules/ (hexlaw build, no cache)", ms(compileAfterEdit()));

    // First contentful paint, cold, the same chapter on both, served the same way.
    const browser = await launch();
    const ours = await startServer();
    const server = await serve(join(dir, "dist"), 0, "127.0.0.1", "/");
    try {
      // In turns (Starlight, chapter, calculator, Starlight, …), so that the machine's busy moments fall on all three alike.
      const [starlight, chapter, calculator] = await firstPaints(browser, [
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/rules/${CHAPTER}/`,
        `${ours.url}/${RULESET}/${EDITION}/${CHAPTER}/`,
        `${ours.url}/${RULESET}/${EDITION}/${CALCULATOR}/`,
      ], PAINT_RUNS);
      const timings = (p: typeof chapter) => `HTML ${Math.round(p.bytes / 1024)} KB, DOMContentLoaded ${ms(p.domContentLoaded)}, load ${ms(p.load)}`;
      row(`Starlight, chapter ${CHAPTER}: FCP (median of ${starlight.runs} cold)`, ms(starlight.fcp), timings(starlight));
      row(`this site, the same chapter: FCP (median of ${chapter.runs} cold)`, ms(chapter.fcp), timings(chapter));
      row(`this site, ${CALCULATOR}: FCP (median of ${calculator.runs} cold)`, ms(calculator.fcp), timings(calculator));
      row("chapter FCP: this site / Starlight", `${(chapter.fcp / starlight.fcp).toFixed(2)}×`, "target ≤ 1×");
      row("calculator FCP: this site / Starlight's chapter", `${(calculator.fcp / starlight.fcp).toFixed(2)}×`);
    } finally {
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
      await ours.close();
      await browser.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
