import { findImages, type SourceImage } from "./images.ts";

/** The caption of a figure: the source's words for it, else its file name read as words. */
export function captionOf(image: SourceImage): string {
  if (image.words) return image.words;
  const words = image.file.replace(/\.[A-Za-z]+$/, "").split(/[-_]+/).filter(Boolean).join(" ");
  return `Illustration: ${words}`;
}

/** Where an edition keeps the image files its figures show, from its chapters' folder (rules/README.md). */
export const FIGURES_FOLDER = "figures";

/** `::figure[Caption]{src="figures/file.png"}`, the caption's brackets and backslashes escaped. */
export function figureLine(image: SourceImage, indent = ""): string {
  const caption = captionOf(image).replace(/[\\[\]]/g, (c) => `\\${c}`);
  return `${indent}::figure[${caption}]{src="${FIGURES_FOLDER}/${image.file}"}`;
}

/** Replaces every image on a line of its own by its figure directive; returns the count. */
export function imagesToFigures(body: string): { text: string; count: number; files: string[] } {
  const { lines } = findImages(body);
  const text = body
    .split("\n")
    .map((line, i) => {
      const found = lines.get(i);
      return found ? figureLine(found.image, found.indent) : line;
    })
    .join("\n");
  return { text, count: lines.size, files: [...lines.values()].map((found) => found.image.file) };
}
