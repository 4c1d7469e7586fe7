/** Arithmetic the rules name: halving and quartering, odds `a : d`, and rule 4.2's "round the final odds". */

import { div, eq, formatNumber, gt, lt, max, round, type Num, type RoundingMode } from "./numbers.ts";
import { Stop } from "./stop.ts";
import type { Odds } from "./values.ts";

export function halve(x: Num, paragraph: string): Num {
  return div(x, 2, paragraph);
}

export function quarter(x: Num, paragraph: string): Num {
  return div(x, 4, paragraph);
}

/** Rounds each side of odds (rule 4.2 style: round the final odds, not the strengths). */
export function roundOdds(o: Odds, mode: RoundingMode): Odds {
  const a = round(o.a, mode);
  const d = round(o.d, mode);
  return { a: max(a, gt(o.a, 0) ? 1 : 0) as number, d: max(d, gt(o.d, 0) ? 1 : 0) as number };
}

/** `a : d` — both sides divided by the smaller, exactly; against nothing, the odds are ∞:1. */
export function ratio(a: Num, d: Num, paragraph: string): Odds {
  if (lt(a, 0) || lt(d, 0) || a !== a || d !== d) throw new Stop("undefined", `odds of ${formatNumber(a)} to ${formatNumber(d)} are not defined`, paragraph);
  if (eq(a, 0) && eq(d, 0)) throw new Stop("undefined", "odds of 0 to 0 are not defined", paragraph);
  if (eq(d, 0)) return { a: Infinity, d: 1 };
  if (eq(a, 0)) return { a: 0, d: 1 };
  return lt(d, a) ? { a: div(a, d, paragraph), d: 1 } : { a: 1, d: div(d, a, paragraph) };
}
