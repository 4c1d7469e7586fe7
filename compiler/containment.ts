import { lstatSync, readdirSync, readlinkSync, realpathSync, type Stats } from "node:fs";
import { join, relative, sep } from "node:path";

/**
 * Path containment: every path Hexlaw reads or writes on behalf of untrusted data
 * (rules/, a Hugo source being imported, the rule index's file names) stays inside
 * its root after links are followed. The compiler (1-read), the importer and the site
 * all ask here, so there is one answer to "is this inside?".
 */

/** Is `path` the folder `dir` or inside it? Both real paths (or both as written, for a check before links). */
export function isInside(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

export type Resolved = { real: string; problem?: undefined } | { real?: undefined; problem: "outside"; target: string } | { real?: undefined; problem: "missing" };

/**
 * `path` with its links followed, if that stays inside `realRoot` (a real path):
 * otherwise why not — it leads outside (to `target`), or to nothing.
 */
export function resolveInside(path: string, realRoot: string): Resolved {
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    return { problem: "missing" };
  }
  return isInside(real, realRoot) ? { real } : { problem: "outside", target: real };
}

/** The real path of a folder, or null when there is none (or it is not a folder). */
export function realFolder(path: string): string | null {
  try {
    const real = realpathSync(path);
    return lstatSync(real).isDirectory() ? real : null;
  } catch {
    return null;
  }
}

/** An entry of a folder as it is on disk, links not followed. */
export interface Entry {
  path: string;
  /** Relative to the folder walked, with `/` separators. */
  relative: string;
  kind: "file" | "folder" | "link" | "other";
  /** Its size in bytes (of a link: of the link itself). */
  size: number;
}

/**
 * Every entry under `dir`, in sorted order, found without following a link: a link
 * is an entry of its own (what it points to is looked at by whoever wants it, with
 * `resolveInside`), so a walk never leaves `dir` and never loops. Unreadable folders,
 * and entries whose name `skip` says, are skipped. Nothing is opened but folders.
 */
export function walk(dir: string, skip: (name: string) => boolean = () => false): Entry[] {
  const entries: Entry[] = [];
  const visit = (at: string) => {
    let names: string[];
    try {
      names = readdirSync(at).sort();
    } catch {
      return;
    }
    for (const name of names) {
      if (skip(name)) continue;
      const path = join(at, name);
      let stat: Stats;
      try {
        stat = lstatSync(path);
      } catch {
        continue;
      }
      const kind = stat.isSymbolicLink() ? "link" : stat.isDirectory() ? "folder" : stat.isFile() ? "file" : "other";
      entries.push({ path, relative: relative(dir, path).split(sep).join("/"), kind, size: stat.size });
      if (kind === "folder") visit(path);
    }
  };
  visit(dir);
  return entries;
}

/** Where a link points, as written in it (for a fingerprint that does not follow it). */
export function linkTarget(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return "";
  }
}

/** The links under `dir` that lead outside `realRoot` (followed to the end), each with where they lead. */
export function linksLeaving(dir: string, realRoot: string): { entry: Entry; target: string }[] {
  return walk(dir).flatMap((entry) => {
    if (entry.kind !== "link") return [];
    const resolved = resolveInside(entry.path, realRoot);
    return resolved.problem === "outside" ? [{ entry, target: resolved.target }] : [];
  });
}
