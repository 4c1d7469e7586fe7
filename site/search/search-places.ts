// A search record that several editions of a ruleset share (site/search/build-index.ts
// merges a paragraph that reads the same in each) names where each edition has it;
// a result is shown as the edition being searched has it.

/** Where an edition has a shared record: the edition's title (Pagefind's filter), how a result names it, the URL. */
export type SearchPlace = [edition: string, label: string, url: string];

/** A result as it is in the edition titled `edition`, when its record is shared with it; else as it is. */
export function inEdition<R extends { url: string; meta: Record<string, string> }>(result: R, edition: string | undefined): R {
  if (!edition || !result.meta.places) return result;
  let places: unknown;
  try {
    places = JSON.parse(result.meta.places);
  } catch {
    return result;
  }
  const place = Array.isArray(places) ? places.find((p): p is SearchPlace => Array.isArray(p) && p.length === 3 && p.every((s) => typeof s === "string") && p[0] === edition) : undefined;
  return place ? { ...result, url: place[2], meta: { ...result.meta, edition: place[1] } } : result;
}
