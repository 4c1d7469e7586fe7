/**
 * The charts in rules/ocs/4.3/ are the printed charts, cell for cell. The transcription
 * test/fixtures/sources/ocs-4.3-charts-pdf.md, made from the PDF "OCS Charts & Tables v4.3"
 * and kept apart from the rules, gives each chart's table under a `#### <chart id>`
 * heading: every chart of the edition has its table there, every table there has its
 * chart, and the two agree in every cell (a label the PDF does not print is written
 * «label» there, and may only head a row or a column). The data file the combat charts
 * were first transcribed from (test/fixtures/sources/ocs-4.3-charts.md, a copy of
 * shared/data/ocs-4.3-charts.md) agrees with them too.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Table } from "mdast";
import { describe, expect, it } from "vitest";
import { readCorpus } from "../../compiler/1-read/read-corpus.ts";
import type { Chart } from "../../compiler/1-read/types.ts";
import { Session } from "../../compiler/diagnostics/session.ts";
import { parseMarkdown } from "../../compiler/markdown/parse-markdown.ts";
import { quoteFound } from "../../compiler/3-check/quotes.ts";
import { chartDifferences, readTranscription, rowsOfChart, rowsOfTable, UNPRINTED_LABEL } from "../../compiler/mutate/transcription.ts";
import { REPO } from "../support/repo.ts";

const TRANSCRIPTION = join(REPO, "test/fixtures/sources/ocs-4.3-charts-pdf.md");
const DATA_FILE = join(REPO, "test/fixtures/sources/ocs-4.3-charts.md");
const SHARED = join(REPO, "../shared/data/ocs-4.3-charts.md");

const session = new Session();
const corpus = readCorpus({ root: REPO }, session);
const charts = corpus.rulesets.find((r) => r.id === "ocs")!.editions.find((e) => e.id === "4.3")!.documents.flatMap((d) => d.charts);
const tables = readTranscription(readFileSync(TRANSCRIPTION, "utf8"), TRANSCRIPTION);

describe("the OCS 4.3 charts in rules/", () => {
  it("are the PDF's tables, cell for cell", () => {
    expect(charts.length).toBeGreaterThan(0);
    for (const chart of charts) expect(chartDifferences(chart, tables.get(chart.id)), chart.id).toEqual([]);
  });

  it("leave out no table of the transcription", () => {
    const ids = new Set(charts.map((c) => c.id));
    expect([...tables.keys()].filter((id) => !ids.has(id))).toEqual([]);
  });

  it("hold a label the PDF does not print only where a label goes: the header row or the first column", () => {
    for (const [id, table] of tables) {
      table.forEach((row, r) => row.forEach((cell, c) => expect(UNPRINTED_LABEL.test(cell) && r > 0 && c > 0, `${id}, row ${r}, column ${c}: ${cell}`).toBe(false)));
    }
  });

  it("are checked so that a changed cell, a changed label, a lost row or a cell too many is found", () => {
    const grid = charts.reduce((a, b) => (b.rows.length * b.header.length > a.rows.length * a.header.length ? b : a));
    const table = tables.get(grid.id);
    const changed = (r: number, c: number): Chart => ({ ...grid, rows: grid.rows.map((row, i) => row.map((cell, j) => (i === r && j === c ? { ...cell, text: `${cell.text}x` } : cell))) });
    expect(chartDifferences(changed(3, 5), table)).toHaveLength(1);
    expect(chartDifferences(changed(2, 0), table)).toHaveLength(1);
    expect(chartDifferences({ ...grid, rows: grid.rows.slice(1) }, table).length).toBeGreaterThan(0);
    expect(chartDifferences({ ...grid, rows: grid.rows.map((row, i) => (i === 0 ? [...row, row[1]] : row)) }, table)).toHaveLength(1);
  });
});

describe("a chart line quoted by a rules block", () => {
  const chapter = corpus.rulesets.find((r) => r.id === "ocs")!.editions.find((e) => e.id === "4.3")!.documents.find((d) => d.charts.length > 0)!;
  const paragraph = chapter.paragraphs.find((p) => p.id === chapter.charts[0].paragraph)!;

  it("is found in the charts the paragraph holds, cells joined by spaces, not in its prose", () => {
    const row = chapter.charts.flatMap((c) => c.rows).find((cells) => cells.length > 1 && !paragraph.text.includes(cells.map((c) => c.text).join(" ")))!;
    const line = row.map((c) => c.text).join(" ");
    expect(quoteFound(line, paragraph)).toBe(true);
    expect(quoteFound(line, { ...paragraph, chartWords: undefined })).toBe(false);
    expect(quoteFound(`${line} and more`, paragraph)).toBe(false);
  });
});

describe("the data file the combat charts were first transcribed from", () => {
  const data = readFileSync(DATA_FILE, "utf8");
  /** Its GFM tables, as rows of cells (the data file is plain Markdown). */
  const dataTables = parseMarkdown(data, "data.md").children.filter((n): n is Table => n.type === "table").map(rowsOfTable);

  it("agrees with the charts: each of its tables is a chart's, every value and row label alike", () => {
    expect(dataTables.length).toBeGreaterThan(0);
    for (const table of dataTables) {
      const body = JSON.stringify(table.slice(1));
      expect(charts.filter((chart) => JSON.stringify(rowsOfChart(chart).slice(1)) === body).map((c) => c.id), table[0].join(" | ")).toHaveLength(1);
    }
  });

  it.skipIf(!existsSync(SHARED))("is the shared data file, below its note of where it came from", () => {
    expect(data.replace(/^<!--[\s\S]*?-->\n/, "")).toBe(readFileSync(SHARED, "utf8"));
  });
});
