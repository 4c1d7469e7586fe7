// Rule numbers a reader may type, with where each one lives. Shared by the
// search endpoint (build time) and nothing else; the browser fetches the JSON.
import { editions, hrefOf, paragraphLabel } from "../lib/corpus.ts";

/** Where a rule number lives: its page, its label, and its ruleset and edition (ids, then the titles search filters by). */
export type Place = [url: string, label: string, ruleset: string, edition: string, rulesetTitle: string, editionTitle: string];

/** Rule number → every place it lives. */
export type RuleNumbers = Record<string, Place[]>;

export function ruleNumbers(): RuleNumbers {
  const numbers: RuleNumbers = {};
  for (const index of editions()) {
    for (const id of Object.keys(index.paragraphs)) {
      const url = hrefOf(index, id);
      if (!url) continue;
      (numbers[id] ??= []).push([url, paragraphLabel(index, id), index.ruleset.id, index.edition.id, index.ruleset.title, index.edition.title]);
    }
  }
  return numbers;
}
