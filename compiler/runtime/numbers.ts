/**
 * Exact numbers. The rules divide, halve, quarter and round ("0.7 to 0.2 is 3.5:1,
 * which rounds to 4:1"), so engines never compute in floating point: a whole number
 * is a plain JavaScript number (a safe integer, or ±Infinity for the TEC's "All"),
 * anything else a `Fraction` in lowest terms. Whole numbers take the fast path of
 * every operation; a result beyond the safe integers stops ("too large to compute
 * exactly") instead of losing digits.
 *
 * Engines call these operations many times per `resolve`, and a JavaScript engine inlines a
 * function into its caller only while the caller's budget of inlined code lasts (very small
 * functions always): so each operation is its fast path for whole numbers, small, and calls a
 * function of its own for fractions and errors.
 */

import { Stop } from "./stop.ts";

/** A fraction in lowest terms: `d` > 1; both safe integers. */
export interface Fraction {
  readonly n: number;
  readonly d: number;
}

/** An exact number: a safe integer, ±Infinity ("all"), or a Fraction. */
export type Num = number | Fraction;

const MAX = Number.MAX_SAFE_INTEGER;

function gcd(a: number, b: number): number {
  while (b !== 0) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

function tooLarge(paragraph: string): Stop {
  return new Stop("undefined", `the numbers are too large to compute exactly (beyond ±${MAX.toLocaleString("en")})`, paragraph);
}

/** `n / d` in lowest terms; both must be safe integers, `d` not 0. */
export function fraction(n: number, d: number, paragraph = ""): Num {
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(d)) throw tooLarge(paragraph);
  if (d < 0) {
    n = -n;
    d = -d;
  }
  const g = gcd(n < 0 ? -n : n, d);
  if (g !== 1) {
    n /= g;
    d /= g;
  }
  return d === 1 ? n + 0 : { n, d };
}

/**
 * A whole-number result, `a + b`, `a − b` or `a × b` of whole numbers (integers, or "all"):
 * kept if safe, else see `beyond`. What the compiler emits when both operands are integers
 * (`rt.whole(a + b, "9.8")`): no fraction is looked for, and the function is small enough
 * (the literal is `MAX`) that JavaScript engines always inline it. Exact all the same: a sum
 * or product of safe integers beyond the safe integers is computed as one too.
 */
export function whole(r: number, paragraph: string): number {
  return r <= 9007199254740991 && r >= -9007199254740991 ? r : beyond(r, paragraph);
}

/** A whole-number result beyond the safe integers: ±Infinity only from "all", NaN (all − all) is not defined, others too large. */
function beyond(r: number, paragraph: string): number {
  if (r !== r) throw new Stop("undefined", "“all” minus or times “all” is not defined", paragraph);
  if (r === Infinity || r === -Infinity) return r;
  throw tooLarge(paragraph);
}

function times(a: number, b: number, paragraph: string): number {
  const r = a * b;
  if (r <= MAX && r >= -MAX) return r;
  throw tooLarge(paragraph);
}

function infinite(x: Num): x is number {
  return x === Infinity || x === -Infinity;
}

const numerator = (x: Num): number => (typeof x === "number" ? x : x.n);
const denominator = (x: Num): number => (typeof x === "number" ? 1 : x.d);

export function add(a: number, b: number, paragraph: string): number;
export function add(a: Num, b: Num, paragraph: string): Num;
export function add(a: Num, b: Num, paragraph: string): Num {
  return typeof a === "number" && typeof b === "number" ? whole(a + b, paragraph) : addExact(a, b, paragraph);
}

/** `a + b` when either is a fraction (or "all"). */
function addExact(a: Num, b: Num, paragraph: string): Num {
  if (infinite(a)) return a;
  if (infinite(b)) return b;
  const ad = denominator(a);
  const bd = denominator(b);
  const g = gcd(ad, bd);
  const n = times(numerator(a), bd / g, paragraph) + times(numerator(b), ad / g, paragraph);
  return fraction(n, times(ad, bd / g, paragraph), paragraph);
}

export function neg(a: number): number;
export function neg(a: Num): Num;
export function neg(a: Num): Num {
  if (typeof a === "number") return 0 - a;
  return { n: -a.n, d: a.d };
}

export function sub(a: number, b: number, paragraph: string): number;
export function sub(a: Num, b: Num, paragraph: string): Num;
export function sub(a: Num, b: Num, paragraph: string): Num {
  return typeof a === "number" && typeof b === "number" ? whole(a - b, paragraph) : addExact(a, neg(b), paragraph);
}

