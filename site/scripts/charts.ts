// Charts at the table: a tapped cell lights up its row and column and offers the
// calculators that read that cell, opened with its row and column already given;
// `?cell=<chart>:<row>:<column>` (a calculator's "show on the chart") lights a cell up
// on arrival. Rows carry the chart they come from (`data-chart`), so a chart set
// as printed (odds over results) answers for both of its charts.
import type { ChartOffer } from "../lib/chart-offers.ts";

const data = document.getElementById("hexlaw-chart-offers");
const offers: Record<string, ChartOffer[]> = data ? (JSON.parse(data.textContent || "{}") as Record<string, ChartOffer[]>) : {};

interface Cell {
  cell: HTMLTableCellElement;
  chart: string;
  /** Index among the chart's own rows, and of its columns (the row header is not one). */
  row: number;
  column: number;
}

function locate(cell: HTMLTableCellElement): Cell | null {
  const tr = cell.parentElement as HTMLTableRowElement | null;
  const chart = tr?.dataset.chart;
  const table = tr?.closest("table");
  if (!tr || !chart || !table || cell.cellIndex < 1) return null;
  const rows = [...table.querySelectorAll<HTMLTableRowElement>("tr")].filter((r) => r.dataset.chart === chart);
  return { cell, chart, row: rows.indexOf(tr), column: cell.cellIndex - 1 };
}

function clear(table: HTMLTableElement): void {
  for (const c of table.querySelectorAll(".hl-row, .hl-column, .hl-cell")) c.classList.remove("hl-row", "hl-column", "hl-cell");
  for (const c of table.querySelectorAll("[aria-current]")) c.removeAttribute("aria-current");
}

function highlight(cell: HTMLTableCellElement): void {
  const table = cell.closest("table")!;
  clear(table);
  const tr = cell.parentElement as HTMLTableRowElement;
  for (const c of tr.cells) c.classList.add("hl-row");
  if (cell.cellIndex > 0) for (const r of table.rows) r.cells[cell.cellIndex]?.classList.add("hl-column");
  cell.classList.add("hl-cell");
  cell.setAttribute("aria-current", "true");
}

/** The calculator at this cell: the row and column as inputs or as assumed definitions. */
function calculatorUrl(offer: ChartOffer, at: Cell): string {
  const params = new URLSearchParams();
  for (const [axis, i] of [[offer.row, at.row], [offer.column, at.column]] as const) {
    const value = axis.values[i];
    if (value === undefined) return "";
    if (axis.kind === "input") params.set(axis.name, String(value));
    else params.set(`assume.${axis.name}`, JSON.stringify(value));
  }
  return `${offer.href}?${params}`;
}

function headerText(table: HTMLTableElement, at: Cell): { row: string; column: string } {
  const tr = at.cell.parentElement as HTMLTableRowElement;
  const keys = table.querySelector<HTMLTableRowElement>("tr.chart-keys") ?? table.rows[0];
  // A row of the grid is named with the grid's own heading ("roll 7"); a row of headings by itself ("Open").
  const name = tr.parentElement?.tagName === "TBODY" ? `${keys.cells[0]?.textContent?.trim() ?? ""} ` : "";
  return { row: `${name}${tr.cells[0]?.textContent?.trim() ?? ""}`, column: keys.cells[at.cell.cellIndex]?.textContent?.trim() ?? "" };
}

function offer(figure: HTMLElement, at: Cell): void {
  let panel = figure.querySelector<HTMLElement>(".chart-offer");
  if (!panel) {
    panel = document.createElement("div");
    panel.className = "chart-offer";
    panel.setAttribute("role", "status");
    figure.append(panel);
  }
  const table = at.cell.closest("table")!;
  const { row, column } = headerText(table, at);
  const line = document.createElement("p");
  const value = at.cell.textContent?.trim() ?? "";
  line.append(`${row.charAt(0).toUpperCase()}${row.slice(1)}, column ${column}: `);
  const strong = document.createElement("strong");
  strong.textContent = value;
  line.append(strong);
  const links = (offers[at.chart] ?? []).flatMap((o) => {
    const href = calculatorUrl(o, at);
    if (!href) return [];
    const a = document.createElement("a");
    a.href = href;
    a.className = "chart-open";
    a.textContent = `${o.title}: ${o.label}`;
    return [a];
  });
  const close = document.createElement("button");
  close.type = "button";
  close.className = "chart-offer-close";
  close.textContent = "×";
  close.setAttribute("aria-label", "Close");
  close.addEventListener("click", () => {
    clear(table);
    panel!.remove();
  });
  const actions = document.createElement("p");
  actions.className = "chart-offer-actions";
  if (links.length > 0) actions.append("Open the calculator here: ", ...links);
  panel.replaceChildren(close, line, ...(links.length > 0 ? [actions] : []));
}

document.addEventListener("click", (event) => {
  const cell = (event.target as Element | null)?.closest?.<HTMLTableCellElement>("figure.chart td, figure.chart th");
  const figure = cell?.closest<HTMLElement>("figure.chart");
  if (!cell || !figure || (event.target as Element).closest("a")) return;
  highlight(cell);
  const at = locate(cell);
  if (at) offer(figure, at);
});

// Arriving from a calculator: light up the cell it used.
const wanted = new URLSearchParams(location.search).get("cell");
if (wanted) {
  const [chart, row, column] = wanted.split(":");
  const tr = [...document.querySelectorAll<HTMLTableRowElement>("figure.chart tr")].filter((r) => r.dataset.chart === chart)[Number(row)];
  const cell = tr?.cells[Number(column) + 1];
  if (cell) {
    highlight(cell);
    const figure = cell.closest<HTMLElement>("figure.chart")!;
    const at = locate(cell);
    if (at) offer(figure, at);
    cell.scrollIntoView({ block: "center", inline: "center" });
  }
}
