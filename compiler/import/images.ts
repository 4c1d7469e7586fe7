import { isFigureImage } from "../1-read/figure-file.ts";
import { SourceError } from "./read-pages.ts";

/** An image of the source page: where its line is, its file and the words the source gives it. */
export interface SourceImage {
  /** The image's file name, e.g. `at-effects-9.4e.png`. */
  file: string;
  /** Alt text or title from the source, or "" when it gives none. */
  words: string;
}

const IMAGE_LINE = /^([ \t]*)!\[([^\]\n]*)\]\(([^)\s]+)(?:\s+"([^"\n]*)")?\)[ \t]*$/;
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Images → figures: every image that stands on a line of its own becomes a figure
 * directive naming its file (`figureLine` writes it); an image inside a sentence, or
 * whose file name is not a plain name, is left as the source has it.
 */
export function findImages(body: string): { lines: Map<number, { indent: string; image: SourceImage }> } {
  const lines = new Map<number, { indent: string; image: SourceImage }>();
  body.split("\n").forEach((line, i) => {
    const match = IMAGE_LINE.exec(line);
    if (!match) return;
    let file: string;
    try {
      file = decodeURIComponent(match[3].replace(/[?#].*$/, "").replace(/^.*\//, ""));
    } catch {
      throw new SourceError(`the image path \`${match[3]}\` has a \`%\` that is not a character escape`);
    }
    if (!FILE_NAME.test(file) || !isFigureImage(file)) return;
    lines.set(i, { indent: match[1], image: { file, words: (match[2] || match[4] || "").trim() } });
  });
  return { lines };
}
