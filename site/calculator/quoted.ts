/** The most characters of what a reader typed (or a link carried) that a message quotes. */
export const QUOTED_MOST = 40;

/**
 * What a reader typed, as a message quotes it: at most `QUOTED_MOST` characters,
 * then "…". A message that echoed a link's 200,000-character value whole was one
 * unbreakable word, and laying it out froze the page for a minute.
 */
export function quoted(text: string): string {
  if (text.length <= QUOTED_MOST) return text;
  // Whole characters, never half of a surrogate pair.
  const head = Array.from(text.slice(0, QUOTED_MOST * 2)).slice(0, QUOTED_MOST).join("");
  return head.length < text.length ? `${head}…` : text;
}
