import { catalog, type Severity } from "./catalog.ts";

export interface Position {
  line: number;
  column: number;
  offset: number;
}

/** A place in a file of the corpus: the span that a diagnostic underlines. */
export interface Place {
  file: string;
  start: Position;
  end: Position;
}

export interface Note {
  message: string;
  place?: Place;
}

export interface Diagnostic {
  code: string;
  severity: Severity;
  message: string;
  hint: string;
  place?: Place;
  notes: Note[];
}

export type Values = Record<string, string | number>;

function fill(template: string, values: Values): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

/** Builds a diagnostic from the catalog; an unknown code is itself a bug. */
export function diagnostic(code: string, values: Values, place?: Place, notes: Note[] = []): Diagnostic {
  const entry = catalog.get(code);
  if (!entry) throw new Error(`diagnostic code ${code} is not in catalog.md`);
  return {
    code,
    severity: entry.severity,
    message: fill(entry.message, values),
    hint: fill(entry.hint, values),
    place,
    notes,
  };
}
