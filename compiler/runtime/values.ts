/** Values: how odds, ranges and numbers are written, read and compared. */

import { compareProducts, decimal, div, eq, formatNumber, ge, gt, le, type Num } from "./numbers.ts";

/**
 * A value as it crosses the engine boundary: plain JSON.
 * @category Wire values
 */
export type Wire = null | boolean | number | string | Wire[] | { [key: string]: Wire };

/** Odds `a:d`: attacker to defender, after dividing both by the smaller. Exact: 3.5:1 is 7/2 to 1. */
export interface Odds {
  readonly a: Num;
  readonly d: Num;
  /** How the odds are written, when known in advance (chart cells). */
  readonly text?: string;
}

/**
 * An interval, as chart headers write them: "9 or more", "2", "1 or less", "3-5" (whole
 * numbers), or "13:1+", "1:2" (odds, as the exact value attacker ÷ defender); as a chart
 * cell also "-", the empty range (min above max), which no number is in.
 */
export interface Range {
  readonly min: Num;
  readonly max: Num;
  readonly text: string;
}

export function oddsText(o: Odds): string {
  if (o.text !== undefined) return o.text;
  const { a, d } = o;
  // Odds of small whole numbers ("4:1", "1:3") are the usual case: each is made once.
  if (typeof a === "number" && typeof d === "number" && a >= 0 && d >= 0 && a < SMALL_ODDS && d < SMALL_ODDS) return (ODDS_TEXT[a * SMALL_ODDS + d] ??= `${a}:${d}`);
  return `${formatNumber(a)}:${formatNumber(d)}`;
}

const SMALL_ODDS = 64;
const ODDS_TEXT: (string | undefined)[] = [];

/** Odds as written ("3:1", "4.875:1", " 1 : 2 "), exactly; both sides above zero. */
export function parseOdds(text: string): Odds | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return null;
  const a = decimal(match[1]);
  const d = decimal(match[2]);
  return a !== null && d !== null && gt(a, 0) && gt(d, 0) ? { a, d } : null;
}

/** A whole number as a chart writes it, or null (also when it is beyond the safe integers). */
function wholeNumber(text: string): number | null {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n + 0 : null;
}

export function parseRange(text: string): Range | null {
  const t = text.trim();
  // A dash alone is the range no number is in: a chart's "-" where no roll gives that result.
  if (/^[-–—−]$/.test(t)) return { min: Infinity, max: -Infinity, text: t };
  const range = (min: number | null, max: number | null): Range | null => (min === null || max === null || min > max ? null : { min, max, text: t });
  let m = /^(-?\d+)$/.exec(t);
  if (m) return range(wholeNumber(m[1]), wholeNumber(m[1]));
  m = /^(-?\d+)\s*(?:or less|or fewer|or lower|-$|−$)$/i.exec(t);
  if (m) return range(-Infinity, wholeNumber(m[1]));
  m = /^(-?\d+)\s*(?:or more|or higher|or greater|\+)$/i.exec(t);
  if (m) return range(wholeNumber(m[1]), Infinity);
  m = /^(-?\d+)\s*(?:-|–|—|to)\s*(-?\d+)$/.exec(t);
  if (m) return range(wholeNumber(m[1]), wholeNumber(m[2]));
  return null;
}

/** The exact value of odds: attacker ÷ defender. */
function valueOf(s: string): Num | null {
  const o = parseOdds(s);
  if (!o) return null;
  try {
    return div(o.a, o.d, "");
  } catch {
    return null;
  }
}

/**
 * Odds as a chart header writes a column: "5:1", "13:1+" (13:1 or more), "1:9 or less",
 * "10:1-12:1". The interval is over odds values (attacker ÷ defender); `text` is the header.
 */
export function parseOddsRange(text: string): Range | null {
  const t = text.trim();
  let m = /^(.+?)\s*(?:\+|or more|or greater|or better|or higher)$/i.exec(t);
  if (m) {
    const v = valueOf(m[1]);
    return v === null ? null : { min: v, max: Infinity, text: t };
  }
  m = /^(.+?)\s*(?:or less|or lower|or worse)$/i.exec(t);
  if (m) {
    const v = valueOf(m[1]);
    return v === null ? null : { min: -Infinity, max: v, text: t };
  }
  m = /^(\d+(?:\.\d+)?\s*:\s*\d+(?:\.\d+)?)\s*(?:-|–|—|to)\s*(\d+(?:\.\d+)?\s*:\s*\d+(?:\.\d+)?)$/.exec(t);
  if (m) {
    const low = valueOf(m[1]);
    const high = valueOf(m[2]);
    return low !== null && high !== null && le(low, high) ? { min: low, max: high, text: t } : null;
  }
  const exact = valueOf(t);
  return exact === null ? null : { min: exact, max: exact, text: t };
}

/** An odds value as odds: 5 → 5:1, 1/2 → 1:2. */
export function oddsOfValue(value: Num): Odds {
  return ge(value, 1) || eq(value, 0) ? { a: value, d: 1 } : { a: 1, d: div(1, value, "") };
}

/** Is the number within the range (whole-number ranges)? */
export function inRange(x: Num, r: Range): boolean {
  return le(r.min, x) && le(x, r.max);
}

/** Are the odds within the range of odds values (a chart column such as "13:1+")? */
export function oddsInRange(o: Odds, r: Range): boolean {
  // min ≤ a/d ≤ max, with d > 0: min·d ≤ a·1 and a·1 ≤ max·d.
  return compareProducts(r.min, o.d, o.a, 1) <= 0 && compareProducts(o.a, 1, r.max, o.d) <= 0;
}

/** Compares odds by value, exactly: negative, zero or positive. */
export function compareOdds(x: Odds, y: Odds): number {
  return compareProducts(x.a, y.d, y.a, x.d);
}

/**
 * Structural equality; odds by value; notation results by their fields, not how the text was spaced.
 * @category Test vectors
 */
export function sameValue(a: unknown, b: unknown): boolean {
  return a === b || sameStructure(a, b);
}

function sameStructure(a: unknown, b: unknown): boolean {
  if (!a || !b || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  if ("a" in a && "d" in a && "a" in b && "d" in b) return compareOdds(a as Odds, b as Odds) === 0;
  const keys = (o: object) => Object.keys(o).filter((k) => k !== "text").sort();
  const ka = keys(a);
  const kb = keys(b);
  if (ka.length === 0 && kb.length === 0) return (a as { text?: unknown }).text === (b as { text?: unknown }).text;
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
