import type { Parent, Root, RootContent, Table, TableRow } from "mdast";
import type { ContainerDirective } from "mdast-util-directive";
import { toString } from "mdast-util-to-string";
import { h, mdastElement } from "./hast.ts";
import type { ChartParts, HexlawScroll, HexlawSection, HexlawTable } from "./nodes.ts";

/**
 * `:::chart[Caption]{#id}` becomes a captioned figure holding its table, with
 * row headers, a scroll box for phones, and `?` cells read as "unknown".
 *
 * Charts as printed: when a chart is followed by another with the same column
 * headings (the Combat Table's odds by terrain row, then its results by roll),
 * the two are set as one table the way a printed chart sets them, the first
 * chart's rows heading the second's columns. Every row says which chart it
 * comes from (`data-chart`), so a cell can be found by chart, row and column.
 */
export default function remarkCharts() {
  return (tree: Root) => {
    const visit = (parent: Parent) => {
      for (const node of parent.children) {
        if (node.type === "containerDirective" && node.name === "chart") renderChart(node);
        else if ("children" in node) visit(node);
      }
      mergePrinted(parent);
    };
    visit(tree);
  };
}

/** Characters beyond which a chart's cells hold sentences, not values. */
const WRAP_AT = 32;

function renderChart(directive: ContainerDirective): void {
  const id = directive.attributes?.id ?? undefined;
  const labelNode = directive.children.find((c) => c.type === "paragraph" && c.data?.directiveLabel);
  const caption = labelNode ? toString(labelNode) : (id ?? "Chart");
  // A chart of sentences (notes, modifiers, explanations) wraps its cells; a grid of values keeps each on one line.
  const wraps = directive.children.some((child) => child.type === "table" && child.children.some((row) => row.children.some((cell) => toString(cell).length > WRAP_AT)));
  directive.data = { hName: "figure", hProperties: { className: wraps ? ["chart", "wraps"] : ["chart"], ...(id ? { id } : {}) } };
  directive.children = directive.children.flatMap((child) => {
    if (child === labelNode) {
      child.data = { ...child.data, hName: "figcaption" };
      return [child];
    }
    if (child.type !== "table") return [child];
    markCells(child, id);
    return [scroller(child, caption)];
  });
  const tables = directive.children.flatMap((c) => tableIn(c) ?? []);
  if (tables.length === 1) directive.data.hexlawChart = { id, caption, table: tables[0] };
}

function scroller(content: Table | HexlawTable, caption: string, className = "table-scroll"): HexlawScroll {
  return { type: "hexlawScroll", data: { hName: "div", hProperties: { className: [className], role: "region", tabIndex: 0, ariaLabel: caption } }, children: [content] };
}

function tableIn(node: RootContent): Table | undefined {
  const child = node.type === "hexlawScroll" ? node.children[0] : undefined;
  return child?.type === "table" ? child : undefined;
}

function markCells(table: Table, chart: string | undefined): void {
  // A chart of one column (a list of modifiers or notes) has no row headers: its rows are its content.
  const rowHeaders = (table.children[0]?.children.length ?? 0) > 1;
  table.children.forEach((row, r) => {
    if (r > 0 && chart) row.data = { ...row.data, hProperties: { ...row.data?.hProperties, dataChart: chart } };
    row.children.forEach((cell, c) => {
      if (r > 0 && c === 0 && rowHeaders) cell.data = { ...cell.data, hName: "th", hProperties: { scope: "row" } };
      if (r === 0) cell.data = { ...cell.data, hProperties: { scope: "col" } };
      if (toString(cell).trim() === "?") {
        cell.children = [mdastElement(h("em", { className: ["unknown"], title: "Not known: consult the printed chart" }, ["unknown"]))];
      }
    });
  });
}

const chartOf = (node: RootContent): ChartParts | undefined =>
  node.type === "containerDirective" && node.name === "chart" ? node.data?.hexlawChart : undefined;

const columnHeads = (table: Table): string[] => (table.children[0]?.children ?? []).slice(1).map((cell) => toString(cell).trim());

