import type { Session } from "../diagnostics/session.ts";
import type { SourcePlaces } from "./source-places.ts";

/**
 * The most marks that can open or close emphasis (`*`, and `_` not inside a word) a run
 * of lines without a blank one may have. The Markdown parser's work on a paragraph grows
 * with the square of its emphasis: one of 80,000 `**a**` took 27 s to parse, and one of
 * 1 MiB would take minutes, twice a build. The corpus's busiest paragraph has 81.
 */
export const MAX_EMPHASIS_MARKS = 2000;

const MARK = /\*|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu;
/** A list item's bullet (`* `, after a quote's `>` too), which is never emphasis. */
const BULLET = /^[ \t>]*\*(?=[ \t])/;

/**
 * The runs of lines of a document's text with more than MAX_EMPHASIS_MARKS marks, each
 * as the offset where it starts and its count. Read from the text before it is parsed,
 * so such a document is never handed to the parser. A paragraph never holds a blank
 * line, so each paragraph the parser could read (in a list, a quote or a table cell
 * too) is inside one run: counting runs misses none.
 */
export function emphasisOverflows(text: string): { offset: number; count: number }[] {
  const found: { offset: number; count: number }[] = [];
  let start = 0;
  let count = 0;
  for (let at = 0; at <= text.length; ) {
    const newline = text.indexOf("\n", at);
    const stop = newline < 0 ? text.length : newline;
    const line = text.slice(at, stop);
    if (line.trim() === "") {
      if (count > MAX_EMPHASIS_MARKS) found.push({ offset: start, count });
      count = 0;
      start = stop + 1;
    } else {
      count += line.replace(BULLET, "").match(MARK)?.length ?? 0;
    }
    at = stop + 1;
  }
  if (count > MAX_EMPHASIS_MARKS) found.push({ offset: start, count });
  return found;
}

/** Reports each run of lines with too much emphasis to parse (HX0038); false if there is one. */
export function checkEmphasis(places: SourcePlaces, session: Session): boolean {
  const found = emphasisOverflows(places.text);
  for (const { offset, count } of found) session.report("HX0038", { count, limit: MAX_EMPHASIS_MARKS }, places.span(offset, Math.max(offset, places.nextLine(offset) - 1)));
  return found.length === 0;
}
