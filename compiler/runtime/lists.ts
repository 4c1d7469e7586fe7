/**
 * Lists read as a whole: first, last, item n, and sharing losses out over units.
 * (Comprehensions are emitted as loops in each engine.)
 */

import { cmp, formatNumber, type Num } from "./numbers.ts";
import { Stop } from "./stop.ts";
import { compareOdds, sameValue, type Odds } from "./values.ts";

export function firstItem<T>(items: readonly T[]): T | null {
  return items.length > 0 ? items[0] : null;
}

export function lastItem<T>(items: readonly T[]): T | null {
  return items.length > 0 ? items[items.length - 1] : null;
}

/** Item `position` (1 = first) of a list. */
export function item<T>(items: readonly T[], position: number, paragraph: string): T {
  // Engine values are never undefined: one found is the item (small enough to inline); otherwise, see `itemAt`.
  const found = items[position - 1];
  return found !== undefined ? found : itemAt(items, position, paragraph);
}

function itemAt<T>(items: readonly T[], position: number, paragraph: string): T {
  if (!Number.isInteger(position) || position < 1 || position > items.length) {
    throw new Stop("undefined", `there is no item ${formatNumber(position)} in a list of ${items.length}`, paragraph);
  }
  return items[position - 1];
}

/**
 * Where a key stands along a chart's keys (0 = the first): the key itself, or for a number or
 * odds the last key not above it (a "5-7" column is listed as 5, "13:1+" as 13:1); one before
 * the first stands on the first, one past the last on the last ("measured from the last
 * available column", OCS 9.1g). An enum member the chart lacks stops with "not on the chart".
 */
function placeOf(items: readonly unknown[], key: unknown, paragraph: string): number {
  const at = items.findIndex((item) => sameValue(item, key));
  if (at >= 0) return at;
  if (typeof key === "string") throw new Stop("undefined", `${key} is not on the chart`, paragraph);
  let place = 0;
  for (let i = 0; i < items.length; i++) if (order(items[i], key) <= 0) place = i;
  return place;
}

function order(a: unknown, b: unknown): number {
  return typeof a === "object" && a !== null && "a" in a ? compareOdds(a as Odds, b as Odds) : cmp(a as Num, b as Num);
}

/**
 * How far a shift of `steps` places from `key` along a chart's keys goes past its ends: 0 when
 * it stays on the chart, negative before the first key, positive after the last.
 */
export function pastEnds(items: readonly unknown[], key: unknown, steps: number, paragraph: string): number {
  const to = placeOf(items, key, paragraph) + steps;
  return to < 0 ? to : Math.max(0, to - (items.length - 1));
}

/** The key `steps` places from `key` along a chart's keys, stopping at the first or the last. */
export function along<T>(items: readonly T[], key: T, steps: number, paragraph: string): T {
  if (items.length === 0) throw new Stop("undefined", "there is no key to shift along", paragraph);
  const to = placeOf(items, key, paragraph) + steps;
  return items[Math.min(Math.max(to, 0), items.length - 1)];
}

/**
 * Shares `n` out one at a time in list order, skipping items that are full:
 * "all units must take one loss before any unit takes two". Item `first` (a
 * position, 1 = the first item) is served first in every round: "the AR unit
 * must lose the first step". Whatever exceeds every capacity is not shared.
 */
export function spread(n: number, capacities: readonly number[], first = 1): number[] {
  const count = capacities.length;
  const shares: number[] = new Array(count);
  for (let i = 0; i < count; i++) shares[i] = 0;
  const lead = Number.isInteger(first) && first >= 1 && first <= count ? first - 1 : 0;
  let left = Math.max(0, n);
  // Rounds in list order, the lead item first; each round gives one to every item not yet full.
  while (left > 0) {
    let given = false;
    for (let k = 0; k < count && left > 0; k++) {
      const i = k === 0 ? lead : k <= lead ? k - 1 : k;
      if (shares[i] < capacities[i]) {
        shares[i]++;
        left--;
        given = true;
      }
    }
    if (!given) break;
  }
  return shares;
}
