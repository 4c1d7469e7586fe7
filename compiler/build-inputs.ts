import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { FIGURE_LIMITS } from "./1-read/figure-file.ts";
import { decodeSource, MAX_SOURCE_BYTES } from "./1-read/read-source.ts";
import { linkTarget, walk } from "./containment.ts";
import { filesUnder } from "./files-under.ts";
import type { Files } from "./6-publish/publish-edition.ts";

/**
 * generated/ records what it was built from: a fingerprint of every file it depends
 * on (the corpus's rules/, Hexlaw's compiler and grammars, and its locked
 * dependencies) and one of its own files. `hexlaw build` finds both unchanged and
 * has nothing to compile: generated/ is committed, so a fresh clone builds the site
 * without compiling the rules again, and an edit anywhere in the inputs (or to
 * generated/ itself) compiles as before. The record is part of what `hexlaw check`
 * compares, so it cannot go stale unnoticed.
 */
export const BUILD_INPUTS = ".build-inputs.json";

export interface BuildInputs {
  /** Fingerprint of the inputs. */
  inputs: string;
  /** Fingerprint of every other file of generated/. */
  outputs: string;
  /** Warnings the build reported (a build with nothing to compile says how many, and where to see them). */
  warnings: number;
}

const HEXLAW = fileURLToPath(new URL("../", import.meta.url));

/**
 * A file as the compiler reads it: text without a byte order mark and with `\n` line
 * endings (a corpus saved with CRLF builds the very same generated/), else its bytes.
 */
function content(path: string): string | Uint8Array {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    // Unreadable: the compile says why; here it only has to differ from any content.
    return `\0unreadable:${(error as NodeJS.ErrnoException).code ?? "?"}`;
  }
  // Nothing to normalize (no byte order mark, no CR): the bytes are its text's UTF-8, or it is not text.
  if (!(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) && !bytes.includes(0x0d)) return bytes;
  const decoded = decodeSource(bytes);
  return decoded.kind === "text" && decoded.invalidAt === null ? decoded.text : bytes;
}

function fingerprintOf(base: string, paths: string[]): string {
  const hash = createHash("sha256");
  for (const path of paths) hash.update(`${path}\0`).update(content(join(base, path))).update("\0");
  return hash.digest("hex");
}

/** Hexlaw's own part, read again only when one of its files changed (a compile per test, or per edit under --watch, would read 1 MB each time). */
let hexlawPart: { stamp: string; fingerprint: string } | undefined;

/** The VS Code extension (with its own node_modules and packaged grammars once installed) is no part of what a compile runs. */
const EDITOR_EXTENSION = "compiler/lsp/vscode/";

/** The fingerprint of Hexlaw itself: its compiler, grammars and locked dependencies. */
export function hexlawFingerprint(): string {
  const paths = [...filesUnder(join(HEXLAW, "compiler"), HEXLAW), ...filesUnder(join(HEXLAW, "grammar"), HEXLAW), "package-lock.json"].filter(
    (path) => !path.startsWith(EDITOR_EXTENSION) && existsSync(join(HEXLAW, path)),
  );
  const stamp = paths.map((path) => {
    const stat = statSync(join(HEXLAW, path));
    return `${path}:${stat.size}:${stat.mtimeMs}`;
  }).join("\0");
  if (hexlawPart?.stamp !== stamp) hexlawPart = { stamp, fingerprint: fingerprintOf(HEXLAW, paths) };
  return hexlawPart.fingerprint;
}

/**
 * The fingerprint of rules/ as a compile sees it, found without following a link (a
 * link is its target as written: what it leads to is fingerprinted where it is, or
 * the compile refuses it, HX0016). A file larger than any the compiler reads whole
 * (a source, a figure) counts by its size alone, which is all a compile can learn of
 * it: an unreferenced 1.5 GB file is never read.
 */
function rulesFingerprint(root: string): string {
  const hash = createHash("sha256");
  for (const entry of walk(join(root, "rules"))) {
    hash.update(`${entry.relative}\0${entry.kind}\0`);
    if (entry.kind === "link") hash.update(linkTarget(entry.path));
    else if (entry.kind === "file") hash.update(entry.size <= MAX_READ_BYTES ? contentDigest(entry.path) : `\0size:${entry.size}`);
    hash.update("\0");
  }
  return hash.digest("hex");
}

/**
 * Digests of the files of rules/ this process has read, by path, with the size, times and
 * inode they had: a long-running process (`--watch`, `npm run dev`) reads again only the
 * files a save touched, as git's index does (an edit changes the modification time).
 */
const digests = new Map<string, { stamp: string; digest: string }>();

function contentDigest(path: string): string {
  let stamp: string;
  try {
    const stat = statSync(path);
    stamp = `${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}:${stat.ino}`;
  } catch {
    return createHash("sha256").update(content(path)).digest("hex");
  }
  const known = digests.get(path);
  if (known?.stamp === stamp) return known.digest;
  const digest = createHash("sha256").update(content(path)).digest("hex");
  digests.set(path, { stamp, digest });
  return digest;
}

/** The most of a file of rules/ the compiler reads: a figure's budget (a source file's is smaller). */
const MAX_READ_BYTES = Math.max(FIGURE_LIMITS.bytes, MAX_SOURCE_BYTES);

/** The fingerprint of everything a compile of `root` reads or runs. */
export function inputsFingerprint(root: string): string {
  return createHash("sha256").update(`rules:${rulesFingerprint(root)}\0hexlaw:${hexlawFingerprint()}`).digest("hex");
}

/** The fingerprint of generated/'s files (its record of inputs aside), from a digest of each. */
export function outputsFingerprint(files: Map<string, string | Uint8Array>): string {
  const hash = createHash("sha256");
  for (const path of [...files.keys()].sort()) if (path !== BUILD_INPUTS) hash.update(`${path}\0${outputDigest(path, files.get(path)!)}\0`);
  return hash.digest("hex");
}

/** The last text of each file of generated/ a build of this process made, with its digest: a rebuild hashes only the files that changed. */
const outputDigests = new Map<string, { text: string; digest: string }>();

function outputDigest(path: string, content: string | Uint8Array): string {
  const known = outputDigests.get(path);
  if (typeof content === "string" && known?.text === content) return known.digest;
  const digest = createHash("sha256").update(content).digest("hex");
  if (typeof content === "string") outputDigests.set(path, { text: content, digest });
  return digest;
}

/** Adds the record of inputs to the files of a build. */
export function publishBuildInputs(root: string, files: Files, warnings: number): void {
  const record: BuildInputs = { inputs: inputsFingerprint(root), outputs: outputsFingerprint(files), warnings };
  files.set(BUILD_INPUTS, `${JSON.stringify(record, null, 2)}\n`);
}

/** generated/'s record, when its inputs and its own files are as it says; else null (there is something to compile). */
export function upToDate(root: string): BuildInputs | null {
  const generated = join(root, "generated");
  let record: BuildInputs;
  try {
    record = JSON.parse(readFileSync(join(generated, BUILD_INPUTS), "utf8")) as BuildInputs;
  } catch {
    return null;
  }
  try {
    if (record.inputs !== inputsFingerprint(root)) return null;
    // Its files' bytes: the UTF-8 of the text each was written from.
    return record.outputs === outputsFingerprint(new Map(filesUnder(generated, generated).map((file) => [file, readFileSync(join(generated, file))]))) ? record : null;
  } catch {
    // Something there cannot be read as it was built: the compile reports what.
    return null;
  }
}
