import type { Paragraph } from "../1-read/types.ts";

/** Text compared the way a reader would: one space, straight quotes, no case. */
function normalizeQuote(text: string): string {
  return text
    .replace(/[‘’′]/g, "'")
    .replace(/[“”″]/g, '"')
    .replace(/[–—]/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** Whether a quote is the paragraph's own words, or a line of a chart it holds (whitespace, quote marks and case may differ). */
export function quoteFound(quote: string, paragraph: Paragraph): boolean {
  const words = normalizeQuote(quote.replace(/…$/, ""));
  return normalizeQuote(paragraph.text).includes(words) || (paragraph.chartWords !== undefined && normalizeQuote(paragraph.chartWords).includes(words));
}
