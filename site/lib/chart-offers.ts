// What a chart's cells offer: for each chart of a page, the calculators that read a cell
// of it, and how to open each at a cell (the row and column as an input to fill in or a
// definition to assume). From the rule index only; site/scripts/charts.ts does the rest.
import { calculatorPath, type RuleIndex } from "./corpus.ts";

export interface ChartOffer {
  href: string;
  title: string;
  /** The definition the cell gives (“Combat result”). */
  label: string;
  row: { name: string; kind: "input" | "let"; values: (string | number)[] };
  column: { name: string; kind: "input" | "let"; values: (string | number)[] };
}

export function chartOffers(index: RuleIndex, slug: string): Record<string, ChartOffer[]> {
  const offers: Record<string, ChartOffer[]> = {};
  for (const chart of index.charts.filter((c) => c.document === slug)) {
    const mine = index.procedures.flatMap((p) =>
      p.lookups.filter((l) => l.chart === chart.id).map((l) => ({
        href: calculatorPath(index, p.name),
        title: p.title,
        label: p.labels[l.name]?.label ?? l.name,
        row: { name: l.row.name, kind: l.row.kind, values: l.row.keys.map((k) => k.value) },
        column: { name: l.column.name, kind: l.column.kind, values: l.column.keys.map((k) => k.value) },
      })),
    );
    if (mine.length > 0) offers[chart.id] = mine;
  }
  return offers;
}
