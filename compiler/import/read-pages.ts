import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, posix } from "node:path";
import { parse as parseYaml } from "yaml";
import { FIGURE_LIMITS, isFigureImage } from "../1-read/figure-file.ts";
import { decodeSource, MAX_SOURCE_BYTES } from "../1-read/read-source.ts";
import { realFolder, resolveInside, walk } from "../containment.ts";

/** One Markdown page of a Hugo site, as its bytes say (UTF-8, line endings made `\n`). */
export interface HugoPage {
  /** The page's file name inside the pages folder, e.g. `8-0-overrun.md`. */
  file: string;
  text: string;
}

/** A folder of Hugo pages and what the site says about itself. */
export interface HugoPages {
  pages: HugoPage[];
  /** The site's title (Hugo `title`), if its configuration says. */
  siteTitle?: string;
  /** The public URL of the pages folder (`baseURL` + its path under `content/`), ending in `/`. */
  url?: string;
  /** The path of the pages folder under `content/`, e.g. `rules/ocs-4.3` (absolute links to pages use it). */
  sectionPath?: string;
  /** The commit the pages were read at, when the source is a git directory. */
  revision?: string;
  /**
   * An image file of the pages folder (at any depth, the top included) by its name: its path
   * under the pages folder and its bytes. Throws a SourceError when two files have the name:
   * figures/ holds one file per name.
   */
  image(name: string): { path: string; bytes: Uint8Array } | null;
}

/** A file of the source as listed: a regular file (of `size` bytes), or something the importer will not read, and why. */
interface TreeFile {
  size: number;
  /** Why it cannot be read as a file (a link leading out of the source, a submodule, …), or undefined for a regular file. */
  not?: string;
  /** Where its bytes are: a path on disk, or a git object. */
  at: string;
}

/** Where the importer reads from: a folder on disk, or a git directory at a revision, listed once. */
interface Tree {
  files: Map<string, TreeFile>;
  read(at: string): Uint8Array;
  revision?: string;
}

/**
 * Not a Hugo source the importer can read, or a page it cannot import: said in one
 * line, naming the file. `argument`: the source or target named on the command line
 * is not one (a usage mistake, exit 2); otherwise the import fails (exit 1). Nothing
 * is written either way.
 */
export class SourceError extends Error {
  readonly argument: boolean;

  constructor(message: string, argument = false) {
    super(message);
    this.argument = argument;
  }
}

/**
 * Reads the Hugo pages of `source`: a folder (the pages folder itself, or a site whose
 * pages folder is found) or a bare git directory (read at `revision`, default HEAD).
 * `pagesPath` chooses the pages folder inside it; otherwise it is the folder holding
 * the most Markdown pages. Every file is read only if it is a regular file inside the
 * source (links followed) and within its size, known before it is read.
 */
export function readPages(source: string, options: { revision?: string; pagesPath?: string } = {}): HugoPages {
  const tree = isGitDirectory(source) ? gitTree(source, options.revision ?? "HEAD") : folderTree(source, options.revision);
  const files = [...tree.files.keys()];
  const folder = options.pagesPath !== undefined ? options.pagesPath.replace(/^\/+|\/+$/g, "") : pagesFolder(files);
  const prefix = folder ? `${folder}/` : "";
  const pages = files
    .filter((f) => f.startsWith(prefix) && !f.slice(prefix.length).includes("/") && f.endsWith(".md") && !f.endsWith("/_index.md") && f !== "_index.md")
    .sort()
    .map((f) => ({ file: f.slice(prefix.length), text: text(tree, f) }));
  if (pages.length === 0) throw new SourceError(`${source} has no Markdown pages${folder ? ` in ${folder}/` : ""}`, true);
  const site = siteOf(tree, folder);
  const images = new Map<string, string[]>();
  for (const f of files) {
    if (!f.startsWith(prefix) || !isFigureImage(f)) continue;
    const name = posix.basename(f);
    images.set(name, [...(images.get(name) ?? []), f]);
  }
  const image = (name: string) => {
    const paths = images.get(name) ?? [];
    if (paths.length > 1) {
      const where = paths.map((p) => p.slice(prefix.length)).join(", ");
      throw new SourceError(`${paths.length} images are named ${name} (${where}); figures/ holds one file per name: rename one upstream`);
    }
    return paths.length ? { path: paths[0].slice(prefix.length), bytes: bytesOf(tree, paths[0], FIGURE_LIMITS.bytes) } : null;
  };
  return { pages, ...site, revision: tree.revision, image };
}

/** A file's bytes, if it is a regular file of at most `limit` bytes (its size is known before it is read). */
function bytesOf(tree: Tree, path: string, limit: number): Uint8Array {
  const file = tree.files.get(path);
  if (!file) throw new SourceError(`${path} is not in the source`);
  if (file.not !== undefined) throw new SourceError(`${path} ${file.not}`);
  if (file.size > limit) throw new SourceError(`${path} is ${file.size} bytes, more than the ${limit} the importer reads`);
  return tree.read(file.at);
}

function text(tree: Tree, path: string): string {
  const decoded = decodeSource(bytesOf(tree, path, MAX_SOURCE_BYTES));
  if (decoded.kind === "binary" || decoded.invalidAt !== null) throw new SourceError(`${path} is not UTF-8 text`);
  return decoded.text;
}

