/** Values: how odds, ranges and numbers are written, read and compared. */

export type Wire = null | boolean | number | string | Wire[] | { [key: string]: Wire };

/** Odds `a:d`: attacker to defender, after dividing both by the smaller. */
export interface Odds {
  readonly a: number;
  readonly d: number;
  /** How the odds are written, when known in advance (chart cells). */
  readonly text?: string;
}

/** An integer range, as chart headers write them: "9 or more", "2", "1 or less", "3-5". */
export interface Range {
  readonly min: number;
  readonly max: number;
  readonly text: string;
}

export function oddsValue(o: Odds): number {
  return o.a / o.d;
}

export function oddsText(o: Odds): string {
  if (o.text !== undefined) return o.text;
  const { a, d } = o;
  // Odds of small whole numbers ("4:1", "1:3") are the usual case: each is made once.
  if (Number.isInteger(a) && Number.isInteger(d) && a >= 0 && d >= 0 && a < SMALL_ODDS && d < SMALL_ODDS) return (ODDS_TEXT[a * SMALL_ODDS + d] ??= `${a}:${d}`);
  return `${formatNumber(a)}:${formatNumber(d)}`;
}

const SMALL_ODDS = 64;
const ODDS_TEXT: (string | undefined)[] = [];

export function parseOdds(text: string): Odds | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return null;
  const a = Number(match[1]);
  const d = Number(match[2]);
  return a > 0 && d > 0 ? { a, d } : null;
}

export function parseRange(text: string): Range | null {
  const t = text.trim();
  let m = /^(-?\d+)$/.exec(t);
  if (m) return { min: Number(m[1]), max: Number(m[1]), text: t };
  m = /^(-?\d+)\s*(?:or less|or fewer|or lower|-$|−$)$/i.exec(t);
  if (m) return { min: -Infinity, max: Number(m[1]), text: t };
  m = /^(-?\d+)\s*(?:or more|or higher|or greater|\+)$/i.exec(t);
  if (m) return { min: Number(m[1]), max: Infinity, text: t };
  m = /^(-?\d+)\s*(?:-|–|—|to)\s*(-?\d+)$/.exec(t);
  if (m && Number(m[1]) <= Number(m[2])) return { min: Number(m[1]), max: Number(m[2]), text: t };
  return null;
}

/**
 * Odds as a chart header writes a column: "5:1", "13:1+" (13:1 or more), "1:9 or less",
 * "10:1-12:1". The interval is over odds values (attacker ÷ defender); `text` is the header.
 */
export function parseOddsRange(text: string): Range | null {
  const t = text.trim();
  const one = (s: string): number | null => {
    const o = parseOdds(s);
    return o ? o.a / o.d : null;
  };
  let m = /^(.+?)\s*(?:\+|or more|or greater|or better|or higher)$/i.exec(t);
  if (m) {
    const v = one(m[1]);
    return v === null ? null : { min: v, max: Infinity, text: t };
  }
  m = /^(.+?)\s*(?:or less|or lower|or worse)$/i.exec(t);
  if (m) {
    const v = one(m[1]);
    return v === null ? null : { min: -Infinity, max: v, text: t };
  }
  m = /^(\d+(?:\.\d+)?\s*:\s*\d+(?:\.\d+)?)\s*(?:-|–|—|to)\s*(\d+(?:\.\d+)?\s*:\s*\d+(?:\.\d+)?)$/.exec(t);
  if (m) {
    const low = one(m[1]);
    const high = one(m[2]);
    return low !== null && high !== null && low <= high ? { min: low, max: high, text: t } : null;
  }
  const exact = one(t);
  return exact === null ? null : { min: exact, max: exact, text: t };
}

/** An odds value as odds: 5 → 5:1, 0.5 → 1:2. */
export function oddsOfValue(value: number): Odds {
  return value >= 1 || value === 0 || Number.isNaN(value) ? { a: value, d: 1 } : { a: 1, d: 1 / value };
}

export function inRange(x: number, r: Range): boolean {
  return x >= r.min && x <= r.max;
}

/** Numbers as a rulebook prints them: 4.875, 3, ∞. */
export function formatNumber(x: number): string {
  if (x === Infinity) return "∞";
  if (Number.isInteger(x)) return String(x);
  return String(Math.round(x * 1e6) / 1e6);
}

/** Structural equality; odds by value; notation results by their fields, not how the text was spaced. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  if ("a" in a && "d" in a && "a" in b && "d" in b) return oddsValue(a as Odds) === oddsValue(b as Odds);
  const keys = (o: object) => Object.keys(o).filter((k) => k !== "text").sort();
  const ka = keys(a);
  const kb = keys(b);
  if (ka.length === 0 && kb.length === 0) return (a as { text?: unknown }).text === (b as { text?: unknown }).text;
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
