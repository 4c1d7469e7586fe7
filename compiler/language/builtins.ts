/** Functions of the rules language, with what a rules editor needs to know about each. */
export const BUILTINS = {
  round: "round(x, mode) — round a number, or each side of odds; modes: half_up, half_down, half_even, down, up",
  floor: "floor(x) — round down",
  ceil: "ceil(x) — round up",
  abs: "abs(x) — absolute value",
  min: "min(a, b, …) — the smallest; or min(x for u in list)",
  max: "max(a, b, …) — the largest; or max(x for u in list)",
  clamp: "clamp(x, low, high) — x limited to low..high",
  halve: "halve(x) — x / 2",
  quarter: "quarter(x) — x / 4",
  columns: "columns(table) — the table's column keys, left to right",
  rows: "rows(table) — the table's row keys, top to bottom",
  column_header: "column_header(table, x) — the header, as the chart prints it, of the column a number or odds x falls in (\"13:1+\" for 14:1)",
  row_header: "row_header(table, x) — the header, as the chart prints it, of the row a number or odds x falls in (\"1 or less\" for -2)",
  along: "along(keys, key, n) — the key n places after key (before it, for n below 0) in a list of chart keys such as columns(T), stopping at the first or the last; written `shift key by n along keys`",
  past_ends: "past_ends(keys, key, n) — how far a shift of n places from key goes past the ends of a list of chart keys: 0 on the chart, below 0 before the first, above 0 after the last",
  first: "first(list) — the first item, or none",
  last: "last(list) — the last item, or none",
  count: "count(list) — how many items; or count(u in list where …)",
  position: "position(u) — the place of u in the list it ranges over (1 = first)",
  spread: "spread(n, capacities, first) — n shared out one at a time over a list of capacities, in list order, each full one skipped; with `first` (a position, 1 = first item), that item is served first in every round",
} as const;

export type BuiltinName = keyof typeof BUILTINS;

/** The comprehensions: `sum(x for u in list where …)`, `count(u in list)`, … */
export const AGGREGATES = ["sum", "min", "max", "every", "some", "first", "last", "list", "count"] as const;

export const ROUNDING_MODES = ["half_up", "half_down", "half_even", "down", "up"] as const;
export type RoundingMode = (typeof ROUNDING_MODES)[number];

export function isBuiltin(name: string): name is BuiltinName {
  return Object.hasOwn(BUILTINS, name);
}
