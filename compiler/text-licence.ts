/**
 * The licence and credit of a rules text, from its edition's sources (edition.yaml's
 * `credit`, `license` and `license_url`), in the words every page of the site and
 * every engines package shows them. What a source does not state is said to be not
 * stated: nothing is assumed, not even "all rights reserved".
 */
import type { Source } from "./1-read/types.ts";

/** The licence the source states, or that it states none. */
export function licenceWords(source: Source): string {
  return source.license ?? "none stated";
}

/** Who is credited for the text, or that the source names no one. */
export function creditWords(source: Source): string {
  return source.credit ?? "not stated";
}

/** One source in a line: `Title (https://…) — credit: …; licence: … (https://…)`. */
export function sourceNotice(source: Source): string {
  const licenceUrl = source.license && source.licenseUrl ? ` (${source.licenseUrl})` : "";
  return `${source.title}${source.url ? ` (${source.url})` : ""} — credit: ${creditWords(source)}; licence: ${licenceWords(source)}${licenceUrl}`;
}
