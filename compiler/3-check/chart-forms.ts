import type { TypeExpr } from "../language/ast.ts";
import type { Type } from "../language/types.ts";
import { CHART_FORM_WORDS } from "../language/words.ts";
import { parseRange, type Range } from "../runtime/values.ts";

/**
 * The ways a chart prints a whole number that the language knows without a notation:
 * a column shift ("Left 2", "None", "Right 1" are −2, 0, +1) and a die-roll modifier
 * ("+1", "-2", "−1", "0"). Written as a type (`cells: shift`, `rows: drm`), each is an
 * `integer`; only reading a chart tells them apart.
 */
export const CHART_FORMS = CHART_FORM_WORDS;
export type ChartForm = (typeof CHART_FORMS)[number];

export function isChartForm(name: string): name is ChartForm {
  return (CHART_FORMS as readonly string[]).includes(name);
}

/** The form a table's rows, columns or cells are written in, when it is one of these (and no type of the edition has its name). */
export function chartFormOf(written: TypeExpr, resolved: Type): ChartForm | null {
  return written.kind === "named" && resolved.kind === "integer" && isChartForm(written.ref!.name) ? written.ref!.name : null;
}

/** What each form is, and how it is written, for a message. */
export const FORM_NAMES: Record<ChartForm, string> = { shift: "a column shift", drm: "a die-roll modifier" };

export const FORM_EXAMPLES: Record<ChartForm, string> = {
  shift: "shifts are written Left 2, None, Right 1",
  drm: "die-roll modifiers are written +1, 0, -2 (or −2)",
};

/** A printed cell or header of the form as a whole number (or a range of them: "+3 or more"), or null. */
export function parseForm(text: string, form: ChartForm): Range | null {
  const t = text.trim().replace(/\s+/g, " ");
  if (form === "shift") {
    if (/^none$/i.test(t)) return { min: 0, max: 0, text: t };
    const m = /^(left|right) (\d{1,6})$/i.exec(t);
    if (!m) return null;
    const n = Number(m[2]) * (m[1].toLowerCase() === "left" ? -1 : 1) + 0;
    return { min: n, max: n, text: t };
  }
  const range = parseRange(t.replace(/^\+/, "").replace(/^[−–]/, "-"));
  return range && range.min <= range.max ? { ...range, text: t } : null;
}
