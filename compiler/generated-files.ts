import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, posix, relative } from "node:path";

/** Every file under a folder, by path relative to it. */
export function readTree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (current: string) => {
    if (!existsSync(current)) return;
    for (const name of readdirSync(current).sort()) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(dir, path), readFileSync(path, "utf8"));
    }
  };
  walk(dir);
  return files;
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
  return changedFiles(readTree(dir), files);
}

/**
 * Writes the changed paths of a tree: each file is written beside itself and
 * renamed into place (so no file is ever half-written), removed files are deleted.
 */
export function writeChanges(dir: string, files: Map<string, string>, changed: string[]): void {
  for (const path of changed) {
    const target = join(dir, path);
    const content = files.get(path);
    if (content === undefined) {
      rmSync(target, { force: true });
      continue;
    }
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(`${target}.tmp-${process.pid}`, content);
    renameSync(`${target}.tmp-${process.pid}`, target);
  }
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
