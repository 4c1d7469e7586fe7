import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { deserialize, serialize } from "node:v8";
import type { Diagnostic } from "./diagnostics/diagnostic.ts";
import type { RuleDocument } from "./1-read/types.ts";
import { writeCacheFile } from "./cache-files.ts";
import { grammarsVersion } from "./grammars.ts";
import type { EngineCode } from "./4-emit/emit-engine.ts";
import type { ProcedureComparison } from "./diff/types.ts";

/**
 * What reading a document depends on besides its own text: the code of phase 1,
 * the URL policy, the diagnostics catalog (cached diagnostics are replayed as
 * worded) and the grammars (which `--watch` reads again when they change). A
 * change to any of them makes every cached document stale.
 */
const READER_CODE = (() => {
  const hash = createHash("sha256");
  const files = [new URL("./diagnostics/catalog.md", import.meta.url), new URL("./url-policy.ts", import.meta.url)];
  for (const dir of ["./1-read/", "./language/", "./markdown/"]) {
    const url = new URL(dir, import.meta.url);
    for (const name of readdirSync(url).filter((n) => n.endsWith(".ts")).sort()) files.push(new URL(name, url));
  }
  for (const file of files) hash.update(readFileSync(file));
  return hash.digest("hex");
})();

/**
 * A map for what builds reuse that keeps only what the last successful build used
 * (and what was added since): a long-running `--watch` holds what its next rebuild
 * needs, not what every edit left behind. A failed build forgets nothing.
 */
export class RecentMap<V> {
  private current = new Map<string, V>();
  private previous = new Map<string, V>();

  get(key: string): V | undefined {
    if (this.current.has(key)) return this.current.get(key);
    if (!this.previous.has(key)) return undefined;
    const value = this.previous.get(key)!;
    this.current.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.current.set(key, value);
  }

  keys(): string[] {
    return [...new Set([...this.current.keys(), ...this.previous.keys()])];
  }

  get size(): number {
    return this.keys().length;
  }

  /** Every entry, for saving to disk. */
  entries(): [string, V][] {
    return [...new Map([...this.previous, ...this.current])];
  }

  /** Entries saved by an earlier process: kept only if the next successful build uses them. */
  restore(entries: [string, V][]): void {
    for (const [key, value] of entries) this.previous.set(key, value);
  }

  clear(): void {
    this.current.clear();
    this.previous.clear();
  }

  /** A build succeeded: forget what it did not use. */
  rotate(): void {
    this.previous = this.current;
    this.current = new Map();
  }
}

/**
 * Everything a build can reuse from an earlier one, keyed by content: parsed
 * documents, generated engines, the results of examples and the comparisons of two
 * editions. A long-running process (`--watch`, `npm run dev`, a language server) holds
 * it; `hexlaw build` and `hexlaw check` keep it on disk between runs (save, load).
 *
 * Engines, example runs and comparisons are made by the compiler's code, its runtime
 * and the grammars as much as by the rules: they are kept for one version of Hexlaw
 * (`compiler/`, `grammar/` and the locked dependencies, see build-inputs.ts),
 * and a build with another version (an edit to a grammar under `--watch`, a cache saved
 * before an upgrade) starts them afresh. Documents carry their own finer key.
 */
export class BuildCache {
  readonly documents: DocumentCache;
  /** Engine code by the fingerprint of the procedure it was generated from. */
  readonly engines = new RecentMap<EngineCode>();
  /** Example results by engine source and vector. */
  readonly examples = new RecentMap<unknown>();
  /** Changes reports between editions, by the content of both editions' files. */
  readonly reports = new RecentMap<string>();
  /** What a procedure's engines of two editions answer, by both engines, their vectors and the formal changes. */
  readonly comparisons = new RecentMap<ProcedureComparison>();

  /** The version of Hexlaw the engines, example runs and comparisons were made with. */
  private version = "";

  constructor(documents = new DocumentCache()) {
    this.documents = documents;
  }

