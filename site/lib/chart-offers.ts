// What a chart's cells offer: for each chart of a page, the calculators that read a cell
// of it, and how to open each at a cell (the row and column as an input to fill in or a
// definition to assume). From the rule index only; site/scripts/charts.ts does the rest.
import { indexLookups } from "../../compiler/markdown/index-lookups.ts";
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
  const byChart = offersByChart(index);
  const offers: Record<string, ChartOffer[]> = {};
  for (const chart of indexLookups(index).chartsOf(slug)) {
    const mine = byChart.get(chart.id);
    if (mine) offers[chart.id] = mine;
  }
  return offers;
}

const offered = new WeakMap<RuleIndex, Map<string, ChartOffer[]>>();

/** Every chart's offers, in the order of the procedures and their lookups: made once per index, not once per chart. */
function offersByChart(index: RuleIndex): Map<string, ChartOffer[]> {
  let byChart = offered.get(index);
  if (byChart) return byChart;
  byChart = new Map();
  for (const p of index.procedures) {
    for (const l of p.lookups) {
      const offer: ChartOffer = {
        href: calculatorPath(index, p.name),
        title: p.title,
        label: p.labels[l.name]?.label ?? l.name,
        row: { name: l.row.name, kind: l.row.kind, values: l.row.keys.map((k) => k.value) },
        column: { name: l.column.name, kind: l.column.kind, values: l.column.keys.map((k) => k.value) },
      };
      if (byChart.has(l.chart)) byChart.get(l.chart)!.push(offer);
      else byChart.set(l.chart, [offer]);
    }
  }
  offered.set(index, byChart);
  return byChart;
}
