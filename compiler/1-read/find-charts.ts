import type { Node, Parent, Table } from "mdast";
import type { ContainerDirective } from "mdast-util-directive";
import { toString } from "mdast-util-to-string";
import type { Session } from "../diagnostics/session.ts";
import { walkFlow } from "../markdown/flow.ts";
import type { SourcePlaces } from "./source-places.ts";
import type { Chart, ChartCell } from "./types.ts";

/**
 * The most cells a chart may have. The corpus's largest has 238; a printed chart page
 * holds a few thousand. Every cell goes into the engines of the calculators that read
 * the chart (shipped to each reader), the chapter's page and the search index.
 */
export const MAX_CHART_CELLS = 10_000;

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
    const cells = table.children.reduce((n, row) => n + row.children.length, 0);
    if (cells > MAX_CHART_CELLS) {
      session.report("HX0039", { id, cells, limit: MAX_CHART_CELLS }, place);
      return;
    }
    const [header, ...body] = table.children;
    charts.push({
      id,
      caption: label ? toString(label) : id,
      paragraph,
      header: header.children.map(cell),
      rows: body.map((row) => row.children.map(cell)),
      file: places.file,
      place,
    });
  }
}
