import type { Diagnostic, Place } from "./diagnostic.ts";

export type SourceLookup = (file: string) => string | undefined;

/**
 * Formats a diagnostic the way compilers do:
 *
 *   error[HX0203]: Unknown name `overun_cost`.
 *     --> rules/ocs/4.3/08-overrun.md:57:21
 *      |
 *   57 | require enough: mp_left >= overun_cost else "…"
 *      |                            ^^^^^^^^^^^
 *      = hint: did you mean `overrun_cost`?
 */
export function formatDiagnostic(d: Diagnostic, source: SourceLookup, color = false): string {
  const paint = (code: string, text: string) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
  const head = paint(d.severity === "error" ? "1;31" : "1;33", `${d.severity}[${d.code}]`);
  const lines = [`${head}: ${printable(d.message)}`];
  for (const line of d.detail ?? []) lines.push(`    ${printable(line)}`);
  if (d.place) lines.push(...frame(d.place, source, paint));
  for (const note of d.notes) {
    lines.push(`   = note: ${printable(note.message)}${note.place ? ` (${where(note.place)})` : ""}`);
  }
  lines.push(`   = hint: ${printable(d.hint)}`);
  return lines.join("\n");
}

export function where(place: Place): string {
  return `${printable(place.file)}:${place.start.line}:${place.start.column}`;
}

/**
 * Characters a terminal would act on rather than show (escape sequences, carriage
 * returns, line breaks, bidirectional overrides), written as `\u001b`: a rule
 * document cannot move the cursor, recolour or hide text in a diagnostic.
 */
const UNPRINTABLE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The lines of the file framed last: thousands of diagnostics in one file split it once. */
let lastSplit: { text: string; lines: string[] } | undefined;

function linesOf(text: string): string[] {
  if (lastSplit?.text !== text) lastSplit = { text, lines: text.split("\n") };
  return lastSplit.lines;
}

function frame(place: Place, source: SourceLookup, paint: (code: string, text: string) => string): string[] {
  const text = source(place.file);
  const out = [`  --> ${where(place)}`];
  if (text === undefined) return out;
  const line = linesOf(text)[place.start.line - 1];
  if (line === undefined) return out;
  const gutter = String(place.start.line).length;
  const pad = " ".repeat(gutter);
  const endColumn = place.end.line === place.start.line ? place.end.column : line.length + 1;
  // Carets go under the characters as shown, escapes included.
  const before = printable(line.slice(0, Math.max(0, place.start.column - 1))).length;
  const width = Math.max(1, printable(line.slice(place.start.column - 1, endColumn - 1)).length);
  out.push(`${pad} |`);
  out.push(`${place.start.line} | ${printable(line)}`);
  out.push(`${pad} | ${" ".repeat(before)}${paint("1;31", "^".repeat(width))}`);
  return out;
}
