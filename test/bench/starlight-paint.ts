// The yardstick for first paint (`npm run bench -- starlight`; starlight-bench.ts
// compares build times): a stock Starlight site built from the same chapter
// Markdown (OCS 4.3's chapters, their front matter reduced to a title), in a temporary
// folder with Starlight from the npm registry (nothing of it is kept in this
// repository), served the same way and measured the same way as Hexlaw's chapter.
// Without the registry (offline) it says so instead of a figure.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { serve } from "../../site/serve.ts";
import { launch, root, startServer } from "../site/helpers/site.ts";
import { firstPaint } from "./first-paint.ts";
import { ms, row } from "./measure.ts";

const EDITION = join(root, "rules", "ocs", "4.3");
const CHAPTER = "9-0-ground-combat";

/** Builds the stock Starlight site; its dist/ folder. */
function buildStarlight(dir: string): string {
  const astro = (JSON.parse(readFileSync(join(root, "node_modules", "astro", "package.json"), "utf8")) as { version: string }).version;
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "starlight-yardstick", private: true, type: "module", dependencies: { astro, "@astrojs/starlight": "^0.42.4" } }, null, 2));
  writeFileSync(join(dir, "astro.config.mjs"), `import { defineConfig } from "astro/config";\nimport starlight from "@astrojs/starlight";\nexport default defineConfig({ integrations: [starlight({ title: "OCS 4.3 (stock Starlight)" })] });\n`);
  mkdirSync(join(dir, "src", "content", "docs"), { recursive: true });
  writeFileSync(join(dir, "src", "content.config.ts"), `import { defineCollection } from "astro:content";\nimport { docsLoader } from "@astrojs/starlight/loaders";\nimport { docsSchema } from "@astrojs/starlight/schema";\nexport const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };\n`);
  writeFileSync(join(dir, "src", "content", "docs", "index.md"), "---\ntitle: OCS 4.3\n---\n\nThe same chapters as Hexlaw's, in stock Starlight.\n");
  for (const file of readdirSync(EDITION).filter((f) => f.endsWith(".md"))) {
    const text = readFileSync(join(EDITION, file), "utf8");
    const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
    const front = (match ? parseYaml(match[1]) : {}) as { title?: string; slug?: string };
    const body = match ? text.slice(match[0].length) : text;
    writeFileSync(join(dir, "src", "content", "docs", `${front.slug ?? file.replace(/\.md$/, "")}.md`), `---\ntitle: ${JSON.stringify(front.title ?? file)}\n---\n${body}`);
  }
  const quiet = { cwd: dir, stdio: "pipe" as const, timeout: 10 * 60_000 };
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], quiet);
  execFileSync(join(dir, "node_modules", ".bin", "astro"), ["build", "--silent"], quiet);
  return join(dir, "dist");
}

export async function run(): Promise<void> {
  process.stdout.write("First paint beside stock Starlight (same chapter Markdown)\n");
  const dir = mkdtempSync(join(tmpdir(), "hexlaw-starlight-"));
  const browser = await launch();
  const ours = await startServer();
  try {
    let dist: string;
    try {
      dist = buildStarlight(dir);
    } catch (error) {
      row("stock Starlight", "not measured", `could not install or build it: ${String((error as Error).message).split("\n")[0]}`);
      return;
    }
    const server = await serve(dist, 0, "127.0.0.1", "/");
    try {
      const starlight = await firstPaint(browser, `http://127.0.0.1:${(server.address() as AddressInfo).port}/${CHAPTER}/`);
      const hexlaw = await firstPaint(browser, `${ours.url}/ocs/4.3/${CHAPTER}/`);
      row(`Hexlaw, chapter ${CHAPTER} (median of ${hexlaw.runs} cold)`, ms(hexlaw.fcp), `DOMContentLoaded ${ms(hexlaw.domContentLoaded)}`);
      row(`stock Starlight, the same chapter (median of ${starlight.runs} cold)`, ms(starlight.fcp), `DOMContentLoaded ${ms(starlight.domContentLoaded)}`);
      row("Hexlaw against Starlight", `${(hexlaw.fcp / starlight.fcp).toFixed(2)}×`, "target ≤ 1.00×");
    } finally {
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
    }
  } finally {
    await browser.close();
    await ours.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
