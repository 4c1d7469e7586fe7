// The illustrations of the source, shown where the source shows them: every figure
// of a chapter with a file is an image from Astro's pipeline (AVIF and WebP srcsets,
// width and height, lazy, alt from its caption) that moves nothing when it loads,
// and the site shows as many figures as the corpus has. Counts come from the corpus.
import { readFileSync } from "node:fs";
import { extname, join, relative } from "node:path";
import { parse as parseYaml } from "yaml";
import { describe, expect, test } from "vitest";
import { figureFile } from "../../compiler/1-read/figure-file.ts";
import { readCorpus } from "../../compiler/1-read/read-corpus.ts";
import { Session } from "../../compiler/diagnostics/session.ts";
import { urlProblem } from "../../compiler/url-policy.ts";
import { COLUMN, widthsFor } from "../../site/lib/figure-widths.ts";
import { dist, filesUnder, openPage, root, SCREENS } from "./helpers/site.ts";
import { useSite } from "./helpers/use-site.ts";

const site = useSite();
const IMAGE = /\.(?:png|jpe?g|gif|webp|avif)$/i;

const corpus = readCorpus({ root }, new Session());
/** Every chapter with figures that show a file: its page and its figures' captions and files, in order. */
const chapters = corpus.rulesets.flatMap((ruleset) =>
  ruleset.editions.flatMap((edition) =>
    edition.documents.map((document) => ({
      url: `/${ruleset.id}/${edition.id}/${document.front.slug}/`,
      figures: document.embeds
        .filter((embed) => embed.kind === "figure" && embed.attributes.src)
        .map((embed) => ({ caption: embed.attributes.caption.trim(), file: figureFile(join(root, document.file), embed.attributes.src).path })),
    })),
  ),
).filter((chapter) => chapter.figures.length > 0);
const figureCount = chapters.reduce((sum, chapter) => sum + chapter.figures.length, 0);

/** The image files of the corpus: everything in rules/ that is an image. */
const images = filesUnder(join(root, "rules")).filter((file) => IMAGE.test(file));

test("the corpus has figures, each figure's file is there, and every image of the corpus is shown by a figure", () => {
  expect(figureCount).toBeGreaterThan(0);
  for (const chapter of chapters) for (const figure of chapter.figures) expect(figure.file, `${chapter.url}: ${figure.caption}`).toBeDefined();
  const shown = new Set(chapters.flatMap((chapter) => chapter.figures.map((figure) => figure.file)));
  expect([...images].sort()).toEqual([...shown].sort());
});