export function mul(a: number, b: number, paragraph: string): number;
export function mul(a: Num, b: Num, paragraph: string): Num;
export function mul(a: Num, b: Num, paragraph: string): Num {
  return typeof a === "number" && typeof b === "number" ? whole(a * b, paragraph) : mulExact(a, b, paragraph);
}

/** `a × b` when either is a fraction. */
function mulExact(a: Num, b: Num, paragraph: string): Num {
  if (infinite(a) || infinite(b)) return whole(toNumber(a) * toNumber(b), paragraph);
  // Cross-reduce first, so the products stay as small as the result allows.
  const an = numerator(a);
  const ad = denominator(a);
  const bn = numerator(b);
  const bd = denominator(b);
  const g1 = gcd(an < 0 ? -an : an, bd);
  const g2 = gcd(bn < 0 ? -bn : bn, ad);
  return fraction(times(an / g1, bn / g2, paragraph), times(ad / g2, bd / g1, paragraph), paragraph);
}

/** `a / b`; division by zero stops with a message, never Infinity. */
export function div(a: Num, b: Num, paragraph: string): Num {
  if (b === 0) throw new Stop("undefined", `division of ${formatNumber(a)} by zero`, paragraph);
  if (typeof a === "number" && typeof b === "number") {
    if (infinite(a) || infinite(b)) return whole(a / b, paragraph);
    return a % b === 0 ? a / b + 0 : fraction(a, b, paragraph);
  }
  if (infinite(a) || infinite(b)) return whole(toNumber(a) / toNumber(b), paragraph);
  const bn = numerator(b);
  return mul(a, bn < 0 ? fraction(-denominator(b), -bn) : fraction(denominator(b), bn), paragraph);
}

/** Exact comparison: negative, zero or positive as `a` is below, equal to or above `b`. */
export function cmp(a: Num, b: Num): number {
  if (typeof a === "number" && typeof b === "number") return a < b ? -1 : a > b ? 1 : 0;
  if (infinite(a) || infinite(b)) return Math.sign(toNumber(a) - toNumber(b));
  return crossCompare(numerator(a), denominator(b), numerator(b), denominator(a));
}

/** The sign of `p·q − r·s` for safe integers, exactly (BigInt when the products are not safe). */
function crossCompare(p: number, q: number, r: number, s: number): number {
  const left = p * q;
  const right = r * s;
  if (left <= MAX && left >= -MAX && right <= MAX && right >= -MAX) return left < right ? -1 : left > right ? 1 : 0;
  const big = BigInt(p) * BigInt(q) - BigInt(r) * BigInt(s);
  return big < 0n ? -1 : big > 0n ? 1 : 0;
}

/**
 * The sign of `a·b − c·d`, exactly and without stopping (odds are compared as
 * `a₁·d₂` against `a₂·d₁`).
 */
export function compareProducts(a: Num, b: Num, c: Num, d: Num): number {
  if (typeof a === "number" && typeof b === "number" && typeof c === "number" && typeof d === "number") {
    const left = a * b;
    const right = c * d;
    if (left <= MAX && left >= -MAX && right <= MAX && right >= -MAX) return left < right ? -1 : left > right ? 1 : 0;
  }
  return compareExact(a, b, c, d);
}

/** `compareProducts` of fractions, "all", or products beyond the safe integers. */
function compareExact(a: Num, b: Num, c: Num, d: Num): number {
  if (infinite(a) || infinite(b) || infinite(c) || infinite(d)) {
    const left = toNumber(a) * toNumber(b);
    const right = toNumber(c) * toNumber(d);
    return left < right ? -1 : left > right ? 1 : 0;
  }
  const big =
    BigInt(numerator(a)) * BigInt(numerator(b)) * BigInt(denominator(c)) * BigInt(denominator(d)) -
    BigInt(numerator(c)) * BigInt(numerator(d)) * BigInt(denominator(a)) * BigInt(denominator(b));
  return big < 0n ? -1 : big > 0n ? 1 : 0;
}

export function lt(a: Num, b: Num): boolean {
  return typeof a === "number" && typeof b === "number" ? a < b : cmp(a, b) < 0;
}

export function le(a: Num, b: Num): boolean {
  return typeof a === "number" && typeof b === "number" ? a <= b : cmp(a, b) <= 0;
}

export function gt(a: Num, b: Num): boolean {
  return typeof a === "number" && typeof b === "number" ? a > b : cmp(a, b) > 0;
}