  private get made() {
    return { engines: this.engines, examples: this.examples, reports: this.reports, comparisons: this.comparisons };
  }

  /** Called by each build with the version of Hexlaw it runs: what another version made is forgotten. */
  useVersion(version: string): void {
    if (version === this.version) return;
    for (const map of Object.values(this.made)) map.clear();
    this.version = version;
  }

  /** A build succeeded: keep only what it used (see RecentMap). */
  rotate(): void {
    this.documents.rotate();
    for (const map of Object.values(this.made)) map.rotate();
  }

  /** A cache saved by an earlier process; what is missing or unreadable is simply empty. */
  static load(dir: string): BuildCache {
    const cache = new BuildCache(DocumentCache.load(dir));
    try {
      const saved = deserialize(readFileSync(join(dir, "made.bin"))) as { version: string; maps: Record<string, [string, never][]> };
      cache.version = saved.version;
      for (const [name, map] of Object.entries(cache.made)) map.restore(saved.maps[name] ?? []);
    } catch {
      // No cache yet, or one from another version of Node: start empty.
    }
    return cache;
  }

  /** Saves what the last successful build used, for the next process (see load). */
  save(dir: string): void {
    this.documents.save(dir);
    const maps = Object.fromEntries(Object.entries(this.made).map(([name, map]) => [name, map.entries()]));
    writeCacheFile(join(dir, "made.bin"), serialize({ version: this.version, maps }));
  }
}


export interface CachedDocument {
  document: RuleDocument;
  diagnostics: Diagnostic[];
}

/**
 * Parsed documents keyed by content: the document's path and text, its edition's
 * metadata (numbering changes ids) and the reader's own version. Entries are kept
 * serialized for the disk, and live for the builds of one process: a live document
 * is shared by those builds, so the checker overwrites every annotation it makes
 * (see ExpressionChecker.check) rather than trusting a fresh copy.
 */
export class DocumentCache {
  private readonly entries = new Map<string, Buffer>();
  /**
   * Documents kept as they are, for a long-running process (`--watch`): reusing one
   * costs nothing, and the checker re-annotates its rules on every build.
   */
  private readonly live = new Map<string, CachedDocument>();
  private readonly used = new Set<string>();
  hits = 0;
  misses = 0;

  static key(file: string, text: string, editionText: string): string {
    return createHash("sha256").update(READER_CODE).update("\0").update(grammarsVersion()).update("\0").update(file).update("\0").update(editionText).update("\0").update(text).digest("hex");
  }

  get(key: string): CachedDocument | undefined {
    const live = this.live.get(key);
    const entry = live ? undefined : this.entries.get(key);
    if (!live && !entry) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.used.add(key);
    if (live) return live;
    const document = deserialize(entry!) as CachedDocument;
    this.live.set(key, document);
    return document;
  }

  /** Called right after reading, before the checker annotates the document's rules. */
  set(key: string, value: CachedDocument): void {
    this.entries.set(key, serialize(value));
    this.live.set(key, value);
    this.used.add(key);
  }

  /** Loads a cache saved by an earlier build; a missing or unreadable one is simply empty. */
  static load(dir: string): DocumentCache {
    const cache = new DocumentCache();
    try {
      const saved = deserialize(readFileSync(join(dir, "documents.bin"))) as [string, Buffer][];
      for (const [key, entry] of saved) cache.entries.set(key, Buffer.from(entry));
    } catch {
      // No cache yet, or one from another version of Node: start empty.
    }
    return cache;
  }

  /** A build succeeded: forget the documents it did not read (so the cache never grows past the corpus). */
  rotate(): void {
    for (const key of [...this.live.keys()]) if (!this.used.has(key)) this.live.delete(key);
    for (const key of [...this.entries.keys()]) if (!this.used.has(key)) this.entries.delete(key);
    this.used.clear();
  }

  /** Saves the entries the last successful build used. */
  save(dir: string): void {
    writeCacheFile(join(dir, "documents.bin"), serialize([...this.entries]));
  }
}
