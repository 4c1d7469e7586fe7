/**
 * Lists read as a whole: first, last, item n, and sharing losses out over units.
 * (Comprehensions are emitted as loops in each engine.)
 */

import { formatNumber } from "./numbers.ts";
import { Stop } from "./stop.ts";

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
