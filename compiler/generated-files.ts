import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

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

/** Paths whose content differs between what is on disk and what the compiler would write. */
export function staleFiles(dir: string, files: Map<string, string>): string[] {
  const onDisk = readTree(dir);
  const stale = new Set<string>();
  for (const [path, content] of files) if (onDisk.get(path) !== content) stale.add(path);
  for (const path of onDisk.keys()) if (!files.has(path)) stale.add(path);
  return [...stale].sort();
}

/**
 * Replaces the folder with exactly these files. The new tree is written beside
 * it and swapped in with renames, so an interrupted build never leaves a
 * half-written generated/.
 */
export function writeTree(dir: string, files: Map<string, string>): void {
  const fresh = `${dir}.new-${process.pid}`;
  const old = `${dir}.old-${process.pid}`;
  rmSync(fresh, { recursive: true, force: true });
  for (const [path, content] of files) {
    const target = join(fresh, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  if (existsSync(dir)) renameSync(dir, old);
  renameSync(fresh, dir);
  rmSync(old, { recursive: true, force: true });
}
