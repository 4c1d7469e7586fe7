import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import { basename, dirname, join, posix, relative } from "node:path";

/** Every file under a folder, by path relative to it. */
export function readTree(dir: string): Map<string, string> {
  return new TreeSnapshot().read(dir);
}

/**
 * Reads a folder's files, re-reading only those whose inode, size or modification time changed
 * since the last read (a long-running `--watch` compares with what is on disk,
 * files deleted or edited behind its back included, without reading it all).
 */
export class TreeSnapshot {
  private readonly known = new Map<string, { stamp: string; content: string }>();

  read(dir: string): Map<string, string> {
    const files = new Map<string, string>();
    const seen = new Set<string>();
    const walk = (current: string) => {
      if (!existsSync(current)) return;
      for (const name of readdirSync(current).sort()) {
        const path = join(current, name);
        const stat = statSync(path);
        if (stat.isDirectory()) {
          walk(path);
          continue;
        }
        // Not the change time: linking a file into the next tree changes it, not the file.
        const stamp = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
        let entry = this.known.get(path);
        if (entry?.stamp !== stamp) this.known.set(path, (entry = { stamp, content: readFileSync(path, "utf8") }));
        files.set(relative(dir, path), entry.content);
        seen.add(path);
      }
    };
    walk(dir);
    for (const path of this.known.keys()) if (!seen.has(path)) this.known.delete(path);
    return files;
  }
}

/** Paths whose content differs between two trees (a path in only one of them differs). */
export function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed = new Set<string>();
  for (const [path, content] of after) if (before.get(path) !== content) changed.add(path);
  for (const path of before.keys()) if (!after.has(path)) changed.add(path);
  return [...changed].sort();
}

/** Paths whose content differs between what is on disk and what the compiler would write. */
export function staleFiles(dir: string, files: Map<string, string>): string[] {
  recoverTree(dir);
  return changedFiles(readTree(dir), files);
}

/** The write phase of a build: `dir` (generated/) replaced as a whole by `files` if anything differs; returns the paths that changed. */
export function writeGenerated(dir: string, files: Map<string, string>, snapshot = new TreeSnapshot()): string[] {
  recoverTree(dir);
  const changed = changedFiles(snapshot.read(dir), files);
  if (changed.length > 0) replaceTree(dir, files, changed);
  return changed;
}

/**
 * The siblings a replacement of `dir` works in: `<dir>.tmp-<pid>` (the new tree) and `<dir>.old-<pid>`
 * (the old one), or `.<dir>.tmp-<pid>` … when `hidden`, so that a reader of the parent folder that
 * skips dot-files (the compiler reading rules/) never takes them for folders of its own.
 */
const sibling = (dir: string, kind: "tmp" | "old", hidden: boolean, pid = process.pid) => join(dirname(dir), `${hidden ? "." : ""}${basename(dir)}.${kind}-${pid}`);

/**
 * Replaces a folder (generated/) with a new tree as a whole, so a reader, or a
 * build killed at any moment, finds either the old tree or the new one, never a
 * mix. The new tree is made in a sibling folder (`generated.tmp-<pid>`: files
 * that did not change are hard-linked from the current tree, the others written),
 * then two renames swap it in (see swapTree).
 */
export function replaceTree(dir: string, files: Map<string, string>, changed: string[]): void {
  const rewritten = new Set(changed);
  swapTree(dir, (fresh, step) => {
    for (const [path, content] of files) {
      const target = join(fresh, path);
      mkdirSync(dirname(target), { recursive: true });
      if (rewritten.has(path) || !linked(join(dir, path), target)) writeFileSync(target, content);
      step(`file ${path}`);
    }
  });
}

/**
 * Swaps in, as a whole, the tree `fill` makes in a fresh sibling of `dir`: two
 * renames move the current tree to `<dir>.old-<pid>` and the new one to `dir`; then
 * the old tree is deleted. Only between the two renames (two system calls,
 * microseconds) is there no `dir`; a run killed there leaves `<dir>.old-<pid>`,
 * which the next run (or `hexlaw check`) puts back before anything else
 * (recoverTree), as it deletes every other leftover of a killed run. A `fill` that
 * throws leaves `dir` as it was.
 */
export function swapTree(dir: string, fill: (fresh: string, step: (label: string) => void) => void, hidden = false): void {
  recoverTree(dir, hidden);
  const fresh = sibling(dir, "tmp", hidden);
  const old = sibling(dir, "old", hidden);
  rmSync(fresh, { recursive: true, force: true });
  const step = writeStep();
  step("start");
  try {
    mkdirSync(fresh, { recursive: true });
    fill(fresh, step);
  } catch (error) {
    rmSync(fresh, { recursive: true, force: true });
    throw error;
  }
  const hadTree = existsSync(dir);
  if (hadTree) renameSync(dir, old);
  step("old tree set aside");
  renameSync(fresh, dir);
  step("new tree in place");
  if (hadTree) rmSync(old, { recursive: true, force: true });
  step("old tree deleted");
}

/** Hard-links an unchanged file into the new tree (false if the file system cannot). */
export function linked(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch {
    return false;
  }
}

/**
 * Cleans up after a replacement that was killed: puts the old tree back if it was
 * set aside and no new one took its place, and deletes the other leftovers. A
 * leftover of a run that is still going (another process) is left alone.
 */
export function recoverTree(dir: string, hidden = false): void {
  const parent = dirname(dir);
  const name = `${hidden ? "." : ""}${basename(dir)}`;
  if (!existsSync(parent)) return;
  for (const entry of readdirSync(parent)) {
    const [, kind, pid] = (entry.startsWith(`${name}.`) && /^(tmp|old)-(\d+)$/.exec(entry.slice(name.length + 1))) || [];
    if (!kind || isRunning(Number(pid))) continue;
    const path = join(parent, entry);
    if (kind === "old" && !existsSync(dir)) renameSync(path, dir);
    else rmSync(path, { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * A hook for the test that kills a build at chosen points of the write phase
 * (test/compiler/cli/atomic-build.test.ts): with HEXLAW_TEST_WRITE_STEPS set, each
 * step is announced on stderr, and the build stops at the step it names until it
 * is killed. Unset (always, outside that test), it does nothing.
 */
function writeStep(): (label: string) => void {
  const stopAt = process.env.HEXLAW_TEST_WRITE_STEPS;
  if (stopAt === undefined) return () => {};
  let n = 0;
  return (label) => {
    writeSync(2, `write step ${n}: ${label}\n`);
    if (String(n++) === stopAt) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
  };
}

/** Where generated/ holds the runtime (a copy of compiler/runtime/), and the entry engines import. */
export const RUNTIME_FOLDER = "runtime";
export const RUNTIME_ENTRY = `${RUNTIME_FOLDER}/runtime.ts`;

/** Where generated/ holds a notation grammar's parser (plain JavaScript, shared by every edition). */
export const notationModule = (grammar: string): string => `notations/${grammar}.js`;

/** An edition's folder in generated/ (`ocs/4.3`), and the path from it to a file at generated/'s top. */
export function editionFolder(ruleset: string, edition: string): { folder: string; toTop(file: string): string } {
  const folder = `${ruleset}/${edition}`;
  return { folder, toTop: (file) => posix.relative(folder, file) };
}
