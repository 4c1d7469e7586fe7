/**
 * The charts in rules/ocs/4.3/ are the source's, cell for cell: every chart whose
 * header row is a table of the transcription (Combat Table odds and results, Surprise
 * Rolls, Capture Table) equals that table; every two-column chart the transcription
 * gives as prose ("label: value", such as the Air Base Capture Table) says what the prose
 * says. The transcription is test/fixtures/sources/ocs-4.3-charts.md, a copy of
 * shared/data/ocs-4.3-charts.md, checked against that file whenever it is there.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readCorpus } from "../../compiler/1-read/read-corpus.ts";
import type { Chart } from "../../compiler/1-read/types.ts";
import { Session } from "../../compiler/diagnostics/session.ts";
import { REPO } from "../support/repo.ts";

const FIXTURE = join(REPO, "test/fixtures/sources/ocs-4.3-charts.md");
const SHARED = join(REPO, "../shared/data/ocs-4.3-charts.md");

const clean = (text: string) => text.replace(/\s+/g, " ").trim();

/** The GFM tables of a Markdown text, as rows of trimmed cells (the delimiter row left out). */
function tablesOf(markdown: string): string[][][] {
  const tables: string[][][] = [];
  let current: string[][] | null = null;
  for (const line of markdown.split("\n")) {
    if (!line.startsWith("|")) {
      current = null;
      continue;
    }
    const cells = line.trim().replace(/^\||\|$/g, "").split("|").map(clean);
    if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
    if (!current) tables.push((current = []));
    current.push(cells);
  }
  return tables;
}

function rowsOf(chart: Chart): string[][] {
  return [chart.header, ...chart.rows].map((row) => row.map((cell) => clean(cell.text)));
}

/** How a chart differs from the transcription: cells that differ, or "label: value" pairs the prose does not have. */
function differences(chart: Chart, source: string): string[] {
  const rows = rowsOf(chart);
  const table = tablesOf(source).find((t) => t[0].join("|") === rows[0].join("|"));
  if (table) {
    const found: string[] = [];
    if (table.length !== rows.length) found.push(`${chart.id}: ${rows.length - 1} rows, the source ${table.length - 1}`);
    rows.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (table[r]?.[c] !== cell) found.push(`${chart.id}, row ${rows[r][0]}, column ${rows[0][c]}: \`${cell}\`, the source \`${table[r]?.[c]}\``);
      }),
    );
    return found;
  }
  if (rows[0].length !== 2) return [`${chart.id}: no table of the source has its header row`];
  const prose = clean(source);
  return rows.slice(1).filter(([label, value]) => !prose.includes(`${label}: ${value}`)).map(([label, value]) => `${chart.id}: the source has no “${label}: ${value}”`);
}

const session = new Session();
const corpus = readCorpus({ root: REPO }, session);
const charts = corpus.rulesets.find((r) => r.id === "ocs")!.editions.find((e) => e.id === "4.3")!.documents.flatMap((d) => d.charts);
const source = readFileSync(FIXTURE, "utf8");

describe("the OCS 4.3 charts in rules/", () => {
  it("are read from rules/ and are the source's transcription, cell for cell", () => {
    expect(charts.length).toBeGreaterThan(0);
    for (const chart of charts) expect(differences(chart, source), chart.id).toEqual([]);
  });

  it("compare every table of the transcription, so a chart the rules leave out is noticed too", () => {
    const compared = new Set(charts.map((chart) => rowsOf(chart)[0].join("|")));
    for (const table of tablesOf(source)) expect(compared, table[0].join(" | ")).toContain(table[0].join("|"));
  });

  it("report a cell that differs, and a prose value that is not the source's", () => {
    const results = charts.find((c) => tablesOf(source).some((t) => t[0].join("|") === rowsOf(c)[0].join("|")))!;
    const changed: Chart = { ...results, rows: results.rows.map((row, r) => row.map((cell, c) => (r === 3 && c === 5 ? { ...cell, text: "?" } : cell))) };
    expect(differences(changed, source)).toHaveLength(1);
    const prose = charts.find((c) => !tablesOf(source).some((t) => t[0].join("|") === rowsOf(c)[0].join("|")))!;
    const wrong: Chart = { ...prose, rows: prose.rows.map((row) => row.map((cell, c) => (c === 1 ? { ...cell, text: `${cell.text} (changed)` } : cell))) };
    expect(differences(wrong, source)).toHaveLength(prose.rows.length);
  });
});

describe("the transcription kept as a fixture", () => {
  it.skipIf(!existsSync(SHARED))("is the shared data file, below its note of where it came from", () => {
    expect(source.replace(/^<!--[\s\S]*?-->\n/, "")).toBe(readFileSync(SHARED, "utf8"));
  });
});
