// Rule numbers a reader may type, with where each one lives, in shards by leading
// number (9.14b → shard 9): search loads on the first keystroke only the shard of
// the number being typed, so what it fetches stays small however large the corpus.
// Shared by the search endpoints (build time) and the search box (the browser).
import { editions, hrefOf, paragraphLabel } from "../lib/corpus.ts";
import { shardOf } from "./rule-number-shard.ts";

/** Where a rule number lives: its page, its label, and its ruleset and edition (ids, then the titles search filters by). */
export type Place = [url: string, label: string, ruleset: string, edition: string, rulesetTitle: string, editionTitle: string];

/** Rule number → every place it lives. */
export type RuleNumbers = Record<string, Place[]>;

/** Every rule number of every edition, by shard. */
export function ruleNumberShards(): Map<string, RuleNumbers> {
  const shards = new Map<string, RuleNumbers>();
  for (const index of editions()) {
    for (const id of Object.keys(index.paragraphs)) {
      const shard = shardOf(id);
      const url = hrefOf(index, id);
      if (shard === null || !url) continue;
      const numbers = shards.get(shard) ?? shards.set(shard, {}).get(shard)!;
      (numbers[id] ??= []).push([url, paragraphLabel(index, id), index.ruleset.id, index.edition.id, index.ruleset.title, index.edition.title]);
    }
  }
  return shards;
}
