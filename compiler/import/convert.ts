import { readPageHead } from "./front-matter.ts";
import { imagesToFigures } from "./figures.ts";
import { hugoLinks } from "./links.ts";
import { markupOnly } from "./markup.ts";
import { SourceError, type HugoPages } from "./read-pages.ts";
import { externalLinks } from "./references.ts";

/** A page converted into a rule document, before it is written or merged. */
export interface ConvertedPage {
  /** The file name the document gets in a new edition folder, e.g. `08-overrun.md`. */
  file: string;
  section: string;
  title: string;
  /** Position in the book: the page's rank by Hugo weight (1, 2, …). */
  order: number;
  slug: string;
  provenance: { source: string; url?: string; changes: string; revision?: string };
  /** The document body: the chapter heading and the page's text, markup only. */
  body: string;
  /** The image files its figures show (in the edition's figures/ folder). */
  figures: string[];
}

/** Converts every page: front matter → markup only → Hugo links → references → images → figures. */
export function convertPages(source: HugoPages, sourceTitle: string | undefined): ConvertedPage[] {
  const heads = source.pages.map((page) => ({ page, head: readPageHead(page) }));
  const ranked = [...heads].sort((a, b) => a.head.weight - b.head.weight || (a.page.file < b.page.file ? -1 : 1));
  const order = new Map(ranked.map((r, i) => [r.page, i + 1]));
  return heads.map(({ page, head }) => {
    try {
      return convertPage(head, order.get(page)!, source, sourceTitle);
    } catch (error) {
      throw error instanceof SourceError ? new SourceError(`${page.file}: ${error.message}`) : error;
    }
  });
}

function convertPage(head: ReturnType<typeof readPageHead>, order: number, source: HugoPages, sourceTitle: string | undefined): ConvertedPage {
  const markup = markupOnly(head.body, head.printedTitle);
  const linked = hugoLinks(markup.text, source.sectionPath);
  const linkCount = countChanged(markup.text, linked);
  const external = externalLinks(linked, source.url, source.sectionPath);
  const figures = imagesToFigures(external.text);
  const site = sourceTitle ?? source.siteTitle;
  const changes = [
    "Markup only: the Hugo front matter was replaced by this front matter",
    `the chapter heading was written from the page title “${head.printedTitle}”`,
    markup.changes.openingBreak ? "the thematic break that opens the page body was dropped" : "",
    markup.changes.lineBreaks ? `${plural(markup.changes.lineBreaks, "line")} holding only a raw line break (<br>) ${were(markup.changes.lineBreaks)} dropped` : "",
    markup.changes.styles ? `colour styling (<span style=…>) was removed around the words of ${plural(markup.changes.styles, "passage")}` : "",
    linkCount ? `${plural(linkCount, "Hugo link")} to other pages ${were(linkCount)} written as relative links` : "",
    external.count ? `${plural(external.count, "link")} to files of the site ${were(external.count)} made full URLs` : "",
    figures.count ? `${plural(figures.count, "image")} ${were(figures.count)} replaced, each on its own line, by a figure directive naming its file, with a caption of ours` : "",
  ].filter(Boolean);
  const section = head.number ?? head.slug;
  return {
    file: fileName(head.number, head.slug),
    section,
    title: head.title,
    order,
    slug: head.slug,
    provenance: {
      source: site ? `The page “${head.printedTitle}” of “${site}”, a Hugo site` : `The page “${head.printedTitle}” of a Hugo site`,
      url: source.url ? `${source.url}${head.slug}/` : undefined,
      changes: `${changes.join("; ")}. Everything else is the page's text, byte for byte.`,
      revision: source.revision,
    },
    body: figures.text,
    figures: figures.files,
  };
}

/** `8-0-overrun` numbered 8.0 → `08-overrun.md`; `terms-and-definitions` → `terms-and-definitions.md`. */
function fileName(number: string | null, slug: string): string {
  if (!number) return `${slug}.md`;
  const [chapter] = number.split(".");
  const rest = slug.replace(/^\d+(?:-\d+)*-?/, "");
  return `${chapter.padStart(2, "0")}${rest ? `-${rest}` : ""}.md`;
}

function countChanged(before: string, after: string): number {
  // No bracket inside a destination: each `](` is looked at once, however many a line holds.
  const links = (text: string) => text.match(/\]\([^()]*\)/g) ?? [];
  const a = links(before);
  const b = links(after);
  return a.filter((link, i) => b[i] !== link).length;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function were(n: number): string {
  return n === 1 ? "was" : "were";
}
