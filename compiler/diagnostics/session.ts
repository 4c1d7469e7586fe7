import { diagnostic, type Diagnostic, type Note, type Place, type Values } from "./diagnostic.ts";

/**
 * Collects the diagnostics of one compilation. Passes report and carry on, so an
 * author sees every mistake at once; the compiler stops between stages when
 * `hasErrors()` is true.
 */
export class Session {
  readonly diagnostics: Diagnostic[] = [];

  report(code: string, values: Values, place?: Place, notes: Note[] = []): void {
    this.diagnostics.push(diagnostic(code, values, place, notes));
  }

  hasErrors(): boolean {
    return this.diagnostics.some((d) => d.severity === "error");
  }

  /** Diagnostics in file, line, column order, so output is stable. */
  sorted(): Diagnostic[] {
    return [...this.diagnostics].sort(compareDiagnostics);
  }
}

function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  const fa = a.place?.file ?? "";
  const fb = b.place?.file ?? "";
  if (fa !== fb) return fa < fb ? -1 : 1;
  const oa = a.place?.start.offset ?? -1;
  const ob = b.place?.start.offset ?? -1;
  if (oa !== ob) return oa - ob;
  return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
}
