// "Did you mean": each word of a query that the corpus does not use, replaced by
// the closest word it does (at most one edit for short words, two for longer,
// the more frequent word on a tie).

/** Edits between two words: insertions, deletions, substitutions and swaps of neighbours; stops past `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = Array.from({ length: b.length + 1 }, (_, j) => j);
  let previous = before;
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length];
}

/** The query with its unknown words corrected, or null when every word is known or none has a close match. */
export function didYouMean(query: string, words: Readonly<Record<string, number>>): string | null {
  let changed = false;
  const corrected = query.replace(/\p{L}[\p{L}’'-]*\p{L}/gu, (word) => {
    const lower = word.toLowerCase();
    if (lower.length < 3 || lower in words) return word;
    const limit = lower.length <= 4 ? 1 : 2;
    let best: { word: string; distance: number; count: number } | null = null;
    for (const [candidate, count] of Object.entries(words)) {
      const distance = editDistance(lower, candidate, limit);
      if (distance > limit) continue;
      if (!best || distance < best.distance || (distance === best.distance && count > best.count)) best = { word: candidate, distance, count };
    }
    if (!best) return word;
    changed = true;
    return best.word;
  });
  return changed ? corrected : null;
}
