import { existsSync, readdirSync, watch as watchFiles, type FSWatcher } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { BuildCache } from "../cache.ts";
import { TreeSnapshot } from "../generated-files.ts";
import { GRAMMAR_DIR } from "../grammars.ts";
import { buildOnce, cacheDir, isEngine, type BuildOutcome } from "./build.ts";

/** A running `--watch`: its rebuild (what a saved file triggers) and how to stop it. */
export interface Watcher {
  /** Rebuilds now (or, if a rebuild is running, once more after it), and resolves when done. */
  rebuild(reason: string): Promise<void>;
  close(): void;
}

export interface WatchOptions {
  /** Watch rules/ and grammar/ (true unless said otherwise); without, only `rebuild` builds. */
  files?: boolean;
  /** Told of every build, with the files of rules/ and grammar/ saved since the one before (relative to the root). */
  onBuild?: (outcome: BuildOutcome, saved: string[]) => void;
}

/**
 * Builds, then rebuilds whenever a file under rules/ or grammar/ is saved (unless
 * `files` is false: then only `rebuild` does). Unchanged documents come from the
 * in-memory cache, so a rebuild re-reads only what was edited; generated/ is
 * compared as it is on disk, so a file deleted from it is written again.
 */
export async function startWatching(root: string, options: WatchOptions = {}): Promise<Watcher> {
  const cache = BuildCache.load(cacheDir(root));
  const snapshot = new TreeSnapshot();
  let running: Promise<void> | undefined;
  let again: Promise<void> | undefined;
  let saver: NodeJS.Timeout | undefined;

  const once = async (reason: string, saved: string[]) => {
    const outcome = await buildOnce(root, cache, snapshot);
    options.onBuild?.(outcome, saved);
    const time = `${Math.round(outcome.ms)} ms`;
    if (!outcome.ok) process.stdout.write(`[${clock()}] ${reason}: errors (above); generated/ unchanged (${time}).\n`);
    else {
      const engines = outcome.changed.filter(isEngine);
      const what = outcome.changed.length === 0 ? "nothing changed" : engines.length > 0 ? `engines changed: ${engines.join(", ")}` : `${outcome.changed.length} data file(s) changed, no engine`;
      process.stdout.write(`[${clock()}] ${reason}: ${what} (${time}).\n`);
      // Saving the cache takes a moment: do it when the edits pause, not before the next rebuild.
      clearTimeout(saver);
      saver = setTimeout(() => cache.save(cacheDir(root)), 2000);
      saver.unref();
    }
  };
  // What was saved since the last build began: the next build reports it.
  let saved = new Set<string>();
  const rebuild = (reason: string): Promise<void> => {
    if (!running) {
      const files = [...saved];
      saved = new Set();
      running = once(reason, files).finally(() => (running = undefined));
      return running;
    }
    // One more rebuild after the running one covers every change made meanwhile.
    again ??= running.then(() => {
      again = undefined;
      return rebuild("more changes");
    });
    return again;
  };

  const watchers = new Map<string, FSWatcher>();
  if (options.files ?? true) {
    let timer: NodeJS.Timeout | undefined;
    const changed = new Set<string>();
    const folders: [string, string][] = [[join(root, "rules"), "rules"], [fileURLToPath(GRAMMAR_DIR), "grammar"]];
    /**
     * One watcher per folder, not one recursive watcher: an editor that saves by
     * writing a new file and renaming it over the old one (vim, `sed -i`) replaces
     * what a recursive watcher on Linux watches, and later saves went unseen. A
     * folder's own watcher sees every entry renamed into it. New folders are
     * watched after each change.
     */
    const follow = () => {
      const present = new Set<string>();
      for (const [top, name] of folders) {
        for (const dir of subfolders(top)) {
          present.add(dir);
          if (!watchers.has(dir)) watchers.set(dir, watchFiles(dir, onChange(join(name, relative(top, dir)))).on("error", () => watchers.delete(dir)));
        }
      }
      for (const [dir, watcher] of watchers) {
        if (present.has(dir)) continue;
        watcher.close();
        watchers.delete(dir);
      }
    };
    const onChange = (dir: string) => (_event: string, file: string | Buffer | null) => {
      if (file) {
        changed.add(join(dir, String(file)));
        saved.add(join(dir, String(file)));
      }
      clearTimeout(timer);
      // Editors save in several steps; wait for the burst to end.
      timer = setTimeout(() => {
        const files = [...changed].join(", ");
        changed.clear();
        follow();
        void rebuild(files || "change");
      }, 25);
    };
    follow();
  }
  // Watching from before the first build: a file saved while it runs is built after it.
  await rebuild("initial build");
  return {
    rebuild,
    close() {
      for (const watcher of watchers.values()) watcher.close();
      clearTimeout(saver);
    },
  };
}

/** A folder and every folder inside it. */
function subfolders(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return [dir, ...readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).flatMap((e) => subfolders(join(dir, e.name)))];
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
