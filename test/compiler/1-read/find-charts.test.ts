/** Charts are read wherever the site renders them: at the top level, in a list item, in a quote. */
import { describe, expect, it } from "vitest";
import { findCharts } from "../../../compiler/1-read/find-charts.ts";
import { SourcePlaces } from "../../../compiler/1-read/source-places.ts";
import { Session } from "../../../compiler/diagnostics/session.ts";
import { parseMarkdown } from "../../../compiler/markdown/parse-markdown.ts";

const chart = (id: string, indent = "") =>
  [`:::chart[${id} chart]{#${id}}`, "| roll | 1:1 |", "|------|-----|", "| 4    | DE  |", ":::"].map((line) => indent + line).join("\n");

describe("findCharts", () => {
  it("reads charts at the top level, inside list items and inside quotes", () => {
    const text = `${chart("top")}\n\n- An item with a chart:\n\n${chart("item", "  ")}\n\n> ${chart("quoted").split("\n").join("\n> ")}\n`;
    const session = new Session();
    const charts = findCharts(parseMarkdown(text, "t.md"), new Map(), new SourcePlaces("t.md", text), session);
    expect(session.diagnostics).toEqual([]);
    expect(charts.map((c) => [c.id, c.header.map((h) => h.text), c.rows.map((r) => r.map((cell) => cell.text))])).toEqual([
      ["top", ["roll", "1:1"], [["4", "DE"]]],
      ["item", ["roll", "1:1"], [["4", "DE"]]],
      ["quoted", ["roll", "1:1"], [["4", "DE"]]],
    ]);
    expect(charts[1].rows[0][1].place.start).toMatchObject({ line: 12, column: 12 });
  });
});
