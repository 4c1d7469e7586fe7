import { join, resolve } from "node:path";
import { CACHE_FOLDER, fingerprint } from "../cache-files.ts";
import type { BuildCache } from "../cache.ts";
import type { CompileResult } from "../compile.ts";
import { upToDate } from "../build-inputs.ts";
import { RUNTIME_FOLDER, TreeSnapshot, writeGenerated } from "../generated-files.ts";
import { printDiagnostics } from "./report.ts";

// The compiler is loaded when there is something to compile (see build()), not to find that there is not.

/**
 * Where `hexlaw build` and `hexlaw check` keep what a build can reuse between runs
 * (compiler/cache.ts: documents, engines, example runs, comparisons): in Hexlaw's own
 * node_modules/.cache (never committed), one folder per corpus, so building a
 * corpus elsewhere leaves nothing behind in it.
 */
export function cacheDir(root: string): string {
  return join(CACHE_FOLDER, fingerprint(resolve(root)));
}

export interface BuildOutcome {
  ok: boolean;
  /** Files of generated/ whose content changed. */
  changed: string[];
  ms: number;
  result: CompileResult;
}

/**
 * Compiles and, only if there are no errors and something changed, replaces
 * generated/ as a whole (see replaceTree). What is there is compared as it is on
 * disk now (`snapshot` spares a long-running process re-reading unchanged files),
 * so a file deleted or edited behind the back of `--watch` is written again.
 */
export async function buildOnce(root: string, cache: BuildCache, snapshot = new TreeSnapshot()): Promise<BuildOutcome> {
  const started = performance.now();
  const { compile } = await import("../compile.ts");
  const result = await compile({ root, cache });
  const errors = printDiagnostics(result.diagnostics, result.sources);
  if (errors > 0) return { ok: false, changed: [], ms: performance.now() - started, result };
  const changed = writeGenerated(join(root, "generated"), result.files, snapshot);
  return { ok: true, changed, ms: performance.now() - started, result };
}

export async function build(root: string): Promise<number> {
  // Nothing changed since generated/ was built (its record, build-inputs.ts): nothing to compile.
  const current = upToDate(root);
  if (current) {
    const warnings = current.warnings > 0 ? ` It has ${current.warnings} warning(s): \`hexlaw check\` shows them.` : "";
    process.stdout.write(`generated/ is up to date: rules/, the compiler and its dependencies are as it was built from.${warnings}\n`);
    return 0;
  }
  const { BuildCache } = await import("../cache.ts");
  const cache = BuildCache.load(cacheDir(root));
  const outcome = await buildOnce(root, cache);
  if (!outcome.ok) {
    process.stderr.write("Build failed; generated/ was not changed.\n");
    return 1;
  }
  cache.save(cacheDir(root));
  const engines = [...outcome.result.files.keys()].filter(isEngine).length;
  const summary = outcome.changed.length === 0 ? "generated/ was already up to date" : `${outcome.changed.length} file(s) changed`;
  process.stdout.write(`Built ${engines} engine(s) in ${Math.round(outcome.ms)} ms; ${summary}.\n`);
  return 0;
}

export function isEngine(path: string): boolean {
  // generated/<ruleset>/<edition>/<procedure>.ts; the runtime and the notation parsers are shared modules.
  return /^[^/]+\/[^/]+\/[^/]+\.ts$/.test(path) && !path.endsWith(".d.ts") && !path.startsWith(`${RUNTIME_FOLDER}/`);
}
