// The shard a rule number is in, shared by the build (which writes the shards) and the
// search box (which fetches one): nothing else, so the browser loads nothing more.

/** Its leading number (`9.14b`, `9.2(1)` → `9`; `13.A` → `13`), or null for ids a reader does not type as numbers (terms). */
export function shardOf(id: string): string | null {
  const digits = /^\d+/.exec(id);
  return digits ? String(Number(digits[0])) : null;
}
