import { statSync } from "node:fs";
import { dirname, extname, join, resolve } from "node:path";
import { isInside, realFolder, resolveInside } from "../containment.ts";
import { urlProblem } from "../url-policy.ts";
import type { Session } from "../diagnostics/session.ts";
import { readImageHeader, type ImageFormat, type ImageHeader } from "./image-header.ts";
import { SourcePlaces } from "./source-places.ts";
import type { RuleDocument } from "./types.ts";

/**
 * The budgets of a figure's image, checked before anything decodes it: the site
 * decodes every pixel of every frame to make its AVIF and WebP copies, so a file of
 * a few kilobytes that says it is 16000 × 16000 (a decompression bomb) would take
 * gigabytes and minutes. No illustration of a rulebook comes near them (the largest
 * of OCS 4.3 is 1.2 MB and 1.6 megapixels).
 */
export const FIGURE_LIMITS = {
  /** Bytes of the file, known from its size before it is opened. */
  bytes: 8 * 1024 * 1024,
  /** Pixels of every frame together. */
  pixels: 40_000_000,
  /** Pixels on a side: the most a WebP file holds, and the site serves every figure as WebP. */
  side: 16_383,
};

/** The image formats a figure may show, by extension. */
const FORMATS: Record<string, ImageFormat> = { ".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG", ".gif": "GIF", ".webp": "WebP", ".avif": "AVIF" };

/** Whether a file name has the extension of an image format a figure may show (the importer copies only these). */
export function isFigureImage(name: string): boolean {
  return Object.hasOwn(FORMATS, extname(name).toLowerCase());
}

/** A figure's file that may be shown (its real path and header), or why not; `tooLarge` when it is an image over a budget. */
export type FigureFile = { path: string; header: ImageHeader; problem?: undefined; tooLarge?: undefined } | { path?: undefined; problem: string; tooLarge?: boolean };

/**
 * The path a figure's `src` names, written from the document's folder (as the rule
 * index records it, relative to the root), or why it names none: it must pass the URL
 * policy and be a path (no scheme, query, fragment or leading slash) whose `%`
 * escapes decode. Where it leads is checked by `figureImage`.
 */
export function figurePath(documentFile: string, src: string): { path: string; problem?: undefined } | { path?: undefined; problem: string } {
  const policy = urlProblem(src);
  if (policy !== null) return { problem: policy };
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(src)) return { problem: "it is the address of another site; a figure shows a file of the edition" };
  if (/[?#]/.test(src)) return { problem: "it has a `?query` or `#fragment`; a figure names a file" };
  if (src.startsWith("/") || src.startsWith("\\")) return { problem: "it starts with a slash; write the path from the chapter's folder, such as `figures/map.png`" };
  try {
    return { path: join(dirname(documentFile), decodeURIComponent(src)) };
  } catch {
    return { problem: "it has a `%` that is not a character escape" };
  }
}

/**
 * The file a figure shows: its `src`, a path relative to the document, resolved and
 * checked. Paths in documents are untrusted, so the file must pass the URL policy and
 * be the image `figureImage` accepts inside the document's edition folder. Used by the
 * compiler (HX0021, HX0022) and by the renderer, which shows no image for a figure
 * with a problem.
 */
export function figureFile(documentPath: string, src: string): FigureFile {
  const named = figurePath(documentPath, src);
  if (named.problem !== undefined) return named;
  return figureImage(named.path, dirname(documentPath));
}

/**
 * An image file of an edition, checked before anything decodes it: inside the
 * edition's folder `folder` (also after following links), a regular file within
 * the byte budget (known from its size, before it is opened), whose header (read
 * alone) says it is an image of the format its extension names, within the pixel
 * budgets. The site checks every file of the rule index again with it.
 */
export function figureImage(file: string, editionFolder: string): FigureFile {
  const [path, folder] = [resolve(file), resolve(editionFolder)];
  if (!isInside(path, folder)) return { problem: "it leads outside the edition's folder" };
  const format = FORMATS[extname(path).toLowerCase()];
  if (!format) return { problem: "it is not a PNG, JPEG, GIF, WebP or AVIF file (by its extension)" };
  const realEdition = realFolder(folder);
  const resolved = realEdition === null ? ({ problem: "missing" } as const) : resolveInside(path, realEdition);
  if (resolved.problem === "missing") return { problem: "there is no such file" };
  if (resolved.problem === "outside") return { problem: "it is a link to a file outside the edition's folder" };
  const stat = statSync(resolved.real);
  if (!stat.isFile()) return { problem: "it is not a regular file" };
  if (stat.size > FIGURE_LIMITS.bytes) return { problem: `it is ${stat.size} bytes, more than the ${FIGURE_LIMITS.bytes} a figure may have`, tooLarge: true };
  const { header, problem } = readImageHeader(resolved.real, stat.size, format);
  if (problem !== undefined) return { problem: `its extension says ${format}, but it is not ${/^[AEIOU]/.test(format) ? "an" : "a"} ${format} image: ${problem}` };
  const over = overBudget(header);
  return over ? { problem: over, tooLarge: true } : { path: resolved.real, header };
}

/** Why an image is too large to publish, or null. */
function overBudget({ width, height, frames, pixels }: ImageHeader): string | null {
  const size = `it is ${width} × ${height} pixels${frames > 1 ? ` in ${frames} frames` : ""}`;
  if (width > FIGURE_LIMITS.side || height > FIGURE_LIMITS.side) return `${size}, more than the ${FIGURE_LIMITS.side} on a side a figure may have`;
  if (pixels > FIGURE_LIMITS.pixels) return `${size} (${megapixels(pixels)} megapixels${frames > 1 ? " in all" : ""}), more than the ${megapixels(FIGURE_LIMITS.pixels)} megapixels a figure may have`;
  return null;
}

const megapixels = (pixels: number) => String(Math.round(pixels / 100_000) / 10);

/** Reports every figure of a document (at `path`) whose file cannot be shown (HX0021) or is too large to (HX0022). */
export function checkFigures(document: RuleDocument, path: string, text: string, session: Session): void {
  const places = new SourcePlaces(document.file, text);
  for (const embed of document.embeds) {
    const src = embed.attributes.src;
    if (embed.kind !== "figure" || src === undefined || urlProblem(src) !== null) continue; // an unsafe address is HX0010 already
    const { problem, tooLarge } = figureFile(path, src);
    if (problem === undefined) continue;
    const at = places.find(src, embed.place.start.offset, embed.place.end.offset) ?? embed.place;
    if (tooLarge) session.report("HX0022", { src, reason: problem }, at);
    else session.report("HX0021", { src, reason: problem }, at);
  }
}
