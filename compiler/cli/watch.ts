import { watch as watchFiles, type FSWatcher } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { BuildCache, DocumentCache } from "../cache.ts";
import { TreeSnapshot } from "../generated-files.ts";
import { GRAMMAR_DIR } from "../grammars.ts";
import { buildOnce, cacheDir, isEngine } from "./build.ts";

/** A running `--watch`: its rebuild (what a saved file triggers) and how to stop it. */
export interface Watcher {
  /** Rebuilds now (or, if a rebuild is running, once more after it), and resolves when done. */
  rebuild(reason: string): Promise<void>;
  close(): void;
}

/**
 * Builds, then rebuilds whenever a file under rules/ or grammar/ is saved (unless
 * `files` is false: then only `rebuild` does). Unchanged documents come from the
 * in-memory cache, so a rebuild re-reads only what was edited; generated/ is
 * compared as it is on disk, so a file deleted from it is written again.
 */
export async function startWatching(root: string, options: { files?: boolean } = {}): Promise<Watcher> {
  const cache = new BuildCache(DocumentCache.load(cacheDir(root)));
  const snapshot = new TreeSnapshot();
  let running: Promise<void> | undefined;
  let again: Promise<void> | undefined;
  let saver: NodeJS.Timeout | undefined;

  const once = async (reason: string) => {
    const outcome = await buildOnce(root, cache, snapshot);
    const time = `${Math.round(outcome.ms)} ms`;
    if (!outcome.ok) process.stdout.write(`[${clock()}] ${reason}: errors (above); generated/ unchanged (${time}).\n`);
    else {
      const engines = outcome.changed.filter(isEngine);
      const what = outcome.changed.length === 0 ? "nothing changed" : engines.length > 0 ? `engines changed: ${engines.join(", ")}` : `${outcome.changed.length} data file(s) changed, no engine`;
      process.stdout.write(`[${clock()}] ${reason}: ${what} (${time}).\n`);
      // Saving the cache takes a moment: do it when the edits pause, not before the next rebuild.
      clearTimeout(saver);
      saver = setTimeout(() => cache.documents.save(cacheDir(root)), 2000);
      saver.unref();
    }
  };
  const rebuild = (reason: string): Promise<void> => {
    if (!running) {
      running = once(reason).finally(() => (running = undefined));
      return running;
    }
    // One more rebuild after the running one covers every change made meanwhile.
    again ??= running.then(() => {
      again = undefined;
      return rebuild("more changes");
    });
    return again;
  };

  await rebuild("initial build");
  const watchers: FSWatcher[] = [];
  if (options.files ?? true) {
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
    watchers.push(watchFiles(join(root, "rules"), { recursive: true }, onChange("rules")));
    watchers.push(watchFiles(fileURLToPath(GRAMMAR_DIR), { recursive: true }, onChange("grammar")));
  }
  return {
    rebuild,
    close() {
      for (const watcher of watchers) watcher.close();
      clearTimeout(saver);
    },
  };
}

/** `hexlaw build --watch`: runs until interrupted. */
export async function watch(root: string): Promise<number> {
  await startWatching(root);
  process.stdout.write(`Watching rules/ and grammar/ (Ctrl-C to stop).\n`);
  return new Promise<number>(() => {});
}

function clock(): string {
  return new Date().toTimeString().slice(0, 8);
}
