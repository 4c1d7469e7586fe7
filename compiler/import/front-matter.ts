import { parse as parseYaml } from "yaml";
import { nameProblem } from "../url-policy.ts";
import { SourceError, type HugoPage } from "./read-pages.ts";

/** What a Hugo page's front matter says, and the body after it. */
export interface PageHead {
  /** The page title as the source prints it, e.g. `8.0 Overrun`. */
  printedTitle: string;
  /** The chapter number the title starts with (`8.0`), or null for a page such as `Terms and Definitions`. */
  number: string | null;
  /** The title without its number (`Overrun`). */
  title: string;
  /** Hugo's `weight`: where the page sits in the book. */
  weight: number;
  /** The page's URL path segment: Hugo's `slug`, else the file name without `.md`. */
  slug: string;
  body: string;
}

const FRONT_MATTER = /^---\n([\s\S]*?)\n---[ \t]*(?:\n|$)/;
const NUMBERED_TITLE = /^(\d{1,3}(?:\.\d{1,3})+)\s+(\S.*)$/;

/** Reads a page's YAML front matter (title, weight, slug) and splits off its body. */
export function readPageHead(page: HugoPage): PageHead {
  const match = FRONT_MATTER.exec(page.text);
  if (!match) throw new SourceError(`${page.file} has no YAML front matter (--- … ---)`);
  let parsed: unknown;
  try {
    parsed = parseYaml(match[1]) ?? {};
  } catch (error) {
    throw new SourceError(`${page.file}: its front matter is not valid YAML (${(error as Error).message.split("\n")[0]})`);
  }
  if (typeof parsed !== "object" || Array.isArray(parsed)) throw new SourceError(`${page.file}: its front matter is not a map of fields`);
  const data = parsed as Record<string, unknown>;
  // Fields are data: a title is text (or a number, as YAML reads `title: 1943`), never an object to convert.
  const title = typeof data.title === "string" || (typeof data.title === "number" && Number.isFinite(data.title)) ? String(data.title) : undefined;
  if (data.title !== undefined && data.title !== null && title === undefined) throw new SourceError(`${page.file}: its title is not text`);
  const printedTitle = (title ?? "").trim();
  if (!printedTitle) throw new SourceError(`${page.file} has no title in its front matter`);
  const numbered = NUMBERED_TITLE.exec(printedTitle);
  const weight = typeof data.weight === "number" && Number.isFinite(data.weight) ? data.weight : Number.MAX_SAFE_INTEGER;
  if (data.slug !== undefined && typeof data.slug !== "string") throw new SourceError(`${page.file}: its slug is not text`);
  const slug = data.slug || page.file.replace(/\.md$/, "");
  // A slug names a document and a page of the site: a name, never a path (HX0018's rule).
  const unsafe = nameProblem(slug, "slug");
  if (unsafe !== null) throw new SourceError(`${page.file}: its slug \`${slug}\` cannot name a document: ${unsafe}`);
  return {
    printedTitle,
    number: numbered ? numbered[1] : null,
    title: numbered ? numbered[2] : printedTitle,
    weight,
    slug,
    body: page.text.slice(match[0].length),
  };
}
