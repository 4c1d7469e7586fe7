import type { Node, Parent, Table } from "mdast";
import type { ContainerDirective } from "mdast-util-directive";
import { toString } from "mdast-util-to-string";
import type { Session } from "../diagnostics/session.ts";
import { walkFlow } from "../markdown/flow.ts";
import { checkChartRows } from "./check-chart-rows.ts";
import type { SourcePlaces } from "./source-places.ts";
import type { Chart, ChartCell, Paragraph } from "./types.ts";

/** The longest name a chart may be given, and how many (a mention of each is looked for in every paragraph). */
export const MAX_CHART_NAME = 80;
export const MAX_CHART_NAMES = 8;

/** Finds `:::chart[Caption]{#id}` directives and reads the GFM table inside each. */
export function findCharts(tree: Parent, owner: Map<Node, string>, places: SourcePlaces, session: Session): Chart[] {
  const charts: Chart[] = [];
  // Wherever the site renders a chart (a list item, a quote), it is bound too.
  walkFlow(tree, owner.get(tree) ?? "", (node, paragraph) => {
    const own = owner.get(node) ?? paragraph;
    if (node.type === "containerDirective" && (node as ContainerDirective).name === "chart") readChart(node as ContainerDirective, own);
    return own;
  });
  return charts;

  function readChart(directive: ContainerDirective, paragraph: string): void {
    const place = places.span(directive.position?.start.offset ?? 0, directive.position?.start.offset ?? 0);
    place.end = places.point(places.nextLine(place.start.offset) - 1);
    const id = directive.attributes?.id ?? "";
    const label = directive.children.find((child) => child.data && "directiveLabel" in child.data && child.data.directiveLabel);
    const table = directive.children.find((child): child is Table => child.type === "table");
    if (!table) {
      session.report("HX0106", { id }, place);
      return;
    }
    const cell = (c: Table["children"][number]["children"][number]): ChartCell => {
      const text = toString(c).trim();
      const start = c.position?.start.offset ?? 0;
      const end = c.position?.end.offset ?? start;
      // Underline the cell's words, not the `|` and padding around them.
      return { text, place: (text && places.find(text, start, end)) || places.span(start, end) };
    };
    const [header, ...body] = table.children;
    const headerCells = header.children.map(cell);
    const rows = body.map((row) => row.children.map(cell));
    checkChartRows(id, table, headerCells, rows, places, session);
    charts.push({
      id,
      caption: label ? toString(label) : id,
      paragraph,
      names: namesOf(directive.attributes?.name),
      serves: (directive.attributes?.for ?? "").split(/[\s,]+/).filter(Boolean),
      header: headerCells,
      rows,
      file: places.file,
      place,
    });
  }
}

/** `name="Surprise Rolls; Surprise Table"`: the names, each of words only, at most a few and none too long. */
function namesOf(attribute: string | null | undefined): string[] {
  const names = (attribute ?? "").split(";").map((name) => name.replace(/\s+/g, " ").trim());
  return names.filter((name) => name.length > 0 && name.length <= MAX_CHART_NAME).slice(0, MAX_CHART_NAMES);
}

/** A chart's words as a rules block may quote them: its caption, then each row, its cells joined by spaces. */
export function chartWords(chart: Chart): string {
  return [chart.caption, ...[chart.header, ...chart.rows].map((row) => row.map((cell) => cell.text).join(" "))].join("\n");
}

/** Lends each paragraph the words of the charts it holds (see `Paragraph.chartWords`). */
export function lendChartWords(paragraphs: Paragraph[], charts: Chart[]): void {
  const byId = new Map(paragraphs.map((p) => [p.id, p]));
  for (const chart of charts) {
    const paragraph = byId.get(chart.paragraph);
    if (paragraph) paragraph.chartWords = [paragraph.chartWords, chartWords(chart)].filter(Boolean).join("\n\n");
  }
}
