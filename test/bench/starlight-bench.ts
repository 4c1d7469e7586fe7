// A stock Starlight site built from the same chapters, cold, side by side with this
// site's `npm run build`: `node test/bench/starlight-bench.ts [ruleset/edition]`.
// Starlight and its Astro come from the npm registry into a temporary folder, which
// is removed afterwards; nothing of it is kept. Not part of `npm run bench` (the
// install needs the registry); the issue's target is "no slower than Starlight".
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root } from "../site/helpers/site.ts";
import { ms, row } from "./measure.ts";

const [ruleset, edition] = (process.argv[2] ?? "ocs/4.3").split("/");
const chapters = join(root, "rules", ruleset, edition);
const dir = join(tmpdir(), `hexlaw-starlight-${process.pid}`);

/** A chapter as a Starlight page: its title in front matter, its body as it is (rules blocks are code to Starlight). */
function starlightPage(text: string): { title: string; body: string; slug: string } {
  const front = /^---\n([\s\S]*?)\n---\n/.exec(text);
  const field = (name: string) => new RegExp(`^${name}:\\s*"?([^"\\n]*)"?`, "m").exec(front?.[1] ?? "")?.[1] ?? "";
  const body = text.slice(front?.[0].length ?? 0).replace(/^\s*# [^\n]*\n/, "");
  return { title: `${field("section")} ${field("title")}`.trim(), body, slug: field("slug") };
}

function timed(args: string[]): number {
  const start = performance.now();
  execFileSync("npx", args, { cwd: dir, stdio: "pipe" });
  return performance.now() - start;
}

mkdirSync(join(dir, "src/content/docs"), { recursive: true });
try {
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "starlight-bench", private: true, type: "module" }));
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", "@astrojs/starlight", "astro", "sharp"], { cwd: dir, stdio: "pipe" });
  writeFileSync(
    join(dir, "astro.config.mjs"),
    `import { defineConfig } from "astro/config";\nimport starlight from "@astrojs/starlight";\nexport default defineConfig({ integrations: [starlight({ title: ${JSON.stringify(`${ruleset} ${edition}`)}, sidebar: [{ label: "Rules", autogenerate: { directory: "rules" } }] })] });\n`,
  );
  writeFileSync(join(dir, "src/content.config.ts"), `import { defineCollection } from "astro:content";\nimport { docsLoader } from "@astrojs/starlight/loaders";\nimport { docsSchema } from "@astrojs/starlight/schema";\nexport const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };\n`);
  mkdirSync(join(dir, "src/content/docs/rules"), { recursive: true });
  writeFileSync(join(dir, "src/content/docs/index.md"), `---\ntitle: ${ruleset} ${edition}\n---\n\nThe rulebook.\n`);
  let count = 0;
  for (const name of readdirSync(chapters).filter((n) => n.endsWith(".md"))) {
    const page = starlightPage(readFileSync(join(chapters, name), "utf8"));
    writeFileSync(join(dir, "src/content/docs/rules", `${page.slug || name.replace(/\.md$/, "")}.md`), `---\ntitle: ${JSON.stringify(page.title)}\n---\n${page.body}`);
    count++;
  }
  const starlight = timed(["astro", "build"]);
  rmSync(join(root, "dist"), { recursive: true, force: true });
  rmSync(join(root, "node_modules/.astro"), { recursive: true, force: true });
  const start = performance.now();
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: "pipe" });
  const ours = performance.now() - start;
  process.stdout.write(`Starlight against this site, ${ruleset}/${edition} (${count} chapters), both cold\n`);
  row("stock Starlight: astro build (Pagefind included)", ms(starlight));
  row("this site: npm run build (compile, site, search index)", ms(ours));
  row("this site / Starlight", `${(ours / starlight).toFixed(2)}×`, "target ≤ 1×");
} finally {
  rmSync(dir, { recursive: true, force: true });
}
