/** Exact numbers: every operation agrees with arithmetic on BigInt fractions, or stops when too large. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as rt from "../../../compiler/runtime/runtime.ts";
import { Stop, type Num } from "../../../compiler/runtime/runtime.ts";

/** A reference fraction: numerator and denominator as BigInt, denominator positive. */
type Big = { n: bigint; d: bigint };

const big = (x: Num): Big => (typeof x === "number" ? { n: BigInt(x), d: 1n } : { n: BigInt(x.n), d: BigInt(x.d) });
const sign = (x: bigint) => (x < 0n ? -1 : x > 0n ? 1 : 0);
const compare = (a: Big, b: Big) => sign(a.n * b.d - b.n * a.d);
const same = (x: Num, ref: Big) => compare(big(x), ref) === 0;
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
const lowest = (a: Big): Big => {
  const g = gcd(a.n, a.d);
  return { n: a.n / g, d: a.d / g };
};
const floorOf = (a: Big) => (a.n >= 0n ? a.n / a.d : -((-a.n + a.d - 1n) / a.d));

/** Fractions with small parts (most arithmetic), and some with large ones (to reach the limits). */
const part = fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -(2 ** 40), max: 2 ** 40 }));
const num = fc.tuple(part, fc.integer({ min: 1, max: 1000 })).map(([n, d]) => rt.fraction(n, d));

/** Runs an operation; a Stop is allowed only when the exact result does not fit. */
function checked(f: () => Num, exactResult: () => Big): void {
  let result: Num;
  try {
    result = f();
  } catch (error) {
    expect(error).toBeInstanceOf(Stop);
    // Only when the result, in lowest terms, is beyond the safe integers (the operands' parts here are small
    // enough that no intermediate product overflows while the result fits).
    expect((error as Stop).message).toContain("too large");
    const r = lowest(exactResult());
    const limit = BigInt(Number.MAX_SAFE_INTEGER);
    expect(r.n > limit || -r.n > limit || r.d > limit).toBe(true);
    return;
  }
  expect(same(result, exactResult())).toBe(true);
  if (typeof result === "object") {
    expect(result.d).toBeGreaterThan(1);
    expect(Number.isSafeInteger(result.n) && Number.isSafeInteger(result.d)).toBe(true);
  } else {
    expect(Number.isSafeInteger(result)).toBe(true);
  }
}

describe("exact numbers", () => {
  it("add, sub, mul and div agree with BigInt fractions", () => {
    fc.assert(
      fc.property(num, num, (a, b) => {
        const A = big(a);
        const B = big(b);
        checked(() => rt.add(a, b, "1"), () => ({ n: A.n * B.d + B.n * A.d, d: A.d * B.d }));
        checked(() => rt.sub(a, b, "1"), () => ({ n: A.n * B.d - B.n * A.d, d: A.d * B.d }));
        checked(() => rt.mul(a, b, "1"), () => ({ n: A.n * B.n, d: A.d * B.d }));
        if (!rt.eq(b, 0)) checked(() => rt.div(a, b, "1"), () => (B.n < 0n ? { n: -A.n * B.d, d: A.d * -B.n } : { n: A.n * B.d, d: A.d * B.n }));
      }),
    );
  });

  it("comparisons and rounding agree with BigInt fractions", () => {
    fc.assert(
      fc.property(num, num, (a, b) => {
        const A = big(a);
        const B = big(b);
        expect(Math.sign(rt.cmp(a, b))).toBe(compare(A, B));
        expect(rt.lt(a, b)).toBe(compare(A, B) < 0);
        expect(rt.eq(a, b)).toBe(compare(A, B) === 0);
        const f = floorOf(A);
        expect(BigInt(rt.floor(a))).toBe(f);
        expect(BigInt(rt.ceil(a))).toBe(A.n % A.d === 0n ? f : f + 1n);
        // Twice the part above the floor, against the denominator: below, at or above one half.
        const above = 2n * (A.n - f * A.d);
        expect(BigInt(rt.round(a, "half_up"))).toBe(above >= A.d && A.n % A.d !== 0n ? f + 1n : f);
        expect(BigInt(rt.round(a, "half_down"))).toBe(above > A.d ? f + 1n : f);
      }),
    );
  });

  it("reads decimals exactly as written, and refuses what does not fit", () => {
    expect(rt.decimal("0.7")).toEqual({ n: 7, d: 10 });
    expect(rt.decimal("4.875")).toEqual({ n: 39, d: 8 });
    expect(rt.decimal("-12")).toBe(-12);
    expect(rt.decimal("1.50")).toEqual({ n: 3, d: 2 });
    expect(rt.exact(0.7)).toEqual({ n: 7, d: 10 });
    expect(rt.exact(1e-7)).toEqual({ n: 1, d: 10_000_000 });
    for (const x of [1e308, Number.NaN, Infinity, 0.1 + 0.2, 2 ** 53 + 2]) expect(rt.exact(x), String(x)).toBeNull();
    for (const text of ["0x10", "1e400", "", ".5", "7.", "12345678901234567890"]) expect(rt.decimal(text), text).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 9), max: 10 ** 9 }), fc.integer({ min: 0, max: 6 }), (n, places) => {
        const text = (n / 10 ** places).toFixed(places);
        const value = rt.decimal(text);
        expect(value).not.toBeNull();
        expect(same(value!, { n: BigInt(text.replace(".", "")), d: 10n ** BigInt(places) })).toBe(true);
      }),
    );
  });

  it("stops instead of losing digits, and keeps “all” as ∞ where the rules allow it", () => {
    const stop = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        return error as Stop;
      }
      throw new Error("expected a stop");
    };
    expect(stop(() => rt.mul(2 ** 52, 4, "9.7")).message).toContain("too large");
    expect(stop(() => rt.add(Number.MAX_SAFE_INTEGER, 1, "9.7")).paragraph).toBe("9.7");
    expect(stop(() => rt.div(rt.fraction(1, 3), 0, "9.7")).message).toContain("by zero");
    expect(rt.add(Infinity, 3, "")).toBe(Infinity);
    expect(stop(() => rt.sub(Infinity, Infinity, "8.1")).kind).toBe("undefined");
  });

  it("adds, subtracts and multiplies integers as add, sub and mul do, through whole (the compiler's choice when both operands are integers)", () => {
    const whole = fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }), fc.constantFrom(Infinity, -Infinity));
    const outcome = (f: () => Num) => {
      try {
        return { value: f() };
      } catch (error) {
        expect(error).toBeInstanceOf(Stop);
        return { stop: (error as Stop).message, paragraph: (error as Stop).paragraph };
      }
    };
    fc.assert(
      fc.property(whole, whole, (a, b) => {
        expect(outcome(() => rt.whole(a + b, "9.7"))).toEqual(outcome(() => rt.add(a, b, "9.7")));
        expect(outcome(() => rt.whole(a - b, "9.7"))).toEqual(outcome(() => rt.sub(a, b, "9.7")));
        expect(outcome(() => rt.whole(a * b, "9.7"))).toEqual(outcome(() => rt.mul(a, b, "9.7")));
      }),
    );
  });
});