/** Sets each chart that heads the next chart's columns over it, as one table (see above). */
function mergePrinted(parent: Parent): void {
  const charts = parent.children.flatMap((node, i) => (chartOf(node) ? [i] : []));
  const removed = new Set<number>();
  for (let k = 0; k + 1 < charts.length; k++) {
    const headNode = parent.children[charts[k]] as ContainerDirective;
    const gridNode = parent.children[charts[k + 1]] as ContainerDirective;
    const head = chartOf(headNode)!;
    const grid = chartOf(gridNode)!;
    const columns = columnHeads(grid.table);
    if (removed.has(charts[k]) || columns.length < 2 || columns.join("\n") !== columnHeads(head.table).join("\n") || head.table.children.length < 2) continue;
    printAs(gridNode, head, grid);
    removed.add(charts[k]);
    k++;
  }
  if (removed.size > 0) parent.children = parent.children.filter((_, i) => !removed.has(i));
}

function printAs(gridNode: ContainerDirective, head: ChartParts, grid: ChartParts): void {
  const title = commonTitle(head.caption, grid.caption);
  const caption = title ? `${title}: ${rest(head.caption, title)}, over ${rest(grid.caption, title)}` : `${head.caption}, over ${grid.caption}`;
  const asHeads = (row: TableRow, i: number): TableRow => ({
    ...row,
    data: { ...row.data, hProperties: { ...row.data?.hProperties, dataChart: head.id ?? "", className: ["chart-heads"], ...(i === 0 && head.id ? { id: head.id } : {}) } },
    children: row.children.map((cell, c) => ({ ...cell, data: { ...cell.data, hName: "th", hProperties: { scope: c === 0 ? "row" : "col" } } })),
  });
  const [gridHeader, ...gridRows] = grid.table.children;
  // Both charts print the same header row, corner and all (the Barrage Table's "Roll | 1 or less | 2 | …"):
  // it heads the whole table, and the head chart's rows (its Cost row) come under it, as printed.
  const shared = (head.table.children[0]?.children ?? []).map((cell) => toString(cell).trim()).join("\n") === gridHeader.children.map((cell) => toString(cell).trim()).join("\n");
  const keys: TableRow = {
    ...gridHeader,
    data: { ...gridHeader.data, hProperties: { className: shared ? ["chart-keys", "shared"] : ["chart-keys"] } },
    children: gridHeader.children.map((cell) => ({ ...cell, data: { ...cell.data, hName: "th", hProperties: { scope: "col" } } })),
  };
  const body: TableRow[] = gridRows.map((row) => ({ ...row, children: row.children.map((cell, c) => (c === 0 ? cell : { ...cell, data: { ...cell.data, hName: "td" } })) }));
  const section = (hName: "thead" | "tbody", children: TableRow[]): HexlawSection => ({ type: "hexlawSection", data: { hName }, children });
  const heads = head.table.children.slice(1).map(asHeads);
  const table: HexlawTable = { type: "hexlawTable", data: { hName: "table" }, children: [section("thead", shared ? [keys, ...heads] : [...heads, keys]), section("tbody", body)] };
  gridNode.data = { ...gridNode.data, hProperties: { className: ["chart", "printed"], ...(grid.id ? { id: grid.id } : {}), ...(head.id ? { dataHeads: head.id } : {}) } };
  gridNode.children = gridNode.children.map((child) => {
    if (child.data?.hName === "figcaption") return { type: "paragraph", data: { hName: "figcaption" }, children: [{ type: "text", value: caption }] };
    return tableIn(child) ? scroller(table, caption, "table-scroll printed-scroll") : child;
  });
}

/** "Combat Table (9.9)" of "Combat Table (9.9): odds…" and "Combat Table (9.9): results…": the shared words before a colon. */
function commonTitle(a: string, b: string): string {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  const shared = a.slice(0, n);
  const colon = shared.lastIndexOf(":");
  return colon > 0 ? shared.slice(0, colon).trim() : "";
}

const rest = (caption: string, title: string) => caption.slice(title.length).replace(/^[\s:]+/, "");
