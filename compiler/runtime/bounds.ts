/**
 * The bounds of a number: `min` and `max`, each inclusive (`>= 0`, `0..5`) unless marked
 * exclusive (`> 0`, `< 10`). Words for them are made here, once, for the engines' messages,
 * the calculator's help text and the packages' READMEs.
 * @category Engine modules
 */
export interface Bounds {
  readonly min?: number;
  readonly max?: number;
  /** `> min`: the bound itself is not allowed. */
  readonly minExclusive?: boolean;
  /** `< max`: the bound itself is not allowed. */
  readonly maxExclusive?: boolean;
}

/** The lower bound in words: "at least 0", "more than 0". */
export const lowerText = (b: Bounds): string => `${b.minExclusive ? "more than" : "at least"} ${b.min}`;

/** The upper bound in words: "at most 6", "less than 10". */
export const upperText = (b: Bounds): string => `${b.maxExclusive ? "less than" : "at most"} ${b.max}`;

/** The bounds in words: "1 to 6", "at least 0", "more than 0 and at most 6"; "" when there are none. */
export function boundsText(b: Bounds): string {
  if (b.min !== undefined && b.max !== undefined && !b.minExclusive && !b.maxExclusive) return `${b.min} to ${b.max}`;
  return [b.min !== undefined ? lowerText(b) : "", b.max !== undefined ? upperText(b) : ""].filter(Boolean).join(" and ");
}
