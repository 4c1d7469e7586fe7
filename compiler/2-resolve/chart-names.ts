/**
 * What the rules call a chart ("the Barrage Table", "Air Base Capture Table") found in a
 * text, word for word (case and all, any spacing between the words): the compiler finds
 * the mentions of each paragraph with it, and the site the same words to link them.
 */

/** The names of an edition's charts as a trie of words; the first chart given a name keeps it. */
export interface ChartNames {
  next: Map<string, ChartNames>;
  chart?: string;
}

/** One mention of a chart's name in a text. */
export interface ChartMention {
  start: number;
  end: number;
  chart: string;
}

const WORD = /[\p{L}\p{N}]+/gu;

const wordsOf = (text: string) => text.match(WORD) ?? [];

export function chartNames(charts: readonly { id: string; names: readonly string[] }[]): ChartNames {
  const root: ChartNames = { next: new Map() };
  for (const chart of charts) {
    for (const name of chart.names) {
      let node = root;
      for (const word of wordsOf(name)) {
        let next = node.next.get(word);
        if (!next) node.next.set(word, (next = { next: new Map() }));
        node = next;
      }
      if (node !== root) node.chart ??= chart.id;
    }
  }
  return root;
}

/**
 * Every mention of a chart's name in `text`, left to right; where names overlap the
 * longest wins ("Air Base Capture Table" before "Capture Table"). Words of a name are
 * separated by nothing but white space in the text. Linear in the text: each word is
 * followed down the trie at most as far as the longest name is long.
 */
export function chartMentionsIn(text: string, names: ChartNames): ChartMention[] {
  if (names.next.size === 0) return [];
  const words = [...text.matchAll(WORD)].map((m) => ({ word: m[0], start: m.index, end: m.index + m[0].length }));
  const found: ChartMention[] = [];
  for (let i = 0; i < words.length; i++) {
    if (!names.next.has(words[i].word)) continue;
    let node: ChartNames | undefined = names;
    let best: { j: number; chart: string } | null = null;
    for (let j = i; j < words.length && node; j++) {
      if (j > i && !/^\s+$/.test(text.slice(words[j - 1].end, words[j].start))) break;
      node = node.next.get(words[j].word);
      if (node?.chart) best = { j, chart: node.chart };
    }
    if (!best) continue;
    found.push({ start: words[i].start, end: words[best.j].end, chart: best.chart });
    i = best.j;
  }
  return found;
}
