/**
 * What the Markdown parser is given is bounded (issue 23.4): a 3.9 MB chart of
 * 8000 × 120 cells ran the build out of memory (the parser holds ~1.6 KB per character
 * of a table at its peak while it parses it), and a paragraph of 80,000 `**a**` took
 * 27 s to parse (its work grows with the square of a paragraph's emphasis). Each is now
 * refused with a place, most before the parser sees them. The documents are written
 * here, at run time: they are too large to keep.
 */
import { afterEach, describe, expect, it } from "vitest";
import { emphasisOverflows, MAX_EMPHASIS_MARKS, MAX_TABLE_BARS, tableOverflows } from "../../../compiler/1-read/check-markup.ts";
import { MAX_CHART_CELLS } from "../../../compiler/1-read/find-charts.ts";
import { MAX_SOURCE_BYTES } from "../../../compiler/1-read/read-source.ts";
import { compile } from "../../../compiler/compile.ts";
import { formatDiagnostic } from "../../../compiler/diagnostics/format.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach(removeTemp));

const START = `${frontMatter()}\n# 1.0 Test\n\n**1.1** Units move.\n\n`;

async function compileText(text: string) {
  const { root } = documentCorpus(text);
  roots.push(root);
  const result = await compile({ root });
  return { result, found: result.diagnostics.map((d) => ({ code: d.code, line: d.place?.start.line, column: d.place?.start.column })) };
}

const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;

/** A chart of `rows` × `columns` cells (and its header), each cell one digit. */
function chart(rows: number, columns: number): string {
  const row = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const lines = [":::chart[Big]{#big}", row(["roll", ...Array.from({ length: columns }, (_, i) => String(i + 1))]), `|---|${"---|".repeat(columns)}`];
  for (let r = 1; r <= rows; r++) lines.push(row([String(r), ...Array.from({ length: columns }, (_, i) => String((r * i) % 10))]));
  return `${lines.join("\n")}\n:::\n`;
}

describe("charts", () => {
  it("the issue's 8000 × 120 chart (3.9 MB) is refused unread", async () => {
    const text = `${START}${chart(8000, 120)}`;
    expect(text.length).toBeGreaterThan(MAX_SOURCE_BYTES);
    expect((await compileText(text)).found).toEqual([{ code: "HX0020", line: 1, column: 1 }]);
  });

  it(`a table of more than ${MAX_TABLE_BARS} \`|\` is refused at its first line, before it is parsed`, async () => {
    const text = `${START}${chart(1000, 40)}`;
    expect(text.length).toBeLessThan(MAX_SOURCE_BYTES);
    const { result, found } = await compileText(text);
    expect(found).toEqual([{ code: "HX0040", line: lineOf(text, ":::chart"), column: 1 }]);
    expect(result.diagnostics[0].message).toBe(`These lines have ${42 * 1002} \`|\`; lines without a blank one between them may have at most ${MAX_TABLE_BARS}, more than any table of ${MAX_CHART_CELLS} cells has.`);
    // A table of one column has the most bars for its cells: one of as many cells as a chart may have is parsed.
    expect(tableOverflows(chart(MAX_CHART_CELLS - 1, 0))).toEqual([]);
  });

  it(`a chart of more than ${MAX_CHART_CELLS} cells is refused at its directive; one of that many is read`, async () => {
    const columns = 20;
    const rows = Math.floor(MAX_CHART_CELLS / (columns + 1)) - 1;
    const under = `${START}${chart(rows, columns)}`;
    expect((await compileText(under)).result.ok).toBe(true);
    const over = `${START}${chart(rows + 2, columns)}`;
    const { result, found } = await compileText(over);
    expect(found).toEqual([{ code: "HX0039", line: lineOf(over, ":::chart"), column: 1 }]);
    expect(result.diagnostics[0].message).toBe(`Chart \`big\` has ${(rows + 3) * (columns + 1)} cells; a chart has at most ${MAX_CHART_CELLS}.`);
  });
});

describe("emphasis", () => {
  const marks = (count: number) => "*a* ".repeat(count / 2).trim();

  it(`a paragraph of more than ${MAX_EMPHASIS_MARKS} marks is refused at its first line, before it is parsed`, async () => {
    const text = `${START}**1.2** Many:\n${marks(MAX_EMPHASIS_MARKS + 2)}\n\n**1.3** More.\n`;
    const { result, found } = await compileText(text);
    expect(found).toEqual([{ code: "HX0038", line: lineOf(text, "**1.2**"), column: 1 }]);
    expect(formatDiagnostic(result.diagnostics[0], (file) => result.sources.get(file))).toContain(`These lines have ${MAX_EMPHASIS_MARKS + 6} marks of emphasis`);
  });

  it("as many marks in paragraphs apart, in lists and tables, and names with `_` inside are read", async () => {
    const half = marks(MAX_EMPHASIS_MARKS);
    const names = Array.from({ length: MAX_EMPHASIS_MARKS }, (_, i) => `let mp_left_${i} = ${i}`).join("\n");
    const text = `${START}${half}\n\n${half}\n\n* ${half}\n\n| a |\n|---|\n| ${half} |\n\n\`\`\`rules\n${names}\n\`\`\`\n`;
    expect(emphasisOverflows(text)).toEqual([]);
    expect((await compileText(text)).result.ok).toBe(true);
  });

  it("each run of lines is counted alone, whatever markup it holds", () => {
    const run = `> **1.2** ${"_a_ ".repeat(MAX_EMPHASIS_MARKS)}`;
    const text = `para\n\n${run}\n\n* ${marks(MAX_EMPHASIS_MARKS + 2)}\n`;
    expect(emphasisOverflows(text)).toEqual([
      { offset: text.indexOf(run), count: 2 * MAX_EMPHASIS_MARKS + 4 },
      { offset: text.indexOf("* *a*"), count: MAX_EMPHASIS_MARKS + 2 },
    ]);
  });
});
