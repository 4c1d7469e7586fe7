import { closeSync, openSync, readSync, realpathSync, statSync } from "node:fs";
import { dirname, extname, resolve } from "node:path";
import { urlProblem } from "../url-policy.ts";
import type { Session } from "../diagnostics/session.ts";
import { isInside } from "./read-source.ts";
import { SourcePlaces } from "./source-places.ts";
import type { RuleDocument } from "./types.ts";

/** No illustration of a rulebook comes near this (the largest of OCS 4.3 is 1.2 MB); a larger file is refused unread. */
export const MAX_FIGURE_BYTES = 8 * 1024 * 1024;

/** The image formats a figure may show, by extension, with the first bytes every such file starts with. */
const FORMATS: Record<string, { name: string; magic: (bytes: Uint8Array) => boolean }> = {
  ".png": { name: "PNG", magic: (b) => [0x89, 0x50, 0x4e, 0x47].every((x, i) => b[i] === x) },
  ".jpg": { name: "JPEG", magic: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  ".jpeg": { name: "JPEG", magic: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  ".gif": { name: "GIF", magic: (b) => [0x47, 0x49, 0x46, 0x38].every((x, i) => b[i] === x) },
  ".webp": { name: "WebP", magic: (b) => String.fromCharCode(...b.subarray(8, 12)) === "WEBP" },
  // An ISO media file ("ftyp") whose brands include AVIF's: an MP4 or HEIC file has the same box but other brands.
  ".avif": { name: "AVIF", magic: (b) => String.fromCharCode(...b.subarray(4, 8)) === "ftyp" && /avi[fs]/.test(String.fromCharCode(...b.subarray(8, 32))) },
};

/** Whether a file name has the extension of an image format a figure may show (the importer copies only these). */
export function isFigureImage(name: string): boolean {
  return Object.hasOwn(FORMATS, extname(name).toLowerCase());
}

export type FigureFile = { path: string; problem?: undefined } | { path?: undefined; problem: string };

/**
 * The file a figure shows: its `src`, a path relative to the document, resolved and
 * checked. Paths in documents are untrusted, so the file must pass the URL policy,
 * stay inside the document's edition folder (also after following links), be a
 * regular file no larger than MAX_FIGURE_BYTES and be an image of the format its
 * extension says. Used by the compiler (HX0021) and by the renderer, which shows
 * no image for a figure with a problem.
 */
export function figureFile(documentPath: string, src: string): FigureFile {
  const policy = urlProblem(src);
  if (policy !== null) return { problem: policy };
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(src)) return { problem: "it is the address of another site; a figure shows a file of the edition" };
  if (/[?#]/.test(src)) return { problem: "it has a `?query` or `#fragment`; a figure names a file" };
  if (src.startsWith("/") || src.startsWith("\\")) return { problem: "it starts with a slash; write the path from the chapter's folder, such as `figures/map.png`" };
  const folder = dirname(documentPath);
  let path: string;
  try {
    path = resolve(folder, decodeURIComponent(src));
  } catch {
    return { problem: "it has a `%` that is not a character escape" };
  }
  if (!isInside(path, folder)) return { problem: "it leads outside the edition's folder" };
  const format = FORMATS[extname(path).toLowerCase()];
  if (!format) return { problem: "it is not a PNG, JPEG, GIF, WebP or AVIF file (by its extension)" };
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    return { problem: "there is no such file" };
  }
  if (!isInside(real, realpathSync(folder))) return { problem: "it is a link to a file outside the edition's folder" };
  const stat = statSync(real);
  if (!stat.isFile()) return { problem: "it is not a regular file" };
  if (stat.size > MAX_FIGURE_BYTES) return { problem: `it is ${stat.size} bytes, more than the ${MAX_FIGURE_BYTES} a figure may have` };
  const head = new Uint8Array(32);
  const fd = openSync(real, "r");
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (!format.magic(head)) return { problem: `its extension says ${format.name}, but it is not ${/^[AEIOU]/.test(format.name) ? "an" : "a"} ${format.name} image` };
  return { path: real };
}

/** Reports every figure of a document (at `path`) whose file cannot be shown (HX0021). */
export function checkFigures(document: RuleDocument, path: string, text: string, session: Session): void {
  const places = new SourcePlaces(document.file, text);
  for (const embed of document.embeds) {
    const src = embed.attributes.src;
    if (embed.kind !== "figure" || src === undefined || urlProblem(src) !== null) continue; // an unsafe address is HX0010 already
    const { problem } = figureFile(path, src);
    if (problem === undefined) continue;
    const at = places.find(src, embed.place.start.offset, embed.place.end.offset) ?? embed.place;
    session.report("HX0021", { src, reason: problem }, at);
  }
}
