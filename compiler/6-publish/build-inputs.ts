import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { readTree } from "../generated-files.ts";
import type { Files } from "./publish-edition.ts";

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

const HEXLAW = fileURLToPath(new URL("../../", import.meta.url));

/** Every file under `dir`, as sorted paths relative to `from` with `/` separators. */
function filesUnder(dir: string, from: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(from, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
}

/** The fingerprint of everything a compile of `root` reads or runs. */
export function inputsFingerprint(root: string): string {
  const hash = createHash("sha256");
  const add = (label: string, base: string, paths: string[]) => {
    for (const path of paths) hash.update(`${label}:${path}\0`).update(readFileSync(join(base, path))).update("\0");
  };
  add("rules", root, filesUnder(join(root, "rules"), root));
  add("hexlaw", HEXLAW, [...filesUnder(join(HEXLAW, "compiler"), HEXLAW), ...filesUnder(join(HEXLAW, "grammar"), HEXLAW), "package-lock.json"].filter((path) => existsSync(join(HEXLAW, path))));
  return hash.digest("hex");
}

/** The fingerprint of generated/'s files (its record of inputs aside). */
export function outputsFingerprint(files: Map<string, string>): string {
  const hash = createHash("sha256");
  for (const path of [...files.keys()].sort()) if (path !== BUILD_INPUTS) hash.update(`${path}\0`).update(files.get(path)!).update("\0");
  return hash.digest("hex");
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
  if (record.inputs !== inputsFingerprint(root)) return null;
  return record.outputs === outputsFingerprint(readTree(generated)) ? record : null;
}
