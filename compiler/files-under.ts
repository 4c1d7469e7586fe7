import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

/**
 * Every file under `dir` (links to files included, by what they point to), as sorted
 * paths relative to `from` with `/` separators; none when `dir` is not a folder.
 */
export function filesUnder(dir: string, from: string): string[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() || (entry.isSymbolicLink() && isFile(join(entry.parentPath, entry.name))))
    .map((entry) => relative(from, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
