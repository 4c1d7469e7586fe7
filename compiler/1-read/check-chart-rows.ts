import type { Table } from "mdast";
import type { Session } from "../diagnostics/session.ts";
import type { SourcePlaces } from "./source-places.ts";
import type { ChartCell } from "./types.ts";

/**
 * A chart cannot have holes: every row has one cell per column of its header row. GFM
 * reads a row with a cell too few or too many without complaint (a renderer pads or drops
 * cells), so a chart row that lost a cell would shift or lose a value unseen. This holds
 * for every chart, read by a table or not: a missing cell is placed where it is missing
 * (the end of its row), a cell too many on itself.
 */
export function checkChartRows(chart: string, table: Table, header: ChartCell[], rows: ChartCell[][], places: SourcePlaces, session: Session): void {
  const width = header.length;
  rows.forEach((cells, r) => {
    if (cells.length === width) return;
    const row = `${r + 1}${cells[0]?.text ? ` (\`${cells[0].text}\`)` : ""}`;
    if (cells.length > width) {
      const extra = cells.slice(width).map((cell) => `\`${cell.text}\``).join(", ");
      session.report("HX0406", { chart, problem: `row ${row} has ${cells.length} cells, its header ${width}: ${extra} ${cells.length - width === 1 ? "is" : "are"} past the last column` }, cells[width].place);
      return;
    }
    const end = table.children[r + 1]?.position?.end.offset ?? 0;
    const missing = header.slice(cells.length).map((cell) => `\`${cell.text}\``).join(", ");
    session.report("HX0406", { chart, problem: `row ${row} has ${cells.length} cell${cells.length === 1 ? "" : "s"}, its header ${width}: no cell under ${missing}` }, places.span(Math.max(0, end - 1), end));
  });
}
