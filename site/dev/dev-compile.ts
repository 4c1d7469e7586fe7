// `npm run dev` (astro dev): the dev server compiles rules/ itself, as `hexlaw build --watch`
// does, and tells the open pages what each build changed. A page that depends on it reloads
// (site/dev/dev-client.ts); a build with errors leaves generated/ as it was and shows its
// diagnostics over every open page until a build succeeds.
import { join } from "node:path";
import type { ViteDevServer } from "vite";
import type { BuildOutcome } from "../../compiler/cli/build.ts";
import { startWatching } from "../../compiler/cli/watch.ts";
import { formatDiagnostic, where } from "../../compiler/diagnostics/format.ts";
import { RUNTIME_FOLDER } from "../../compiler/generated-files.ts";
import { base } from "../lib/base.ts";
import { ASK, BUILT, type BuildNews, type ShownDiagnostic } from "./messages.ts";

export function compileWhileServing(server: ViteDevServer, root: string): void {
  let last: BuildNews = { pages: [], errors: [] };
  // Files saved while builds failed: the pages showing them reload once a build succeeds.
  let unshown: string[] = [];
  const onBuild = (outcome: BuildOutcome, saved: string[]) => {
    unshown.push(...saved);
    if (outcome.ok) forget(server, root, outcome.changed);
    last = { pages: outcome.ok ? pagesOf([...outcome.changed.map((file) => `generated/${file}`), ...unshown]) : [], errors: shown(outcome) };
    if (outcome.ok) unshown = [];
    server.hot.send(BUILT, last);
  };
  // A page opened (or reloaded) since the last build asks what it said: errors stay shown until fixed.
  server.hot.on(ASK, (_data, client) => client.send(BUILT, { pages: [], errors: last.errors }));
  const watching = startWatching(root, { onBuild });
  server.httpServer?.once("close", () => void watching.then((watcher) => watcher.close()));
}

function shown(outcome: BuildOutcome): ShownDiagnostic[] {
  if (outcome.ok) return [];
  const source = (file: string) => outcome.result.sources.get(file);
  return outcome.result.diagnostics
    .filter((d) => d.severity === "error")
    .map((d) => ({ code: d.code, message: d.message, place: d.place ? where(d.place) : null, text: formatDiagnostic(d, source) }));
}

/**
 * The pages that show what changed, as path prefixes: an edition's generated files are its
 * pages (and its ruleset's changes pages); a saved document is every page of its ruleset (an
 * edition that extends another shows the other's chapters); the corpus index, the runtime
 * and the grammars are every page; the language reference is its own page; the record of
 * what generated/ was built from is none.
 */
export function pagesOf(files: string[]): string[] {
  const pages = new Set<string>();
  for (const file of files) {
    const parts = file.split("/");
    // What generated/ was built from (.build-inputs.json) is no page's.
    if (parts[0] === "generated" && parts.at(-1)!.startsWith(".")) continue;
    if (file === "grammar/README.md") pages.add(`${base}language/`);
    else if (parts[0] === "generated" && parts.length >= 4 && parts[1] !== RUNTIME_FOLDER) {
      pages.add(`${base}${parts[1]}/${parts[2]}/`);
      pages.add(`${base}${parts[1]}/changes/`);
    } else if (parts[0] === "rules" && parts.length >= 3) pages.add(`${base}${parts[1]}/`);
    else pages.add("*");
  }
  return pages.has("*") ? ["*"] : [...pages].sort();
}

/** Modules of generated/ the browser or the pages loaded are stale once rewritten: the next load transforms them again. */
function forget(server: ViteDevServer, root: string, changed: string[]): void {
  for (const environment of Object.values(server.environments)) {
    for (const file of changed) {
      for (const module of environment.moduleGraph.getModulesByFile(join(root, "generated", file)) ?? []) environment.moduleGraph.invalidateModule(module);
    }
  }
}
