// The corpus's own words, with how often each occurs: what "did you mean" draws
// its suggestions from (a misspelling is corrected to a word the rules use).
import { editions } from "../lib/corpus.ts";

/** Word → occurrences across every edition's paragraphs; words of three letters or more. */
export function corpusWords(): Record<string, number> {
  const counts = new Map<string, number>();
  for (const index of editions()) {
    for (const paragraph of Object.values(index.paragraphs)) {
      for (const [word] of paragraph.text.toLowerCase().matchAll(/\p{L}[\p{L}’'-]*\p{L}/gu)) {
        if (word.length >= 3) counts.set(word, (counts.get(word) ?? 0) + 1);
      }
    }
  }
  return Object.fromEntries([...counts].sort(([a], [b]) => (a < b ? -1 : 1)));
}
