// Accessible and tidy on every page type (home, edition, chapter, with formal rules open,
// a chapter's formal rules, charts with a cell chosen, calculator with an answer or an input
// in error, search open, about, changes, two editions compared, a "not in this edition"
// note), light and dark, on a phone and a laptop, and the widest pages at 360 px: axe finds
// no serious or critical violation (target size
// included), every control is at least 24 px each way, and the answer panel has no
// clipped or overlapping text.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { editionIndex } from "../../compiler/markdown/rulebook-context.ts";
import { editionPairs, pairPath } from "../../site/lib/editions.ts";
import { openPage, root, SCREENS } from "./helpers/site.ts";
import { generatedEngines, resolveVector } from "../support/engines.ts";
import { seriousViolations } from "./helpers/axe.ts";
import { useSite } from "./helpers/use-site.ts";

const site = useSite();
const index = editionIndex(root, "ocs", "4.3");
const chapter = index.documents.find((d) => d.calculators.length > 0)!;
const charts = index.documents.find((d) => index.charts.some((c) => c.document === d.slug))!;
const procedure = index.procedures.find((p) => p.examples > 0 && p.outcome.length > 0)!;
const pair = editionPairs()[0];
const formalPair = editionPairs().find((p) => p.report.formal.length > 0)!;
const behaviourPair = editionPairs().find((p) => p.report.behaviour.some((b) => b.differences.length > 0))!;
/** The trace the calculator shows for its first preset: the procedure's first worked example. */
const exampleTrace = async () => {
  const engine = generatedEngines().find((e) => e.name === `ocs/4.3/${procedure.name}`)!;
  return resolveVector(await engine.load(), engine.vectors()[0]).trace;
};

/** Controls smaller than 24 × 24 px (links inside running text are exempt, as WCAG 2.5.8 exempts them). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>("button, input:not([type=hidden]), select, summary, [role=option], [role=tab], .chart-open, nav a, .pager a, .to-top");
    const small: string[] = [];
    for (const c of controls) {
      const box = c.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(c).visibility === "hidden") continue;
      // Visually hidden controls (a dice picker's radio buttons, under their labels) are not targets; their labels are.
      if (c.closest(".visually-hidden") || (box.width <= 1 && box.height <= 1)) continue;
      if (box.width < 23.5 || box.height < 23.5) small.push(`${c.tagName.toLowerCase()}${c.className ? `.${String(c.className).split(" ")[0]}` : ""} “${(c.textContent || (c as HTMLInputElement).value || "").trim().slice(0, 30)}” ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return [...new Set(small)];
  });
}

/** Each page type, opened as a reader would use it. */
const PAGES: { name: string; open(page: Page): Promise<void> }[] = [
  { name: "home", open: (page) => page.goto(`${site.url}/`).then(() => undefined) },
  { name: "edition", open: (page) => page.goto(`${site.url}/ocs/4.3/`).then(() => undefined) },
  { name: "chapter", open: (page) => page.goto(`${site.url}/ocs/4.3/${chapter.slug}/`).then(() => undefined) },
  {
    name: "charts, a cell chosen",
    async open(page) {
      await page.goto(`${site.url}/ocs/4.3/${charts.slug}/`);
      const cell = page.locator("figure.chart tbody td").first();
      await cell.scrollIntoViewIfNeeded();
      await cell.click();
      await page.locator(".chart-offer").waitFor();
    },
  },
  {
    name: "calculator with an answer",
    async open(page) {
      await page.goto(`${site.url}/ocs/4.3/calculators/${procedure.name}/`);
      const presets = page.locator("hexlaw-calculator select").first();
      await presets.waitFor();
      await presets.selectOption({ index: 1 });
      await page.locator(".calc-ruling.allowed, .calc-ruling.blocked").first().waitFor();
    },
  },
  {
    name: "search open",
    async open(page) {
      await page.goto(`${site.url}/ocs/4.3/${chapter.slug}/`);
      await page.getByRole("combobox").first().fill("overrun");
      await page.locator('a[role="option"]').first().waitFor();
    },
  },
  {
    name: "chapter, formal rules shown and one opened",
    async open(page) {
      await page.goto(`${site.url}/ocs/4.3/${chapter.slug}/`);
      await page.locator(".formal-toggle").click();
      const block = page.locator("details.rules-block").first();
      await block.locator("summary").click();
      await block.locator("pre.rules-code").waitFor();
      // axe runs with the listing open; the switch is remembered, so it is set back to reading for the next page types.
      await page.evaluate(() => localStorage.setItem("hexlaw-formal", "hidden"));
    },
  },
  { name: "a chapter's formal rules", open: (page) => page.goto(`${site.url}/ocs/4.3/${chapter.slug}/formal/`).then(() => undefined) },
  { name: "about", open: (page) => page.goto(`${site.url}/ocs/4.3/about/`).then(() => undefined) },
  { name: "rules language", open: (page) => page.goto(`${site.url}/language/`).then(() => undefined) },
  { name: "for programmers, a format", open: (page) => page.goto(`${site.url}/programmers/resolutions-and-traces/`).then(() => undefined) },
  { name: "changes", open: (page) => page.goto(`${site.url}${pairPath(pair)}`).then(() => undefined) },
  {
    name: "calculator, an input in error",
    async open(page) {
      await page.goto(`${site.url}/ocs/4.3/calculators/overrun/`);
      const presets = page.locator("hexlaw-calculator select").first();
      await presets.waitFor();
      await presets.selectOption({ index: 2 });
      await page.locator(".example-box").waitFor();
      await page.getByLabel("MP left", { exact: true }).fill("x");
      await page.locator(".field .error:not([hidden])").first().waitFor();
    },
  },
  {
    name: "changes, formal rules open",
    async open(page) {
      await page.goto(`${site.url}${pairPath(formalPair)}`);
      await page.locator(".formal-changes details").evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
    },
  },
  {
    name: "calculator comparing two editions",
    async open(page) {
      await page.goto(`${site.url}${pairPath(behaviourPair)}`);
      await page.locator(".situation-open a").first().click();
      await page.locator("hexlaw-calculator .calc-side-ruling").nth(1).locator(".calc-ruling").waitFor();
      await page.locator(".differs").first().waitFor();
    },
  },
  {
    name: "chapter, a “not in this edition” note",
    async open(page) {
      await page.goto(`${site.url}/europa/second-front/13-overrun/#absent-later-13.B`);
      await page.locator(".absent-note:target").waitFor();
    },
  },
];

