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
  const lines = [`${head}: ${d.message}`];
  if (d.place) lines.push(...frame(d.place, source, paint));
  for (const note of d.notes) {
    lines.push(`   = note: ${note.message}${note.place ? ` (${where(note.place)})` : ""}`);
  }
  lines.push(`   = hint: ${d.hint}`);
  return lines.join("\n");
}

export function where(place: Place): string {
  return `${place.file}:${place.start.line}:${place.start.column}`;
}

function frame(place: Place, source: SourceLookup, paint: (code: string, text: string) => string): string[] {
  const text = source(place.file);
  const out = [`  --> ${where(place)}`];
  if (text === undefined) return out;
  const sourceLines = text.split("\n");
  const line = sourceLines[place.start.line - 1];
  if (line === undefined) return out;
  const gutter = String(place.start.line).length;
  const pad = " ".repeat(gutter);
  const endColumn = place.end.line === place.start.line ? place.end.column : line.length + 1;
  const width = Math.max(1, endColumn - place.start.column);
  out.push(`${pad} |`);
  out.push(`${place.start.line} | ${line}`);
  out.push(`${pad} | ${" ".repeat(Math.max(0, place.start.column - 1))}${paint("1;31", "^".repeat(width))}`);
  return out;
}
