// Hexlaw is TypeScript that Node runs as it is (type stripping, Node 22.18+), but Node
// strips no file under node_modules, and there an installed Hexlaw lives (a rulebook
// repository's dev dependency). The entries an installed package is started by
// (compiler/cli/hexlaw.mjs, site/astro.mjs) load this first: it strips the types of
// Hexlaw's own .ts files and of no one else's. Worker threads load it too
// (compiler/worker-flags.ts): hooks are per thread. In a clone it does nothing.
import { readFileSync } from "node:fs";
import { registerHooks, stripTypeScriptTypes } from "node:module";

/** The installed package's folder, as a file: URL prefix. */
const PACKAGE = new URL("../", import.meta.url).href;

/** Whether this copy of Hexlaw is an installed package (Node strips its types itself otherwise). */
export const installed = PACKAGE.includes("/node_modules/");

/** The hooks' own module, for the flags a worker thread starts with. */
export const HOOKS = import.meta.url;

const registered = Symbol.for("hexlaw.typescriptHooks");
if (installed && !globalThis[registered]) {
  globalThis[registered] = true;
  // Node calls stripTypeScriptTypes experimental and says so once per thread; it is the very
  // transform Node applies to a .ts file outside node_modules, which Hexlaw runs on in a clone.
  const emitWarning = process.emitWarning;
  process.emitWarning = function (warning, ...rest) {
    if (String(warning).startsWith("stripTypeScriptTypes")) return;
    return emitWarning.call(this, warning, ...rest);
  };
  registerHooks({
    load(url, context, nextLoad) {
      if (!url.startsWith(PACKAGE) || !url.endsWith(".ts") || url.slice(PACKAGE.length).includes("/node_modules/")) return nextLoad(url, context);
      return { format: "module", source: stripTypeScriptTypes(readFileSync(new URL(url), "utf8")), shortCircuit: true };
    },
  });
}
