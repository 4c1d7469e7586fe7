import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { formatDiagnostic } from "../diagnostics/format.ts";

/** Prints diagnostics with code frames, and a one-line count; returns the number of errors. */
export function printDiagnostics(diagnostics: Diagnostic[], sources: Map<string, string>): number {
  const color = Boolean(process.stderr.isTTY) && !process.env.NO_COLOR;
  for (const d of diagnostics) process.stderr.write(`${formatDiagnostic(d, (file) => sources.get(file), color)}\n\n`);
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.length - errors;
  if (diagnostics.length > 0) process.stderr.write(`${errors} error(s), ${warnings} warning(s)\n`);
  return errors;
}