test("every image file has its provenance: the source's URL, in its folder's sources.yaml", () => {
  for (const image of images) {
    const folder = join(image, "..");
    const sources = parseYaml(readFileSync(join(folder, "sources.yaml"), "utf8")) as { license: string; files: Record<string, string> };
    const url = sources.files[relative(folder, image)];
    expect(url, relative(root, image)).toMatch(/^https:\/\//);
    expect(urlProblem(url)).toBeNull();
    expect(sources.license).toBeTruthy();
  }
});

test("the site shows as many figure images as the corpus has figures with a file, and no placeholder for them", () => {
  const pages = filesUnder(dist).filter((file) => extname(file) === ".html").map((file) => readFileSync(file, "utf8"));
  const shown = pages.reduce((sum, html) => sum + [...html.matchAll(/<figure class="figure"><picture>/g)].length, 0);
  expect(shown).toBe(figureCount);
  for (const chapter of chapters) {
    const html = readFileSync(join(dist, chapter.url, "index.html"), "utf8");
    expect(html, chapter.url).not.toContain("Illustration not reproduced");
  }
});

test("an image is offered at its own width and at steps well below it, enough for the column at 1× and 2×", () => {
  for (const width of [100, 375, 800, 1000, 1100, 1200, 1500, 3000]) {
    const widths = widthsFor(width);
    expect(widths.at(-1)).toBe(width);
    // Never enlarged, and no step within a fifth of the image's own width (a file hardly smaller, encoded twice per build).
    for (const w of widths.slice(0, -1)) expect(w).toBeLessThanOrEqual(width * 0.8);
    // The column at 2× (or the whole image, if narrower) is covered within a third.
    expect(widths.some((w) => w >= Math.min(width, 2 * COLUMN) / 1.34)).toBe(true);
  }
  expect(widthsFor(1000)).toEqual([480, 1000]);
});

describe.each(SCREENS)("on a $name ($width×$height)", (screen) => {
  test.each(chapters.map((chapter) => [chapter.url, chapter] as const))("%s: every figure is a responsive image with its caption as alt, and nothing shifts as they load", async (url, chapter) => {
    const { page, errors } = await openPage(site.browser, screen);
    await page.addInitScript(() => {
      const shifts: { value: number; sources: string[] }[] = [];
      const record = (entries: PerformanceEntryList) => {
        for (const entry of entries as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
          // The chapter's text, where the figures are (the side navigation follows the scroll, which is not a figure's doing).
          const text = (entry.sources ?? []).map((s) => s.node).filter((node): node is Element => node instanceof Element && node.closest(".rule-text") !== null);
          if (!entry.hadRecentInput && text.length > 0) shifts.push({ value: entry.value, sources: text.map((node) => node.outerHTML.slice(0, 80)) });
        }
      };
      const observer = new PerformanceObserver((list) => record(list.getEntries()));
      observer.observe({ type: "layout-shift", buffered: true });
      // The shifts so far, those the observer has not been told of yet included, once the last loads are laid out and painted.
      (window as unknown as { shiftsSoFar: () => Promise<typeof shifts> }).shiftsSoFar = () =>
        new Promise((done) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              record(observer.takeRecords());
              done(shifts);
            }),
          ),
        );
    });
    await page.goto(`${site.url}${url}`);
    const figures = page.locator("figure.figure");
    expect(await figures.count()).toBe(chapter.figures.length);
    const seen = await figures.evaluateAll((nodes) =>
      nodes.map((figure) => {
        const img = figure.querySelector("picture > img") as HTMLImageElement | null;
        const avif = figure.querySelector('picture > source[type="image/avif"]');
        return {
          caption: figure.querySelector("figcaption")?.textContent ?? "",
          alt: img?.getAttribute("alt") ?? "",
          width: Number(img?.getAttribute("width")),
          height: Number(img?.getAttribute("height")),
          loading: img?.getAttribute("loading"),
          decoding: img?.getAttribute("decoding"),
          webp: img?.getAttribute("srcset") ?? "",
          avif: avif?.getAttribute("srcset") ?? "",
        };
      }),
    );
    seen.forEach((figure, i) => {
      expect(figure.caption).toBe(chapter.figures[i].caption);
      expect(figure.alt).toBe(chapter.figures[i].caption);
      expect(figure.alt.length).toBeGreaterThan(0);
      expect(figure.width).toBeGreaterThan(0);
      expect(figure.height).toBeGreaterThan(0);
      expect(figure).toMatchObject({ loading: "lazy", decoding: "async" });
      expect(figure.webp).toMatch(/\.webp \d+w/);
      expect(figure.avif).toMatch(/\.avif \d+w/);
    });
    // Bring each figure into view, let its image load, and see what in the chapter's text moved.
    for (let i = 0; i < seen.length; i++) {
      await figures.nth(i).scrollIntoViewIfNeeded();
      await figures.nth(i).locator("img").evaluate((img: HTMLImageElement) => (img.complete ? undefined : new Promise((done) => img.addEventListener("load", done, { once: true }))));
    }
    const loaded = await figures.locator("img").evaluateAll((imgs) => imgs.map((img) => ({ natural: (img as HTMLImageElement).naturalWidth, shown: img.getBoundingClientRect().width, height: img.getBoundingClientRect().height, ratio: Number(img.getAttribute("width")) / Number(img.getAttribute("height")) })));
    for (const image of loaded) {
      expect(image.natural).toBeGreaterThan(0);
      // Shown at its own proportions, never wider than the column.
      expect(Math.abs(image.shown / image.height - image.ratio)).toBeLessThan(0.05);
    }
    const shifts = await page.evaluate(() => (window as unknown as { shiftsSoFar: () => Promise<{ value: number; sources: string[] }[]> }).shiftsSoFar());
    expect(shifts, JSON.stringify(shifts)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