export function ge(a: Num, b: Num): boolean {
  return typeof a === "number" && typeof b === "number" ? a >= b : cmp(a, b) >= 0;
}

/** Equal values (fractions are in lowest terms, so equal fractions have equal parts). */
export function eq(a: Num, b: Num): boolean {
  return a === b || (typeof a === "object" && sameFraction(a, b));
}

function sameFraction(a: Fraction, b: Num): boolean {
  return typeof b === "object" && a.n === b.n && a.d === b.d;
}

export function min(a: number, b: number): number;
export function min(a: Num, b: Num): Num;
export function min(a: Num, b: Num): Num {
  return le(a, b) ? a : b;
}

export function max(a: number, b: number): number;
export function max(a: Num, b: Num): Num;
export function max(a: Num, b: Num): Num {
  return ge(a, b) ? a : b;
}

export function abs(a: number): number;
export function abs(a: Num): Num;
export function abs(a: Num): Num {
  if (typeof a === "number") return Math.abs(a);
  return a.n < 0 ? { n: -a.n, d: a.d } : a;
}

export function floor(a: Num): number {
  if (typeof a === "number") return a;
  const r = a.n % a.d;
  const q = (a.n - r) / a.d;
  return r < 0 ? q - 1 : q;
}

export function ceil(a: Num): number {
  if (typeof a === "number") return a;
  const r = a.n % a.d;
  const q = (a.n - r) / a.d;
  return r > 0 ? q + 1 : q;
}

export type RoundingMode = "half_up" | "half_down" | "half_even" | "down" | "up";

/** Rounds to a whole number; a tie is decided by the mode, exactly (no 2.4999… surprises). */
export function round(a: Num, mode: RoundingMode): number {
  if (typeof a === "number") return a;
  const q = floor(a);
  // Twice what is left above q, against the denominator: below, at or above one half.
  const twice = 2 * (((a.n % a.d) + a.d) % a.d);
  const half = twice < a.d ? -1 : twice > a.d ? 1 : 0;
  switch (mode) {
    case "down":
      return q;
    case "up":
      return q + 1;
    case "half_up":
      return half >= 0 ? q + 1 : q;
    case "half_down":
      return half > 0 ? q + 1 : q;
    case "half_even":
      return half > 0 || (half === 0 && q % 2 !== 0) ? q + 1 : q;
  }
}

/** A plain JavaScript number (for JSON and for display; fractions such as 1/3 lose their exactness here). */
export function toNumber(a: Num): number {
  return typeof a === "number" ? a : a.n / a.d;
}

export function isWhole(a: Num): a is number {
  return typeof a === "number";
}

/**
 * A decimal as written — "0.7", "-12", "4.875", "1e-7" — exactly: 0.7 is 7/10.
 * Null when it is not a decimal, or when it needs more digits than a safe integer holds.
 */
export function decimal(text: string): Num | null {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return null;
  const fractionDigits = m[3] ?? "";
  const digits = (m[2] + fractionDigits).replace(/^0+(?=\d)/, "");
  let exponent = Number(m[4] ?? 0) - fractionDigits.length;
  let n = Number(digits);
  if (!Number.isSafeInteger(n)) return null;
  if (n === 0) return 0;
  // Trailing zeros of the digits move into the exponent: "1.50" is 15/10, "1e3" is 1000.
  while (n % 10 === 0) {
    n /= 10;
    exponent++;
  }
  if (m[1] === "-") n = -n;
  if (exponent >= 0) {
    const scaled = n * 10 ** exponent;
    return exponent <= 15 && Number.isSafeInteger(scaled) ? scaled : null;
  }
  if (exponent < -15) return null;
  return fraction(n, 10 ** -exponent);
}

/**
 * A JavaScript number as the exact number it was written as: its shortest decimal
 * form (0.7 → "0.7" → 7/10). Null for NaN, ±Infinity and numbers whose digits do not
 * fit a safe integer (1e308, 0.1 + 0.2).
 */
export function exact(x: number): Num | null {
  if (Number.isSafeInteger(x)) return x + 0;
  if (!Number.isFinite(x)) return null;
  return decimal(String(x));
}

/** A number as a rulebook prints it: 4.875, 3, ∞; a fraction that does not end to six places. */
export function formatNumber(x: Num): string {
  const v = toNumber(x);
  if (v === Infinity) return "∞";
  if (v === -Infinity) return "−∞";
  if (Number.isInteger(v)) return String(v);
  return String(Math.round(v * 1e6) / 1e6);
}
