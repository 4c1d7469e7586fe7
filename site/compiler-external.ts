// The compiler's modules, as Node loads them, for the pages the build renders: the
// pages use its Markdown plugins and rule index (compiler/markdown/, …), and the
// integration has loaded the compiler into the build's process already to compile
// rules/ (site/integration.ts). Bundled, they were transformed again by Vite and
// loaded a second time beside the first, each copy with its own caches (every rule
// index read twice). Left outside the server bundle, the pages import the very
// modules the integration loaded. The browser's bundle is not concerned (no script
// of the site imports the compiler), nor the dev server (it reloads edited modules).
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Plugin } from "vite";

const COMPILER = join(fileURLToPath(new URL("..", import.meta.url)), "compiler") + sep;

export function compilerExternal(): Plugin {
  return {
    name: "hexlaw:compiler-external",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      if (this.environment?.name === "client" || !importer || !source.startsWith(".") || source.includes("?")) return null;
      const path = resolve(dirname(importer), source);
      return path.startsWith(COMPILER) ? { id: pathToFileURL(path).href, external: true } : null;
    },
  };
}
