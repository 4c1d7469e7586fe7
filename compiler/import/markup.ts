/** What `markupOnly` removed, for the document's provenance. */
export interface MarkupChanges {
  openingBreak: boolean;
  lineBreaks: number;
  styles: number;
}

/**
 * Markup only: what the Hugo page needs that a rule document does not, removed or
 * replaced without touching a word of the text.
 *
 * - the chapter heading is written from the page title (Hugo prints the title itself);
 * - the thematic break (`***`) that opens the body of a Hugo book page is dropped;
 * - lines holding only raw line breaks (`<br>`) are dropped, and the blank lines
 *   that then double up are merged;
 * - inline `<span …>` styling (colour) is removed around its words, which stay.
 */
export function markupOnly(body: string, printedTitle: string): { text: string; changes: MarkupChanges } {
  const lines = body.replace(/^(?:[ \t]*\n)+/, "").split("\n");
  const openingBreak = /^[ \t]*(?:\*[ \t]*){3,}$|^[ \t]*(?:-[ \t]*){3,}$|^[ \t]*(?:_[ \t]*){3,}$/.test(lines[0] ?? "");
  if (openingBreak) lines.shift();
  const kept = lines.filter((line) => !/^[ \t]*(?:<br\s*\/?>[ \t]*)+$/i.test(line));
  let styles = 0;
  const unstyled = kept.map((line) =>
    line.replace(/<span(?:\s[^<>]*)?>|<\/span\s*>/gi, (tag) => {
      if (!tag.startsWith("</")) styles++;
      return "";
    }),
  );
  // trimEnd, not /\s*$/: the regular expression tries every run of spaces to the end, quadratic in a page of them.
  const text = `${unstyled.join("\n").replace(/\n(?:[ \t]*\n){2,}/g, "\n\n").replace(/^\n+/, "").trimEnd()}\n`;
  return { text: `# ${printedTitle}\n\n${text}`, changes: { openingBreak, lineBreaks: lines.length - kept.length, styles } };
}
