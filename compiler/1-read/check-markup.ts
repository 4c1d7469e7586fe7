import type { Session } from "../diagnostics/session.ts";
import { MAX_CHART_CELLS } from "./find-charts.ts";
import type { SourcePlaces } from "./source-places.ts";

/**
 * The most marks that can open or close emphasis (`*`, and `_` not inside a word) a run
 * of lines without a blank one may have. The Markdown parser's work on a paragraph grows
 * with the square of its emphasis: one of 80,000 `**a**` took 27 s to parse, and one of
 * 1 MiB would take minutes, twice a build. The corpus's busiest paragraph has 81.
 */
export const MAX_EMPHASIS_MARKS = 2000;

/**
 * The most `|` a run of lines without a blank one may have: more than any table of
 * MAX_CHART_CELLS cells has (a table of r rows of c cells has at most (c + 1)(r + 1) bars
 * with its delimiter row, never more than 4 × its cells). The parser holds about 1.6 KB
 * per character of a table while it reads it (3.3 per character of prose), so a table of
 * 8000 × 120 cells (3.9 MB) took more than 4.5 GB; one this size is refused unparsed.
 */
export const MAX_TABLE_BARS = 4 * MAX_CHART_CELLS;

const MARK = /\*|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu;
/** A list item's bullet (`* `, after a quote's `>` too), which is never emphasis. */
const BULLET = /^[ \t>]*\*(?=[ \t])/;

const emphasisMarks = (line: string) => line.replace(BULLET, "").match(MARK)?.length ?? 0;
function bars(line: string): number {
  let count = 0;
  for (let at = line.indexOf("|"); at >= 0; at = line.indexOf("|", at + 1)) count++;
  return count;
}

/**
 * The runs of lines of a document's text in which `count` finds more than `limit` marks,
 * each as the offset where it starts and its count. Read from the text before it is
 * parsed, so such a document is never handed to the parser. A paragraph or a table never
 * holds a blank line, so each one the parser could read (in a list, a quote or a table
 * cell too) is inside one run: counting runs misses none.
 */
function overflows(text: string, count: (line: string) => number, limit: number): { offset: number; count: number }[] {
  const found: { offset: number; count: number }[] = [];
  let start = 0;
  let marks = 0;
  for (let at = 0; at <= text.length; ) {
    const newline = text.indexOf("\n", at);
    const stop = newline < 0 ? text.length : newline;
    const line = text.slice(at, stop);
    if (line.trim() === "") {
      if (marks > limit) found.push({ offset: start, count: marks });
      marks = 0;
      start = stop + 1;
    } else {
      marks += count(line);
    }
    at = stop + 1;
  }
  if (marks > limit) found.push({ offset: start, count: marks });
  return found;
}

/** The runs of lines with more than MAX_EMPHASIS_MARKS marks of emphasis. */
export const emphasisOverflows = (text: string) => overflows(text, emphasisMarks, MAX_EMPHASIS_MARKS);
/** The runs of lines with more than MAX_TABLE_BARS `|`. */
export const tableOverflows = (text: string) => overflows(text, bars, MAX_TABLE_BARS);
/** Whether a text has markup too dense to parse (see checkMarkup). */
export const tooDenseToParse = (text: string) => emphasisOverflows(text).length > 0 || tableOverflows(text).length > 0;

/** Reports each run of lines with too much emphasis (HX0038) or too large a table (HX0040) to parse; false if there is one. */
export function checkMarkup(places: SourcePlaces, session: Session): boolean {
  const firstLine = (offset: number) => places.span(offset, Math.max(offset, places.nextLine(offset) - 1));
  const emphasis = emphasisOverflows(places.text);
  for (const { offset, count } of emphasis) session.report("HX0038", { count, limit: MAX_EMPHASIS_MARKS }, firstLine(offset));
  const tables = tableOverflows(places.text);
  for (const { offset, count } of tables) session.report("HX0040", { count, limit: MAX_TABLE_BARS, cells: MAX_CHART_CELLS }, firstLine(offset));
  return emphasis.length === 0 && tables.length === 0;
}
