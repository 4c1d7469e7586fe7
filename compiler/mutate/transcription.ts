import type { Heading, Table } from "mdast";
import { toString } from "mdast-util-to-string";
import type { Chart } from "../1-read/types.ts";
import { parseMarkdown } from "../markdown/parse-markdown.ts";

/**
 * A transcription of a rulebook's printed charts, made apart from its rules: each chart's
 * table under a `#### <chart id>` heading, laid out as the chart is (other lines are prose
 * and are ignored). A label the print does not carry is written «label», and may only head a
 * row or a column. Checked against it, a chart whose cells were changed by a mistake (or by a
 * mutant of `hexlaw mutate --transcription`) is found whether or not a worked example reads it.
 */
export type Transcription = ReadonlyMap<string, readonly (readonly string[])[]>;

/** «label»: a label the print does not carry. */
export const UNPRINTED_LABEL = /^«(.*)»$/;

const clean = (text: string) => text.replace(/\s+/g, " ").trim();

/** A table as rows of cell texts. */
export const rowsOfTable = (table: Table): string[][] => table.children.map((row) => row.children.map((cell) => clean(toString(cell))));

/** A chart as rows of cell texts, its header first. */
export const rowsOfChart = (chart: Chart): string[][] => [chart.header, ...chart.rows].map((row) => row.map((cell) => clean(cell.text)));

/** The tables of a transcription, by the chart id of the `####` heading before each. */
export function readTranscription(markdown: string, file: string): Transcription {
  const tables = new Map<string, string[][]>();
  let id: string | null = null;
  for (const node of parseMarkdown(markdown, file).children) {
    if (node.type === "heading") id = (node as Heading).depth === 4 ? clean(toString(node)) : null;
    else if (node.type === "table" && id) {
      tables.set(id, rowsOfTable(node as Table));
      id = null;
    }
  }
  return tables;
}

/** How a chart differs from its transcribed table, one line per cell (or a line for a table of another size). */
export function chartDifferences(chart: Chart, table: readonly (readonly string[])[] | undefined): string[] {
  if (!table) return [`${chart.id}: no table of the transcription`];
  const rows = rowsOfChart(chart);
  const found: string[] = [];
  if (rows.length !== table.length) found.push(`${chart.id}: ${rows.length - 1} rows, the transcription ${table.length - 1}`);
  for (let r = 0; r < Math.max(rows.length, table.length); r++) {
    const [ours, theirs] = [rows[r] ?? [], table[r] ?? []];
    if (rows[r] && table[r] && ours.length !== theirs.length) found.push(`${chart.id}, row ${r}: ${ours.length} cells, the transcription ${theirs.length}`);
    for (let c = 0; c < Math.min(ours.length, theirs.length); c++) {
      const printed = UNPRINTED_LABEL.exec(theirs[c])?.[1] ?? theirs[c];
      if (ours[c] !== printed) found.push(`${chart.id}, row ${ours[0] ?? r}, column ${rows[0]?.[c] ?? c}: \`${ours[c]}\`, the transcription \`${theirs[c]}\``);
    }
  }
  return found;
}
