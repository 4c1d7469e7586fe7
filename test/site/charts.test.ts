// Charts as printed, on a phone and a laptop: a chart whose rows head the next chart's
// columns (the Combat Table's odds by terrain row over its results by roll) is one
// table, its header rows and roll column staying in view; a tapped cell lights up its
// row and column and opens the calculators that read it there; a calculator shows the
// cells it read and lights them up on the chart.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { join } from "node:path";
import { editionIndex, readJson } from "../../compiler/markdown/rulebook-context.ts";
import { openPage, root, SCREENS } from "./helpers/site.ts";
import { useSite } from "./helpers/use-site.ts";

const site = useSite();
const index = editionIndex(root, "ocs", "4.3");

/** A chart's rows as the rule index gives them: header first, cells as text. */
const rowsOf = (id: string) => index.charts.find((c) => c.id === id)!.text.split("\n").map((line) => line.split(" | ").map((cell) => cell.trim()));

/** Charts set as printed: one chart heading the next one of its document, the same column headings. */
const printed = index.charts.flatMap((head, i) => {
  const grid = index.charts[i + 1];
  if (!grid || grid.document !== head.document) return [];
  const [a, b] = [rowsOf(head.id)[0].slice(1), rowsOf(grid.id)[0].slice(1)];
  return a.length > 1 && a.join("|") === b.join("|") ? [{ head, grid }] : [];
});
/** A procedure that reads a cell of the grid through two definitions or inputs, and the lookup. */
const reader = index.procedures.flatMap((p) => p.lookups.filter((l) => l.chart === printed[0]?.grid.id).map((lookup) => ({ procedure: p, lookup })))[0];

const cellText = (page: Page, selector: string) => page.locator(selector).evaluate((n) => n.textContent!.replace(/\s+/g, " ").trim());

test("the corpus has a chart that heads another and a calculator that reads it (else this file tests nothing)", () => {
  expect(printed.length).toBeGreaterThan(0);
  expect(reader).toBeDefined();
});