/** Pages with wide content (word diffs, two editions side by side, tables), on the narrowest phone: no sideways scrolling. */
const NARROW = [
  `/ocs/4.3/${chapter.slug}/`,
  `/europa/later/13-overrun-combat/`,
  pairPath(behaviourPair),
  `/europa/later/calculators/overrun/?compare=second-front`,
  `/language/`,
];

test.each(NARROW)("%s reads at 360 px wide with no horizontal scrolling", async (path) => {
  const { page } = await openPage(site.browser, { width: 360 });
  await page.goto(`${site.url}${path}`);
  if (path.includes("compare")) await page.locator("hexlaw-calculator .calc-compare").waitFor();
  expect(await page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
});

describe.each(SCREENS)("on a $name ($width×$height)", (screen) => {
  // One test per page type and colour scheme, so that each has its own time and names what failed.
  describe.each(["light", "dark"] as const)("%s", (scheme) => {
    test.each(PAGES.map((type) => [type.name, type] as const))("%s: no serious or critical axe violation, no control under 24 px", async (_name, type) => {
      const { page } = await openPage(site.browser, screen);
      await page.emulateMedia({ colorScheme: scheme });
      try {
        await type.open(page);
        const problems = [...(await seriousViolations(page)), ...(await smallTargets(page)).map((t) => `target under 24 px: ${t}`)];
        expect(problems).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  });

  test("the answer panel: no clipped text, no text over other text, every trace number whole", async () => {
    const { page } = await openPage(site.browser, screen);
    await page.goto(`${site.url}/ocs/4.3/calculators/${procedure.name}/`);
    const presets = page.locator("hexlaw-calculator select").first();
    await presets.waitFor();
    await presets.selectOption({ index: 1 });
    await page.locator(".calc-ruling.allowed, .calc-ruling.blocked").first().waitFor();
    const all = page.locator(".calc-all-steps");
    if (await all.isVisible()) await all.click();
    for (const fold of await page.locator(".calc-answer details").all()) await fold.evaluate((d) => ((d as HTMLDetailsElement).open = true));
    const problems = await page.locator(".calc-answer").evaluate((panel) => {
      const out: string[] = [];
      const name = (e: Element) => `${e.tagName.toLowerCase()}.${String(e.className).split(" ")[0]} “${(e.textContent ?? "").trim().slice(0, 24)}”`;
      // Clipped: an element that hides overflow while its content is wider or taller than it.
      for (const e of panel.querySelectorAll<HTMLElement>("*")) {
        const style = getComputedStyle(e);
        if (e.getClientRects().length === 0 || e.closest(".visually-hidden")) continue;
        const hides = /hidden|clip/.test(style.overflowX) || /hidden|clip/.test(style.overflowY) || style.textOverflow === "ellipsis";
        if (hides && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)) out.push(`clipped: ${name(e)}`);
      }
      // Overlapping: text boxes of different elements in one row (a trace step, an outcome bar, a summary) may not meet.
      const rows = panel.querySelectorAll<HTMLElement>(".calc-ruling, .trace li, .dist tr, .outputs > div");
      for (const row of rows) {
        if (row.getClientRects().length === 0) continue;
        const parts = [...row.querySelectorAll<HTMLElement>("*")].filter((e) => e.children.length === 0 && (e.textContent ?? "").trim() !== "" && !e.closest(".visually-hidden"));
        const bars = [...row.querySelectorAll<HTMLElement>(".bar-track")];
        const boxes = [...parts, ...bars].flatMap((e) => [...e.getClientRects()].map((r) => ({ e, r })));
        for (let i = 0; i < boxes.length; i++) {
          for (let j = i + 1; j < boxes.length; j++) {
            const [a, b] = [boxes[i], boxes[j]];
            if (a.e === b.e || a.e.contains(b.e) || b.e.contains(a.e)) continue;
            const overlapX = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
            const overlapY = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
            if (overlapX > 1 && overlapY > 1) out.push(`overlap: ${name(a.e)} and ${name(b.e)}`);
          }
        }
      }
      // Trace numbers, however many digits, inside their step.
      for (const n of panel.querySelectorAll<HTMLElement>(".trace .n")) {
        const li = n.closest("li")!.getBoundingClientRect();
        const r = n.getBoundingClientRect();
        if (n.scrollWidth > Math.ceil(r.width) + 1 || r.left < li.left - 40) out.push(`trace number cut: ${n.textContent}`);
      }
      return [...new Set(out)];
    });
    // Every step of the first worked example's trace is shown (with numbers of two digits: issue 11 found those cut).
    const example = await exampleTrace();
    expect(example.length).toBeGreaterThanOrEqual(10);
    expect(await page.locator(".trace li").count()).toBe(example.length);
    expect(problems).toEqual([]);
  });
});
