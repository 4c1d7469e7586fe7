import type { Paragraph } from "../1-read/types.ts";

/**
 * Text compared the way a reader would: one space, straight quotes, no case, and a word
 * the printed lines break at its hyphen read whole (“Anti-⏎Tank” is “Anti-Tank”).
 */
function normalizeQuote(text: string): string {
  return text
    .replace(/[‘’′]/g, "'")
    .replace(/[“”″]/g, '"')
    .replace(/[–—]/g, "-")
    .replace(/\s+/g, " ")
    .replace(/(\w)- (?=\w)/g, "$1-")
    .trim()
    .toLowerCase();
}

/** Whether a quote is the paragraph's own words, or a line of a chart it holds (whitespace, quote marks and case may differ). */
export function quoteFound(quote: string, paragraph: Paragraph): boolean {
  const words = normalizeQuote(quote.replace(/…$/, ""));
  return normalizeQuote(paragraph.text).includes(words) || (paragraph.chartWords !== undefined && normalizeQuote(paragraph.chartWords).includes(words));
}