describe.each(SCREENS)("on a $name ($width×$height)", (screen) => {
  test("the odds rows head the results grid, from the chart data; header rows and roll column stay in view; no sideways page scroll", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    let scrolled = 0;
    for (const { head, grid } of printed) {
      await page.goto(`${site.url}/ocs/4.3/${grid.document}/#${grid.id}`);
      const figure = page.locator(`figure.chart.printed#${grid.id}`);
      expect(await figure.count()).toBe(1);
      // The head chart's rows are header rows over the grid; the grid's rows are the body; nothing is lost.
      const headRows = await figure.locator(`thead tr[data-chart="${head.id}"]`).evaluateAll((rows) => rows.map((r) => [...(r as HTMLTableRowElement).cells].map((c) => c.textContent!.trim())));
      expect(headRows).toEqual(rowsOf(head.id).slice(1));
      const bodyRows = await figure.locator(`tbody tr[data-chart="${grid.id}"]`).evaluateAll((rows) => rows.map((r) => [...(r as HTMLTableRowElement).cells].map((c) => c.textContent!.trim())));
      expect(bodyRows).toEqual(rowsOf(grid.id).slice(1));
      // A link to the head chart still lands on it.
      expect(await page.locator(`#${head.id}`).evaluate((n) => n.closest("figure")?.id)).toBe(grid.id);

      const box = figure.locator(".printed-scroll");
      const sizes = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: innerWidth }));
      expect(sizes.page).toBeLessThanOrEqual(sizes.view);
      if (screen.name === "desktop") {
        // Every column readable at once: the grid fits its box, and the box fits the window.
        expect(await box.evaluate((n) => n.scrollWidth - n.clientWidth)).toBeLessThanOrEqual(1);
        expect(await box.evaluate((n) => n.getBoundingClientRect().right)).toBeLessThanOrEqual(screen.width);
      }
      // Sticky: scrolled to its far corner, the header rows stay at the top of the box and the roll column at its left
      // (a chart short enough to fit its box has no scrolling to do; the Combat Table's does).
      if (await box.evaluate((n) => n.scrollHeight <= n.clientHeight)) continue;
      scrolled++;
      await box.evaluate((n) => n.scrollTo(n.scrollWidth, n.scrollHeight));
      const placed = await box.evaluate((n) => {
        const boxRect = n.getBoundingClientRect();
        const thead = n.querySelector("thead")!.getBoundingClientRect();
        const last = n.querySelector("tbody tr:last-child th")!.getBoundingClientRect();
        return { headTop: thead.top - boxRect.top, rollLeft: last.left - boxRect.left, scrolledDown: n.scrollTop, clientTop: n.clientTop, clientLeft: n.clientLeft };
      });
      expect(placed.scrolledDown).toBeGreaterThan(0);
      expect(Math.abs(placed.headTop - placed.clientTop)).toBeLessThanOrEqual(1);
      expect(Math.abs(placed.rollLeft - placed.clientLeft)).toBeLessThanOrEqual(1);
    }
    expect(scrolled).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  test("a tapped cell lights up its row and column and opens the calculator there, which shows the cell it used on the chart", async () => {
    const { page, errors } = await openPage(site.browser, screen);
    const { grid } = printed[0];
    const { procedure, lookup } = reader;
    await page.goto(`${site.url}/ocs/4.3/${grid.document}/#${grid.id}`);
    const rows = rowsOf(grid.id).slice(1);
    const [r, c] = [Math.floor(rows.length / 2), Math.floor((rows[0].length - 1) / 2)];
    const cell = page.locator(`figure#${grid.id} tbody tr:nth-child(${r + 1}) > :nth-child(${c + 2})`);
    await cell.scrollIntoViewIfNeeded();
    await cell.click();
    expect(await cell.getAttribute("class")).toContain("hl-cell");
    const table = page.locator(`figure#${grid.id} table`);
    const lit = await table.evaluate((t, [r, c]) => {
      const rowCells = [...(t as HTMLTableElement).tBodies[0].rows[r].cells];
      const columnCells = [...(t as HTMLTableElement).rows].map((row) => row.cells[c + 1]);
      return {
        row: rowCells.every((x) => x.classList.contains("hl-row")),
        column: columnCells.every((x) => x.classList.contains("hl-column")),
        others: t.querySelectorAll(".hl-row").length + t.querySelectorAll(".hl-column").length,
        cells: rowCells.length + columnCells.length,
      };
    }, [r, c] as const);
    expect(lit).toEqual({ row: true, column: true, others: lit.cells, cells: lit.cells });
    const offer = page.locator(`figure#${grid.id} .chart-offer`);
    expect(await cellText(page, `figure#${grid.id} .chart-offer strong`)).toBe(rows[r][c + 1]);
    const open = offer.locator(`a[href*="/calculators/${procedure.name}/"]`).first();
    await open.waitFor();
    const href = new URL((await open.getAttribute("href"))!, site.url);
    // The row and column are given as the calculator takes them: an input filled in, or a definition assumed.
    for (const axis of [lookup.row, lookup.column]) {
      expect(href.searchParams.has(axis.kind === "input" ? axis.name : `assume.${axis.name}`)).toBe(true);
    }
    await open.click();
    await page.waitForURL(`**/calculators/${procedure.name}/**`);
    const note = page.locator(".calc-note").filter({ hasText: "assumes" }).first();
    await note.waitFor();
    // With a worked example's units and dice the calculator resolves; the chart's cell still decides the result.
    const url = new URL(page.url());
    type Vector = { input: Record<string, unknown>; expect: { allowed?: boolean }; assume: object };
    const vector = readJson<{ vectors: Vector[] }>(join(root, "generated", "ocs", "4.3", procedure.vectors)).vectors.find((v) => v.expect.allowed !== false && Object.keys(v.assume).length === 0)!;
    const units = new URL(url);
    for (const [name, value] of Object.entries(vector.input)) {
      if (Array.isArray(value)) value.forEach((item, i) => Object.entries(item as Record<string, unknown>).forEach(([f, v]) => units.searchParams.set(`${name}.${i}.${f}`, typeof v === "object" ? String((v as { text: string }).text) : String(v))));
      else if (!units.searchParams.has(name)) units.searchParams.set(name, typeof value === "object" && value ? String((value as { text: string }).text) : String(value));
    }
    await page.goto(units.href);
    const used = page.locator(`[data-chart-cell="${grid.id}:${r}:${c}"]`);
    await used.waitFor();
    expect(await used.locator("strong").textContent()).toBe(rows[r][c + 1]);
    expect(await page.locator(".calc-summary").textContent()).toContain(rows[r][c + 1]);
    await used.locator("a").click();
    await page.waitForURL(`**/${grid.document}/**`);
    const shown = page.locator(`figure#${grid.id} .hl-cell`);
    await shown.waitFor();
    expect(await shown.evaluate((n) => n.textContent!.trim())).toBe(rows[r][c + 1]);
    expect(errors).toEqual([]);
  });
});
