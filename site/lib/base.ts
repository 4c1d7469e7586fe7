// Where the site is served: its public URL and the path under it, from the
// environment, so that the same build works at a domain's root or under a
// sub-path (a GitHub Pages project site: HEXLAW_BASE=/hexlaw/). astro.config.mjs,
// the pages, the search index and the service worker all read them from here.

/** "/hexlaw/" from "hexlaw", "/hexlaw" or "/hexlaw/"; "/" when unset. */
export function normalizeBase(raw: string | undefined): string {
  const trimmed = (raw ?? "").trim().replace(/^\/+|\/+$/g, "");
  if (trimmed === "") return "/";
  if (!/^[A-Za-z0-9._~\-/]+$/.test(trimmed) || trimmed.split("/").some((part) => part === "" || part === "." || part === "..")) {
    throw new Error(`HEXLAW_BASE must be a path such as /hexlaw/ (letters, digits, . _ ~ - and /), not ${JSON.stringify(raw)}`);
  }
  return `/${trimmed}/`;
}

/** The site's public URL without its path ("https://example.github.io"); the local server's by default. */
export function siteUrl(raw: string | undefined): string {
  const url = new URL(raw?.trim() || "http://127.0.0.1:4321");
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`HEXLAW_SITE must be an http or https URL, not ${JSON.stringify(raw)}`);
  return url.origin;
}

export const base = normalizeBase(process.env.HEXLAW_BASE);
export const site = siteUrl(process.env.HEXLAW_SITE);
/** The folder the site is built into (dist/ by default). */
export const outDir = process.env.HEXLAW_OUT ?? "dist";

/** A path of the site under its base: withBase("search/") is "/hexlaw/search/". */
export const withBase = (path: string) => `${base}${path.replace(/^\/+/, "")}`;
