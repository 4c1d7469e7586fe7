import { watch as watchFiles } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { BuildCache, DocumentCache } from "../cache.ts";
import { buildOnce, cacheDir, isEngine } from "./build.ts";

/** The grammars the compiler reads (they belong to the compiler, not to a corpus). */
const GRAMMAR_DIR = new URL("../../grammar/", import.meta.url);

/**
 * `hexlaw build --watch`: builds, then rebuilds whenever a file under rules/ or
 * grammar/ is saved. Unchanged documents come from the in-memory cache, so a
 * rebuild re-reads only what was edited. Runs until interrupted.
 */
export async function watch(root: string): Promise<number> {
  const cache = new BuildCache(DocumentCache.load(cacheDir(root)));
  // generated/ as the last successful build wrote it, so a rebuild need not read it back.
  let written: Map<string, string> | undefined;
  let running = false;
  let again = false;
  let saver: NodeJS.Timeout | undefined;

  const rebuild = async (reason: string) => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    const outcome = await buildOnce(root, cache, written);
    const time = `${Math.round(outcome.ms)} ms`;
    if (!outcome.ok) process.stdout.write(`[${clock()}] ${reason}: errors (above); generated/ unchanged (${time}).\n`);
    else {
      const engines = outcome.changed.filter(isEngine);
      const what = outcome.changed.length === 0 ? "nothing changed" : engines.length > 0 ? `engines changed: ${engines.join(", ")}` : `${outcome.changed.length} data file(s) changed, no engine`;
      process.stdout.write(`[${clock()}] ${reason}: ${what} (${time}).\n`);
      written = outcome.result.files;
      // Saving the cache takes a moment: do it when the edits pause, not before the next rebuild.
      clearTimeout(saver);
      saver = setTimeout(() => cache.documents.save(cacheDir(root)), 2000);
    }
    running = false;
    if (again) {
      again = false;
      await rebuild("more changes");
    }
  };

  await rebuild("initial build");
  let timer: NodeJS.Timeout | undefined;
  const changed = new Set<string>();
  const onChange = (dir: string) => (_event: string, file: string | Buffer | null) => {
    if (file) changed.add(join(dir, String(file)));
    clearTimeout(timer);
    // Editors save in several steps; wait for the burst to end.
    timer = setTimeout(() => {
      const files = [...changed].join(", ");
      changed.clear();
      void rebuild(files || "change");
    }, 25);
  };
  watchFiles(join(root, "rules"), { recursive: true }, onChange("rules"));
  watchFiles(fileURLToPath(GRAMMAR_DIR), { recursive: true }, onChange("grammar"));
  process.stdout.write(`Watching rules/ and grammar/ (Ctrl-C to stop).\n`);
  return new Promise<number>(() => {});
}

function clock(): string {
  return new Date().toTimeString().slice(0, 8);
}
