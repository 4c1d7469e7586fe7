import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, posix, relative, sep } from "node:path";
import { parse as parseYaml } from "yaml";
import { isFigureImage } from "../1-read/figure-file.ts";
import { decodeSource, MAX_SOURCE_BYTES } from "../1-read/read-source.ts";

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

/** Where the importer reads from: a folder on disk, or a git directory at a revision. */
interface Tree {
  list(): string[];
  read(path: string): Uint8Array;
  revision?: string;
}

/** Not a Hugo source the importer can read: said in one line. */
export class SourceError extends Error {}

/**
 * Reads the Hugo pages of `source`: a folder (the pages folder itself, or a site whose
 * pages folder is found) or a bare git directory (read at `revision`, default HEAD).
 * `pagesPath` chooses the pages folder inside it; otherwise it is the folder holding
 * the most Markdown pages.
 */
export function readPages(source: string, options: { revision?: string; pagesPath?: string } = {}): HugoPages {
  const tree = isGitDirectory(source) ? gitTree(source, options.revision ?? "HEAD") : folderTree(source, options.revision);
  const files = tree.list();
  const folder = options.pagesPath !== undefined ? options.pagesPath.replace(/^\/+|\/+$/g, "") : pagesFolder(files);
  const prefix = folder ? `${folder}/` : "";
  const pages = files
    .filter((f) => f.startsWith(prefix) && !f.slice(prefix.length).includes("/") && f.endsWith(".md") && !f.endsWith("/_index.md") && f !== "_index.md")
    .sort()
    .map((f) => ({ file: f.slice(prefix.length), text: text(tree, f) }));
  if (pages.length === 0) throw new SourceError(`${source} has no Markdown pages${folder ? ` in ${folder}/` : ""}`);
  const site = siteOf(tree, files, folder);
  const image = (name: string) => {
    const paths = files.filter((f) => f.startsWith(prefix) && `/${f}`.endsWith(`/${name}`) && isFigureImage(f));
    if (paths.length > 1) {
      const where = paths.map((p) => p.slice(prefix.length)).join(", ");
      throw new SourceError(`${paths.length} images are named ${name} (${where}); figures/ holds one file per name: rename one upstream`);
    }
    return paths.length ? { path: paths[0].slice(prefix.length), bytes: tree.read(paths[0]) } : null;
  };
  return { pages, ...site, revision: tree.revision, image };
}

function text(tree: Tree, path: string): string {
  const bytes = tree.read(path);
  if (bytes.length > MAX_SOURCE_BYTES) throw new SourceError(`${path} is larger than ${MAX_SOURCE_BYTES} bytes`);
  const decoded = decodeSource(bytes);
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
function siteOf(tree: Tree, files: string[], folder: string): Pick<HugoPages, "siteTitle" | "url" | "sectionPath"> {
  const at = `/${folder}/`.lastIndexOf("/content/");
  if (at < 0) return {};
  const root = `/${folder}/`.slice(1, at + 1);
  const sectionPath = folder.slice(root.length + "content/".length);
  for (const name of ["config.yaml", "config.yml", "hugo.yaml", "hugo.yml", "config/_default/config.yaml", "config/_default/hugo.yaml"]) {
    const path = `${root}${name}`;
    if (!files.includes(path)) continue;
    let config: Record<string, unknown>;
    try {
      config = (parseYaml(new TextDecoder().decode(tree.read(path))) ?? {}) as Record<string, unknown>;
    } catch {
      continue;
    }
    const base = String(config.baseURL ?? config.baseurl ?? "");
    const url = /^https?:\/\//.test(base) ? `${base.replace(/\/+$/, "")}/${sectionPath}/` : undefined;
    return { siteTitle: typeof config.title === "string" ? config.title : undefined, url, sectionPath };
  }
  return { sectionPath };
}

function isGitDirectory(path: string): boolean {
  return existsSync(join(path, "HEAD")) && existsSync(join(path, "objects")) && existsSync(join(path, "refs"));
}

function git(dir: string, args: string[]): Buffer {
  return execFileSync("git", ["--git-dir", dir, ...args], { maxBuffer: 256 * 1024 * 1024, stdio: ["ignore", "pipe", "pipe"] });
}

function gitTree(dir: string, revision: string): Tree {
  let commit: string;
  try {
    commit = git(dir, ["rev-parse", "--verify", "--quiet", `${revision}^{commit}`]).toString().trim();
  } catch {
    throw new SourceError(`${dir} has no commit ${revision}`);
  }
  const list = git(dir, ["ls-tree", "-r", "-z", "--name-only", commit]).toString().split("\0").filter(Boolean);
  return { list: () => list, read: (path) => git(dir, ["cat-file", "blob", `${commit}:${path}`]), revision: commit };
}

function folderTree(dir: string, revision: string | undefined): Tree {
  if (revision !== undefined) throw new SourceError(`${dir} is a folder, not a git directory: it has no revision ${revision}`);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new SourceError(`${dir} is not a folder or a git directory`);
  const list: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) list.push(relative(dir, path).split(sep).join("/"));
    }
  };
  walk(dir);
  return { list: () => list, read: (path) => readFileSync(join(dir, path)) };
}

