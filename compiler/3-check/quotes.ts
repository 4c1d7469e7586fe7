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

/** The paragraph's words after its number and title. */
function paragraphBody(paragraph: Paragraph): string {
  // A numbered heading's own line ("A. General.", "12.A. OVERRUN PROCEDURE.") is not part of its
  // words, however the number is written there.
  const source = paragraph.depth > 0 && /\n\s*\n/.test(paragraph.text) ? paragraph.text.replace(/^[^\n]*\n\s*\n/, "") : paragraph.text;
  let text = source.replace(/\s+/g, " ").trim();
  for (const prefix of [paragraph.id, paragraph.title]) {
    if (prefix && text.startsWith(prefix)) text = text.slice(prefix.length).replace(/^[\s.:)–—-]+/, "");
  }
  return text;
}

/** The longest quote a trace step shows, in characters ("…" included). */
const MAX_QUOTE = 180;

/** A definition without a quote of its own cites its paragraph's first sentence. */
export function defaultQuote(paragraph: Paragraph | undefined): string {
  if (!paragraph) return "";
  const body = paragraphBody(paragraph);
  const sentence = /^.*?[.!?](?=\s|$)/.exec(body)?.[0] ?? body;
  return sentence.length > MAX_QUOTE ? `${sentence.slice(0, MAX_QUOTE - 1).replace(/\s+\S*$/, "")}…` : sentence;
}

export function quoteFound(quote: string, paragraph: Paragraph): boolean {
  return normalizeQuote(paragraph.text).includes(normalizeQuote(quote.replace(/…$/, "")));
}
