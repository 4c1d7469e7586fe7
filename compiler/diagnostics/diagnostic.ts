import { catalog, PLACEHOLDER, type Severity } from "./catalog.ts";
import type { Code, Placeholders, Value } from "./placeholders.ts";

export type { Code, Placeholders } from "./placeholders.ts";

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
  code: Code;
  severity: Severity;
  message: string;
  hint: string;
  place?: Place;
  notes: Note[];
  /** Lines shown under the message as they are: the rest of an internal error's message, its stack. */
  detail?: string[];
}

/** The values a code's message and hint are filled with (compiler/diagnostics/placeholders.ts). */
export type Values<C extends Code> = Placeholders[C];

/**
 * Fills a message or hint. A placeholder the report gives no value for is a bug in
 * the report (the types catch it where the values are written out), never text left as `{key}`.
 */
function fill(code: Code, template: string, values: Record<string, Value>): string {
  return template.replace(PLACEHOLDER, (_, key: string) => {
    if (!Object.hasOwn(values, key)) throw new Error(`diagnostic ${code} needs a value for {${key}} (catalog.md), and the report gives none`);
    return String(values[key]);
  });
}

/** Builds a diagnostic from the catalog; an unknown code is itself a bug. */
export function diagnostic<C extends Code>(code: C, values: NoInfer<Values<C>>, place?: Place, notes: Note[] = []): Diagnostic {
  const entry = catalog.get(code);
  if (!entry) throw new Error(`diagnostic code ${code} is not in catalog.md`);
  return {
    code,
    severity: entry.severity,
    message: fill(code, entry.message, values),
    hint: fill(code, entry.hint, values),
    place,
    notes,
  };
}