/** The folder with the most pages (ties: the shallowest), `""` for the top. */
function pagesFolder(files: string[]): string {
  const counts = new Map<string, number>();
  for (const f of files) {
    if (!f.endsWith(".md") || f.endsWith("_index.md") || /(^|\/)(themes|node_modules|public|resources)\//.test(f)) continue;
    const dir = posix.dirname(f);
    counts.set(dir === "." ? "" : dir, (counts.get(dir === "." ? "" : dir) ?? 0) + 1);
  }
  const best = [...counts].sort((a, b) => b[1] - a[1] || a[0].split("/").length - b[0].split("/").length || (a[0] < b[0] ? -1 : 1))[0];
  return best?.[0] ?? "";
}

/** Site title and URL from the Hugo configuration above `content/`, when there is one. */
function siteOf(tree: Tree, folder: string): Pick<HugoPages, "siteTitle" | "url" | "sectionPath"> {
  const at = `/${folder}/`.lastIndexOf("/content/");
  if (at < 0) return {};
  const root = `/${folder}/`.slice(1, at + 1);
  const sectionPath = folder.slice(root.length + "content/".length);
  for (const name of ["config.yaml", "config.yml", "hugo.yaml", "hugo.yml", "config/_default/config.yaml", "config/_default/hugo.yaml"]) {
    const path = `${root}${name}`;
    if (!tree.files.has(path)) continue;
    let config: unknown;
    try {
      config = parseYaml(new TextDecoder().decode(bytesOf(tree, path, MAX_SOURCE_BYTES))) ?? {};
    } catch (error) {
      if (error instanceof SourceError) throw error;
      continue;
    }
    if (typeof config !== "object" || config === null) continue;
    const { baseURL, baseurl, title } = config as Record<string, unknown>;
    const base = typeof baseURL === "string" ? baseURL : typeof baseurl === "string" ? baseurl : "";
    const url = /^https?:\/\//.test(base) ? `${base.replace(/\/+$/, "")}/${sectionPath}/` : undefined;
    return { siteTitle: typeof title === "string" ? title : undefined, url, sectionPath };
  }
  return { sectionPath };
}

function isGitDirectory(path: string): boolean {
  return existsSync(join(path, "HEAD")) && existsSync(join(path, "objects")) && existsSync(join(path, "refs"));
}

/** The most a listing of a git tree may take: a tree of a million files has room. */
const MAX_LISTING_BYTES = 256 * 1024 * 1024;

function git(dir: string, args: string[], maxBuffer = MAX_LISTING_BYTES): Buffer {
  return execFileSync("git", ["--git-dir", dir, ...args], { maxBuffer, stdio: ["ignore", "pipe", "pipe"] });
}

/** What a git tree entry that is not a regular file is (by its mode). */
const GIT_KINDS: Record<string, string> = { "120000": "is a symbolic link in the repository, not a file", "160000": "is a submodule (a gitlink), not a file" };

function gitTree(dir: string, revision: string): Tree {
  if (revision.startsWith("-")) throw new SourceError(`\`${revision}\` is not a revision`, true);
  let commit: string;
  try {
    commit = git(dir, ["rev-parse", "--verify", "--quiet", `${revision}^{commit}`]).toString().trim();
  } catch {
    throw new SourceError(`${dir} has no commit ${revision}`, true);
  }
  let listing: string;
  try {
    listing = git(dir, ["ls-tree", "-r", "-l", "-z", "--full-tree", commit]).toString();
  } catch {
    throw new SourceError(`${dir}: the files of ${commit} cannot be listed (more than ${MAX_LISTING_BYTES} bytes of names?)`);
  }
  const files = new Map<string, TreeFile>();
  for (const line of listing.split("\0")) {
    // `<mode> <type> <object> <size>\t<path>`: the size of a blob, `-` for a submodule.
    const match = /^(\d+) (\w+) ([0-9a-f]+) +(\d+|-)\t([\s\S]+)$/.exec(line);
    if (!match) continue;
    const [, mode, , object, size, path] = match;
    const regular = mode === "100644" || mode === "100755";
    files.set(path, { size: size === "-" ? 0 : Number(size), at: object, ...(regular ? {} : { not: GIT_KINDS[mode] ?? `is not a file (mode ${mode})` }) });
  }
  // Each object is read only after its size said it may be, so the buffer is never too small.
  return { files, read: (object) => git(dir, ["cat-file", "blob", object], Math.max(MAX_SOURCE_BYTES, FIGURE_LIMITS.bytes) + 1), revision: commit };
}

/** Folders a Hugo site has that hold no pages: never walked. */
const SKIPPED = (name: string) => name.startsWith(".") || name === "node_modules";

function folderTree(dir: string, revision: string | undefined): Tree {
  if (revision !== undefined) throw new SourceError(`${dir} is a folder, not a git directory: it has no revision ${revision}`, true);
  const real = realFolder(dir);
  if (real === null || !statSync(dir).isDirectory()) throw new SourceError(`${dir} is not a folder or a git directory`, true);
  const files = new Map<string, TreeFile>();
  for (const entry of walk(dir, SKIPPED)) {
    if (entry.kind === "folder") continue;
    if (entry.kind === "file") {
      files.set(entry.relative, { size: entry.size, at: entry.path });
      continue;
    }
    if (entry.kind === "other") {
      files.set(entry.relative, { size: 0, at: entry.path, not: "is not a regular file" });
      continue;
    }
    // A link: followed if it stays inside the source and leads to a regular file.
    const resolved = resolveInside(entry.path, real);
    if (resolved.problem === "outside") files.set(entry.relative, { size: 0, at: entry.path, not: `is a link to ${resolved.target}, outside ${dir}` });
    else if (resolved.problem === "missing") files.set(entry.relative, { size: 0, at: entry.path, not: "is a link to nothing" });
    else {
      const stat = statSync(resolved.real);
      if (stat.isFile()) files.set(entry.relative, { size: stat.size, at: resolved.real });
      else if (!stat.isDirectory()) files.set(entry.relative, { size: 0, at: entry.path, not: "is not a regular file" });
    }
  }
  return { files, read: (path) => readFileSync(path) };
}
