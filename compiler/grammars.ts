import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import peggy from "peggy";

/** The grammars the compiler reads (they belong to the compiler, not to a corpus). */
export const GRAMMAR_DIR = new URL("../grammar/", import.meta.url);
/** The grammar of the rules language. */
export const RULES_GRAMMAR = new URL("rules.peggy", GRAMMAR_DIR);

interface Loaded {
  stamp: string;
  text: string;
  parser?: peggy.Parser;
  error?: unknown;
  module?: string;
}

const loaded = new Map<string, Loaded>();

/**
 * A grammar file's text, read again whenever the file changes (its inode, size or
 * time): a long-running `--watch` follows edits to grammar/, and a build never
 * mixes a new grammar with what was made from the old one.
 */
function load(file: URL): Loaded {
  const path = fileURLToPath(file);
  const stat = statSync(path);
  const stamp = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  let entry = loaded.get(path);
  if (entry?.stamp !== stamp) loaded.set(path, (entry = { stamp, text: readFileSync(path, "utf8") }));
  return entry;
}

/** A grammar compiled by Peggy (once for each version of the file); throws what reading or Peggy throws. */
export function grammarParser(file: URL): peggy.Parser {
  const entry = load(file);
  if (!entry.parser && entry.error === undefined) {
    try {
      entry.parser = peggy.generate(entry.text);
    } catch (error) {
      entry.error = error;
    }
  }
  if (entry.error !== undefined) throw entry.error;
  return entry.parser!;
}

const declared = new Map<string, { parser: peggy.Parser; module?: string }>();

function declaredEntry(text: string): { parser: peggy.Parser; module?: string } {
  let entry = declared.get(text);
  if (!entry) declared.set(text, (entry = { parser: peggy.generate(text) }));
  return entry;
}

/** The parser of a grammar compiled from a notation's declaration (once for each text); it compiles by construction. */
export function declaredParser(text: string): peggy.Parser {
  return declaredEntry(text).parser;
}

/** That parser as the source of an ES module (for engines). */
export function declaredModule(text: string): string {
  const entry = declaredEntry(text);
  entry.module ??= peggy.generate(text, { output: "source", format: "es" });
  return entry.module;
}

let version: { stamps: string; hash: string } | undefined;

/** A grammar's parser as the source of an ES module (for engines), once for each version of the file. */
export function grammarModule(file: URL): string {
  const entry = load(file);
  entry.module ??= peggy.generate(entry.text, { output: "source", format: "es" });
  return entry.module;
}

/** A hash of every grammar as it is now: what is made from them is stale when it changes. */
export function grammarsVersion(): string {
  const files = readdirSync(GRAMMAR_DIR)
    .filter((n) => n.endsWith(".peggy"))
    .sort()
    .map((name) => ({ name, entry: load(new URL(name, GRAMMAR_DIR)) }));
  const stamps = files.map(({ name, entry }) => `${name}:${entry.stamp}`).join("\0");
  if (version?.stamps !== stamps) {
    const hash = createHash("sha256");
    for (const { name, entry } of files) hash.update(name).update("\0").update(entry.text).update("\0");
    version = { stamps, hash: hash.digest("hex").slice(0, 32) };
  }
  return version.hash;
}
