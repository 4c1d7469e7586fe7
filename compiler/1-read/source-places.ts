import type { Place } from "../diagnostics/diagnostic.ts";

/** Turns offsets in a file into line and column positions. */
export class SourcePlaces {
  private readonly lineStarts: number[] = [0];
  readonly file: string;
  readonly text: string;

  constructor(file: string, text: string) {
    this.file = file;
    this.text = text;
    for (let i = 0; i < text.length; i++) if (text[i] === "\n") this.lineStarts.push(i + 1);
  }

  point(offset: number) {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low] + 1, offset };
  }

  span(start: number, end: number): Place {
    return { file: this.file, start: this.point(start), end: this.point(end) };
  }

  /** Finds `needle` at or after `from` (a node's start), for words whose exact column mdast does not give. */
  find(needle: string, from: number, to = this.text.length): Place | null {
    const index = this.text.indexOf(needle, from);
    if (index < 0 || index > to) return null;
    return this.span(index, index + needle.length);
  }

  /** Offset of the start of line `line` (1-based; the end of the text past its last line). */
  lineStart(line: number): number {
    return this.lineStarts[line - 1] ?? this.text.length;
  }

  /** Offset of the line after the one holding `offset` (where a fenced block's text starts). */
  nextLine(offset: number): number {
    const newline = this.text.indexOf("\n", offset);
    return newline < 0 ? this.text.length : newline + 1;
  }
}
