/**
 * The one URL policy for every URL that comes from data (front matter, edition.yaml,
 * ruleset.yaml, links and images in a rule document): http, https and relative
 * URLs only. The compiler reports any other as a diagnostic, and the site renders
 * a URL from data only through `safeHref`, so a `javascript:` link never reaches
 * a page even if a check were skipped.
 *
 * Browsers forgive a lot before they look at a URL's scheme: they drop leading
 * control characters and spaces, tabs and newlines anywhere (`java\tscript:`),
 * decode character references in attributes (`java&#x73;cript:`), ignore case
 * (`JaVaScRiPt:`), and read `//host` and `\\host` as another site. Rather than
 * imitate that, the policy refuses every URL with such characters at all.
 */

/** Longer URLs are refused: no source needs one, and every size from data is bounded. */
export const MAX_URL_LENGTH = 2048;

const ALLOWED_SCHEMES = new Set(["http", "https"]);
/** A scheme as the URL standard reads one: a letter, then letters, digits, `+`, `-` or `.`, then `:`. */
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
/** Characters a browser removes or reads around before it finds the scheme, and invisible ones. */
const HIDDEN = /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/u;
/** `&#x73;`, `&#115`, `&Tab;`, `&colon;`: an HTML attribute would decode them (`?a=1&b=2` is no reference). */
const CHARACTER_REFERENCE = /&(?:#|[A-Za-z][A-Za-z0-9]*;)/;

/** Why `url` may not be used as a link or image address, or null when it may. */
export function urlProblem(url: string): string | null {
  if (url.length > MAX_URL_LENGTH) return `it is longer than ${MAX_URL_LENGTH} characters`;
  if (HIDDEN.test(url)) return "it contains spaces, control or invisible characters (write a space as %20)";
  if (CHARACTER_REFERENCE.test(url)) return "it contains an HTML character reference such as `&#x3A;` (write the character itself)";
  if (/^[/\\]{2}/.test(url)) return "it starts with `//`, which leads to another site without saying how (write `https://`)";
  const scheme = SCHEME.exec(url)?.[1];
  if (scheme === undefined) return null;
  if (!ALLOWED_SCHEMES.has(scheme.toLowerCase())) return `its scheme is \`${scheme}:\``;
  if (!/^[A-Za-z]+:\/\/[^/\\?#]/.test(url) || !URL.canParse(url)) return "it is not a well-formed http or https URL (write `https://host/path`)";
  return null;
}

/** `url` if the policy allows it, else undefined: how the site puts any URL from data into a page. */
export function safeHref(url: unknown): string | undefined {
  return typeof url === "string" && url !== "" && urlProblem(url) === null ? url : undefined;
}

/** Is this an address of another site (so a link to it should not hand over the page)? */
export function isExternal(url: string): boolean {
  return /^https?:/i.test(url);
}

/** Folder names and slugs become path segments of generated/ and of the site's URLs. */
export type NameKind = "ruleset" | "edition" | "slug";

const SAFE_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;
export const MAX_NAME_LENGTH = 80;
/** Names the site already uses where a corpus name would go: `/search/`, `/<ruleset>/changes/`, `/<ruleset>/<edition>/calculators/`. */
const RESERVED: Record<NameKind, string[]> = { ruleset: ["search", "pagefind"], edition: ["changes"], slug: ["calculators"] };

/** Why `name` may not be a ruleset folder, an edition folder or a chapter slug, or null when it may. */
export function nameProblem(name: string, kind: NameKind): string | null {
  if (name.length > MAX_NAME_LENGTH) return `it is longer than ${MAX_NAME_LENGTH} characters`;
  if (name.includes("/") || name.includes("\\")) return "it contains a slash, so it would name a folder inside another";
  if (name.includes("..")) return "it contains `..`";
  if (!SAFE_NAME.test(name)) return "it may hold only letters, digits, `.`, `-` and `_`, and must start and end with a letter or digit";
  if (RESERVED[kind].includes(name.toLowerCase())) return `the site already has a page called \`${name}\` there`;
  return null;
}
