import { LIMITS } from "../language/limits.ts";
import { diagnostic, type Code, type Diagnostic, type Note, type Place, type Values } from "./diagnostic.ts";
import type { Value } from "./placeholders.ts";

/** A code whose diagnostic counts those of another code that were left out. */
type SummaryCode = { [C in Code]: Values<C> extends { count: Value; file: Value; limit: Value } ? C : never }[Code];

/**
 * Codes a file reports one by one only so many times; past that, one diagnostic of
 * the summary code counts the rest (placed at the first of them). A document with
 * 20,000 misspelt names gets a readable report, quickly: the values of an omitted
 * diagnostic (its suggestions) are never worked out.
 */
const PER_FILE: Partial<Record<Code, { limit: number; summary: SummaryCode }>> = {
  HX0203: { limit: LIMITS.unknownNamesPerFile, summary: "HX0032" },
};

/**
 * Collects the diagnostics of one compilation. Passes report and carry on, so an
 * author sees every mistake at once; the compiler stops between stages when
 * `hasErrors()` is true.
 */
export class Session {
  readonly diagnostics: Diagnostic[] = [];
  /** Per code and file: how many were reported, and the summary of those left out. */
  private readonly counted = new Map<string, { reported: number; omitted: number; summary?: number; place?: Place }>();
  /** What each diagnostic was made from, so that the same mistake found by two editions is shown once (see `sorted`). */
  private readonly made = new WeakMap<Diagnostic, { values: Record<string, Value>; notes: Note[] }>();
  /** Places a capped code was reported at: a chapter read by two editions counts its mistakes once. */
  private readonly cappedPlaces = new Set<string>();

  /**
   * Reports a diagnostic of the catalog with the values its text needs (a code that is not in
   * the catalog, or a missing value, does not type-check); `values` may be a function, called
   * only if the diagnostic is shown.
   */
  report<C extends Code>(code: C, values: NoInfer<Values<C>> | (() => NoInfer<Values<C>>), place?: Place, notes: Note[] = []): void {
    const capped = PER_FILE[code];
    if (capped && place) {
      const at = `${code}\0${placeKey(place)}`;
      if (this.cappedPlaces.has(at)) return;
      this.cappedPlaces.add(at);
      const key = `${code}\0${place.file}`;
      const count = this.counted.get(key) ?? { reported: 0, omitted: 0 };
      this.counted.set(key, count);
      if (count.reported >= capped.limit) {
        count.omitted++;
        count.place ??= place;
        const summary = diagnostic(capped.summary, { count: count.omitted, file: place.file, limit: capped.limit }, count.place);
        if (count.summary === undefined) count.summary = this.diagnostics.push(summary) - 1;
        else this.diagnostics[count.summary] = summary;
        return;
      }
      count.reported++;
    }
    const filled = typeof values === "function" ? values() : values;
    const made = diagnostic(code, filled, place, notes);
    this.made.set(made, { values: filled, notes });
    this.diagnostics.push(made);
  }

  hasErrors(): boolean {
    return this.diagnostics.some((d) => d.severity === "error");
  }

  /**
   * Diagnostics in file, line, column order, so output is stable. A mistake is shown once
   * per place in the source: an edition that extends another reads the other's chapters
   * again and finds the same mistakes, which are shown once, naming every edition that has it.
   */
  sorted(): Diagnostic[] {
    const groups = new Map<string, { first: Diagnostic; editions: string[] }>();
    for (const d of [...this.diagnostics].sort(compareDiagnostics)) {
      const made = this.made.get(d);
      const { edition, ...rest } = made?.values ?? {};
      const key = `${d.code}\0${placeKey(d.place)}\0${made ? JSON.stringify(rest) : d.message}`;
      const group = groups.get(key) ?? { first: d, editions: [] };
      groups.set(key, group);
      if (typeof edition === "string" && !group.editions.includes(edition)) group.editions.push(edition);
    }
    return [...groups.values()].map(({ first, editions }) => {
      const made = this.made.get(first);
      // The values were given for this very code (by `report`), the editions in place of one.
      return made && editions.length > 1 ? diagnostic(first.code, { ...made.values, edition: listed(editions) } as Values<Code>, first.place, made.notes) : first;
    });
  }
}

function placeKey(place: Place | undefined): string {
  return place ? `${place.file}\0${place.start.offset}\0${place.end.offset}` : "";
}

/** `ocs 4.3 and ocs 4.3-errata-2019`. */
function listed(items: string[]): string {
  return items.length <= 2 ? items.join(" and ") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
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
