import type { ChartCell } from "../2-resolve/types.ts";
import type { Session } from "../diagnostics/session.ts";
import type { Type } from "../language/types.ts";
import { le } from "../runtime/runtime.ts";
import type { TableKey } from "./types.ts";

/**
 * The headers of one axis of a chart a table reads (its rows, or its columns) leave it no
 * holes and no doubts: no header is written twice (HX0407), no two cover a common value
 * (HX0405), and whole-number ranges meet, so that every value from the first header to
 * the last has a cell (HX0408; not for a `partial` chart, which holds only the keys that
 * are known, nor for odds, whose columns are the odds each begins at). Keys that could not
 * be read are null and already reported. True when the axis holds.
 */
export function checkChartKeys(chart: string, axis: "row" | "column", keys: (TableKey | null)[], headers: ChartCell[], type: Type, partial: boolean, session: Session): boolean {
  let ok = true;
  for (let i = 0; i < keys.length; i++) {
    for (let j = 0; j < i; j++) {
      const [a, b] = [keys[j], keys[i]];
      if (!a || !b || !overlap(a, b)) continue;
      ok = false;
      if (same(a, b)) session.report("HX0407", { chart, axis, header: headers[i].text }, headers[i].place);
      else session.report("HX0405", { chart, axis, header: headers[i].text, other: headers[j].text }, headers[i].place);
      break;
    }
  }
  if (!ok || partial || type.kind !== "integer") return ok;
  const ranges = keys
    .map((key, i) => ({ key, header: headers[i] }))
    .filter((k): k is { key: Extract<TableKey, { min: unknown }>; header: ChartCell } => k.key !== null && "min" in k.key)
    .sort((a, b) => (le(a.key.min, b.key.min) ? -1 : 1));
  for (let i = 1; i < ranges.length; i++) {
    const [before, after] = [ranges[i - 1], ranges[i]];
    const [from, to] = [Number(before.key.max) + 1, Number(after.key.min) - 1];
    if (from > to) continue;
    ok = false;
    session.report("HX0408", { chart, axis, missing: from === to ? `${from}` : `${from} to ${to}`, before: before.header.text, after: after.header.text }, after.header.place);
  }
  return ok;
}

/** Do two keys of one axis cover a common value? */
function overlap(a: TableKey, b: TableKey): boolean {
  if ("member" in a || "member" in b) return "member" in a && "member" in b && a.member === b.member;
  return le(a.min, b.max) && le(b.min, a.max);
}

/** The same key written twice (the same member, or the same values). */
function same(a: TableKey, b: TableKey): boolean {
  if ("member" in a || "member" in b) return "member" in a && "member" in b && a.member === b.member;
  return le(a.min, b.min) && le(b.min, a.min) && le(a.max, b.max) && le(b.max, a.max);
}
