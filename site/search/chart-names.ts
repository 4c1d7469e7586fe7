// A chart's title typed as a query finds that chart first ("Combat Table" the Combat Table,
// not the Air Combat Table, which Pagefind's word scores may put before it): the results
// whose chart is called exactly what was typed come first, those named so by the rules
// (a chart's `name`) before those whose caption only begins so, the rest in Pagefind's order.

interface Named {
  meta: Record<string, string>;
}

/** The metadata of a chart's search record that names it: its own names, one a line, and its caption's title. */
export function chartNameMeta(names: readonly string[], caption: string): { names: string; name: string } {
  return { names: names.join("\n"), name: caption.split(":")[0].replace(/\s*\([^()]*\)\s*$/, "").trim() };
}

const plain = (text: string) => text.toLowerCase().replace(/[\s\u2019']+/g, " ").trim();

/** How well a result's chart is named by the query: 2 by one of its own names, 1 by its caption's title, else 0. */
function rank(result: Named, query: string): number {
  if ((result.meta.names ?? "").split("\n").some((name) => name && plain(name) === query)) return 2;
  return result.meta.name && plain(result.meta.name) === query ? 1 : 0;
}

export function namedChartsFirst<T extends Named>(results: readonly T[], query: string): T[] {
  const q = plain(query);
  return results.map((result, i) => ({ result, i, rank: rank(result, q) })).sort((a, b) => b.rank - a.rank || a.i - b.i).map((r) => r.result);
}
