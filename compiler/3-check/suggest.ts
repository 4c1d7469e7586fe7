/** Names longer than this get no suggestion, and are never suggested: no name that long is a typo's target. */
const LONGEST = 48;

/**
 * "did you mean `overrun_cost`?" — the closest known name by edit distance, if close
 * enough. A candidate whose length alone puts it out of reach is skipped, and each
 * distance is worked out only within reach (a band of the table, left as soon as
 * every entry of a row is out of reach), so one lookup costs at most
 * `known × length × reach`, however many names there are.
 */
export function suggest(name: string, known: Iterable<string>, fallback: string): string {
  const best = closest(name, known);
  return best !== undefined ? `did you mean \`${best}\`?` : fallback;
}

/** The known name closest to `name` by edit distance, if close enough (see suggest). */
export function closest(name: string, known: Iterable<string>): string | undefined {
  if (name.length > LONGEST) return undefined;
  const reach = Math.max(2, Math.floor(name.length / 3));
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = reach + 1;
  for (const candidate of known) {
    if (Math.abs(candidate.length - name.length) >= bestDistance) continue;
    const distance = boundedDistance(lower, candidate.toLowerCase(), bestDistance - 1);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** The edit distance of `a` and `b` if it is at most `bound`; otherwise some number above `bound`. */
export function boundedDistance(a: string, b: string, bound: number): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    let smallest = row[0];
    // Entries further than `bound` from the diagonal are out of reach already.
    const from = Math.max(1, i - bound);
    const to = Math.min(b.length, i + bound);
    if (from > 1) {
      previous = row[from - 1];
      row[from - 1] = bound + 1;
    }
    for (let j = from; j <= to; j++) {
      const saved = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = saved;
      if (row[j] < smallest) smallest = row[j];
    }
    if (to < b.length) row[to + 1] = bound + 1;
    if (smallest > bound) return bound + 1;
  }
  return row[b.length];
}
