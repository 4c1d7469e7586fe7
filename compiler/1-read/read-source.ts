import { lstatSync, readFileSync, statSync } from "node:fs";
import { resolveInside } from "../containment.ts";
import type { Place } from "../diagnostics/diagnostic.ts";
import type { Session } from "../diagnostics/session.ts";
import { SourcePlaces } from "./source-places.ts";

/**
 * No rule document or metadata file is anywhere near this (the corpus's largest chapter
 * has 105 KB); a larger one is refused unread. The Markdown parser holds about 0.55 KB of
 * memory per character of prose while it parses a document (1.6 KB per character of a
 * table, whose size check-markup.ts bounds before parsing), so this bounds one
 * document's parse to about 0.6 GB: a 3.9 MB chart of 8000 × 120 cells needed more than
 * 6 GB and ran the build out of memory.
 */
export const MAX_SOURCE_BYTES = 1024 * 1024;

/** How many leading bytes decide whether a file is text at all. */
const SNIFF_BYTES = 8000;
/** Signatures of the binary files most likely to be saved by mistake with a .md or .yaml name. */
const MAGIC = [[0x89, 0x50, 0x4e, 0x47], [0x25, 0x50, 0x44, 0x46], [0x50, 0x4b, 0x03, 0x04], [0x47, 0x49, 0x46, 0x38], [0xff, 0xd8, 0xff], [0x7f, 0x45, 0x4c, 0x46], [0x1f, 0x8b]];

export type Decoded = { kind: "binary" } | { kind: "text"; text: string; invalidAt: number | null };

/**
 * A file's bytes as the text the compiler reads: UTF-8 without a byte order mark,
 * every line ending (CRLF, or CR alone) made `\n`, so line numbers, code frames and
 * generated files are the same whatever editor saved it. `invalidAt` is where the
 * first byte that is not UTF-8 lands in that text (it reads as U+FFFD).
 */
export function decodeSource(bytes: Uint8Array): Decoded {
  if (looksBinary(bytes)) return { kind: "binary" };
  const bad = firstInvalidUtf8(bytes);
  const decode = (part: Uint8Array) => normalizeNewlines(new TextDecoder("utf-8").decode(part));
  return { kind: "text", text: decode(bytes), invalidAt: bad === null ? null : decode(bytes.subarray(0, bad)).length };
}

export function normalizeNewlines(text: string): string {
  return text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
}

/**
 * Reads one file of rules/ as text, or reports why it cannot be read: a link that
 * leads outside `rulesReal` (the real path of rules/), something that is not a
 * regular file (a FIFO would block the build forever), a file too large, a binary
 * file (said in one line, never shown), bytes that are not UTF-8, a NUL byte.
 */
export function readSource(path: string, file: string, rulesReal: string, session: Session, unsaved?: ReadonlyMap<string, string>): SourcePlaces | null {
  const whole = firstLine(file);
  try {
    lstatSync(path);
    const resolved = resolveInside(path, rulesReal);
    if (resolved.problem === "outside") {
      session.report("HX0016", { file, target: resolved.target }, whole);
      return null;
    }
    if (resolved.problem === "missing") {
      session.report("HX0001", { file, reason: "it is a link to nothing (ENOENT)" }, whole);
      return null;
    }
    const real = resolved.real;
    const stat = statSync(real);
    if (!stat.isFile()) {
      session.report("HX0001", { file, reason: "it is not a regular file" }, whole);
      return null;
    }
    // An editor's unsaved text is the file's content, held to the same limits.
    const held = unsaved?.get(file);
    const size = held === undefined ? stat.size : Buffer.byteLength(held);
    if (size > MAX_SOURCE_BYTES) {
      session.report("HX0020", { file, size, limit: MAX_SOURCE_BYTES }, whole);
      return null;
    }
    const decoded = decodeSource(held === undefined ? readFileSync(real) : Buffer.from(held));
    if (decoded.kind === "binary") {
      session.report("HX0015", { file }, whole);
      return null;
    }
    const places = new SourcePlaces(file, decoded.text);
    if (decoded.invalidAt !== null) session.report("HX0013", { file }, places.span(decoded.invalidAt, decoded.invalidAt + 1));
    const nul = decoded.text.indexOf("\u0000");
    if (nul >= 0) session.report("HX0014", { file }, places.span(nul, nul + 1));
    return places;
  } catch (error) {
    session.report("HX0001", { file, reason: (error as NodeJS.ErrnoException).code ?? String(error) });
    return null;
  }
}

/** The start of a file, for problems with the file as a whole. */
export function firstLine(file: string): Place {
  const start = { line: 1, column: 1, offset: 0 };
  return { file, start, end: start };
}

/** A known binary signature, or a start that is mostly NUL bytes, control characters or bytes that are not UTF-8. */
function looksBinary(bytes: Uint8Array): boolean {
  if (MAGIC.some((magic) => magic.every((byte, i) => bytes[i] === byte))) return true;
  const head = bytes.subarray(0, SNIFF_BYTES);
  let odd = 0;
  for (const byte of head) if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) odd++;
  for (let at = 0, bad: number | null; (bad = firstInvalidUtf8(head, at)) !== null && bad < head.length - 3; at = bad + 1) odd++;
  return head.length > 0 && odd / head.length > 0.1;
}

/** Decodes only well-formed UTF-8 (the same bytes as the walk below accepts), else throws. */
const WELL_FORMED = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Offset of the first byte from `from` on that does not start or continue a well-formed UTF-8 sequence, or null. */
function firstInvalidUtf8(bytes: Uint8Array, from = 0): number | null {
  // Well-formed text (nearly every file) is the native decoder's answer; the walk finds where it is not.
  try {
    WELL_FORMED.decode(bytes.subarray(from));
    return null;
  } catch {
    // Not well-formed: where, below.
  }
  for (let i = from; i < bytes.length; ) {
    const byte = bytes[i];
    const [length, low, high] = byte < 0x80 ? [1, 0, 0] : byte >= 0xc2 && byte <= 0xdf ? [2, 0x80, 0xbf] : byte === 0xe0 ? [3, 0xa0, 0xbf] : byte === 0xed ? [3, 0x80, 0x9f] : byte >= 0xe1 && byte <= 0xef ? [3, 0x80, 0xbf] : byte === 0xf0 ? [4, 0x90, 0xbf] : byte === 0xf4 ? [4, 0x80, 0x8f] : byte >= 0xf1 && byte <= 0xf3 ? [4, 0x80, 0xbf] : [0, 0, 0];
    if (length === 0) return i;
    // The second byte has the tightest range (no overlong forms, no surrogates, nothing past U+10FFFF).
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k];
      if (next === undefined || next < (k === 1 ? low : 0x80) || next > (k === 1 ? high : 0xbf)) return i;
    }
    i += length;
  }
  return null;
}
