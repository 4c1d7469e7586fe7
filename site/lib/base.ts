// Where the site is served and what it is called, read from the environment when
// first imported, so that the same build works at a domain's root or under a
// sub-path (a GitHub Pages project site: HEXLAW_BASE=/hexlaw/). The Astro
// integration (site/astro.ts) sets them from its options before anything reads them;
// the pages, the search index and the service worker all read them from here.
import { normalizeBase, siteTitle, siteUrl } from "./settings.ts";

export { normalizeBase, siteTitle, siteUrl };

export const base = normalizeBase(process.env.HEXLAW_BASE);
export const site = siteUrl(process.env.HEXLAW_SITE);
/** The site's name, in every page's title and header ("Hexlaw" by default). */
export const title = siteTitle(process.env.HEXLAW_TITLE);
/** The folder the site is built into (dist/ by default). */
export const outDir = process.env.HEXLAW_OUT ?? "dist";

/** A path of the site under its base: withBase("search/") is "/hexlaw/search/". */
export const withBase = (path: string) => `${base}${path.replace(/^\/+/, "")}`;
