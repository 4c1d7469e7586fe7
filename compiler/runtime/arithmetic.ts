/** Arithmetic the rules name: rounding modes (rule 4.2's "round the final odds"), odds `a : d`, division. */

import { formatNumber, type Odds } from "./values.ts";
import { Stop } from "./stop.ts";

export type RoundingMode = "half_up" | "half_down" | "half_even" | "down" | "up";

export function round(x: number, mode: RoundingMode): number {
  if (!Number.isFinite(x)) return x;
  switch (mode) {
    case "down":
      return Math.floor(x);
    case "up":
      return Math.ceil(x);
    case "half_up":
      return Math.floor(x + 0.5);
    case "half_down":
      return Math.ceil(x - 0.5);
    case "half_even": {
      const floor = Math.floor(x);
      const diff = x - floor;
      if (diff !== 0.5) return Math.round(x);
      return floor % 2 === 0 ? floor : floor + 1;
    }
  }
}

/** Rounds each side of odds (rule 4.2 style: round the final odds, not the strengths). */
export function roundOdds(o: Odds, mode: RoundingMode): Odds {
  const a = round(o.a, mode);
  const d = round(o.d, mode);
  return { a: Math.max(a, o.a > 0 ? 1 : 0), d: Math.max(d, o.d > 0 ? 1 : 0) };
}

/** `a : d` — both sides divided by the smaller; against nothing, the odds are ∞:1. */
export function ratio(a: number, d: number, paragraph: string): Odds {
  if (a < 0 || d < 0 || Number.isNaN(a) || Number.isNaN(d)) throw new Stop("undefined", `odds of ${formatNumber(a)} to ${formatNumber(d)} are not defined`, paragraph);
  if (a === 0 && d === 0) throw new Stop("undefined", "odds of 0 to 0 are not defined", paragraph);
  if (d === 0) return { a: Infinity, d: 1 };
  if (a === 0) return { a: 0, d: 1 };
  const smaller = Math.min(a, d);
  return { a: a / smaller, d: d / smaller };
}

export function divide(a: number, b: number, paragraph: string): number {
  if (b === 0) throw new Stop("undefined", `division of ${formatNumber(a)} by zero`, paragraph);
  return a / b;
}

