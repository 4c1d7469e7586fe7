// The settings a site is built with, checked: where it is served (a base path and a
// public URL) and its name. They come from the integration's options (site/astro.ts)
// or the environment (HEXLAW_BASE, HEXLAW_SITE, HEXLAW_TITLE); this module reads
// neither, so the integration checks its options before anything reads them.

/** "/hexlaw/" from "hexlaw", "/hexlaw" or "/hexlaw/"; "/" when unset. */
export function normalizeBase(raw: string | undefined, name = "HEXLAW_BASE"): string {
  const trimmed = (raw ?? "").trim().replace(/^\/+|\/+$/g, "");
  if (trimmed === "") return "/";
  if (!/^[A-Za-z0-9._~\-/]+$/.test(trimmed) || trimmed.split("/").some((part) => part === "" || part === "." || part === "..")) {
    throw new Error(`${name} must be a path such as /hexlaw/ (letters, digits, . _ ~ - and /), not ${JSON.stringify(raw)}`);
  }
  return `/${trimmed}/`;
}

/** The site's public URL without its path ("https://example.github.io"); the local server's by default. */
export function siteUrl(raw: string | undefined, name = "HEXLAW_SITE"): string {
  let url: URL;
  try {
    url = new URL(raw?.trim() || "http://127.0.0.1:4321");
  } catch {
    throw new Error(`${name} must be an http or https URL, not ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`${name} must be an http or https URL, not ${JSON.stringify(raw)}`);
  return url.origin;
}

/** The longest site name: it is in every page's title and header. */
export const MAX_TITLE = 60;

/** The site's name ("Hexlaw" when unset): one line of printable text. */
export function siteTitle(raw: string | undefined, name = "HEXLAW_TITLE"): string {
  const title = (raw ?? "").trim();
  if (title === "") return "Hexlaw";
  if (title.length > MAX_TITLE || /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(title)) {
    throw new Error(`${name} must be one line of at most ${MAX_TITLE} characters, not ${JSON.stringify(raw)}`);
  }
  return title;
}
