import { createHash } from "node:crypto";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Hexlaw's own cache folder, in a node_modules (never committed): what builds on this machine reuse.
 * In a clone, the clone's; installed (`<project>/node_modules/hexlaw/`), the project's, beside other tools' caches.
 */
export function cacheFolder(hexlaw: string): string {
  const parent = dirname(hexlaw);
  return `${join(basename(parent) === "node_modules" ? parent : join(hexlaw, "node_modules"), ".cache", "hexlaw")}/`;
}

export const CACHE_FOLDER = cacheFolder(fileURLToPath(new URL("..", import.meta.url)).replace(/\/$/, ""));

/** Writes a cache file whole: to a file of this process, then renamed over the old one, so no reader sees half of it. */
export function writeCacheFile(file: string, data: string | Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp-${process.pid}`, data);
  renameSync(`${file}.tmp-${process.pid}`, file);
}

/** A short stable hash of some text. */
export function fingerprint(...parts: string[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("hex").slice(0, 32);
}
