import type { Paragraph } from "../2-resolve/types.ts";

/**
 * Text compared the way a reader would: one space, straight quotes, no case, and a word
 * the printed lines break at its hyphen read whole (“Anti-⏎Tank” is “Anti-Tank”).
 */
function normalizeQuote(text: string): string {
  return readerText(text).toLowerCase();
}

/** Text as a reader compares it, its case kept. */
function readerText(text: string): string {
  return text
    .replace(/[‘’′]/g, "'")
    .replace(/[“”″]/g, '"')
    .replace(/[–—]/g, "-")
    .replace(/\s+/g, " ")
    .replace(/(\w)- (?=\w)/g, "$1-")
    .trim();
}

/**
 * A quote with the capitalization its paragraph prints it with: a requirement's message is
 * written as a sentence ("Units in Strat Mode … cannot attack"), but the words it quotes may
 * start mid-sentence in the source ("(units in Strat Mode … cannot attack)"). Only the case of
 * letters changes; a quote the paragraph does not say, or says in other spacing, is returned as it is.
 */
export function inSourceCase(quote: string, paragraph: Paragraph): string {
  const words = readerText(quote);
  if (words !== quote) return quote;
  for (const text of [paragraph.text, paragraph.chartWords ?? ""]) {
    const source = readerText(text);
    const at = source.toLowerCase().indexOf(words.toLowerCase());
    if (at >= 0) return source.slice(at, at + words.length);
  }
  return quote;
}

/** Whether a quote is the paragraph's own words, or a line of a chart it holds (whitespace, quote marks and case may differ). */
export function quoteFound(quote: string, paragraph: Paragraph): boolean {
  const words = normalizeQuote(quote.replace(/…$/, ""));
  return normalizeQuote(paragraph.text).includes(words) || (paragraph.chartWords !== undefined && normalizeQuote(paragraph.chartWords).includes(words));
}

/** Whether a quote is its paragraph's words (or a chart line's) as printed: with the source's capitalization. */
export function quoteFoundAsPrinted(quote: string, paragraph: Paragraph): boolean {
  const words = readerText(quote.replace(/…$/, ""));
  return readerText(paragraph.text).includes(words) || (paragraph.chartWords !== undefined && readerText(paragraph.chartWords).includes(words));
}
