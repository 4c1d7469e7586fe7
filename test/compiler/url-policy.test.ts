/**
 * The one URL policy (compiler/url-policy.ts): http, https and relative URLs only.
 * The attacks are the ways browsers are known to be talked into running a URL;
 * the properties check the policy against the WHATWG URL parser, which browsers
 * implement, so an accepted URL can never be read as another scheme or site.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_URL_LENGTH, safeHref, urlProblem } from "../../compiler/url-policy.ts";
import { propertyOptions } from "../support/arbitraries.ts";

const ALLOWED = [
  "https://example.org/rules?page=2&lang=en#9.14",
  "http://example.org",
  "HTTPS://EXAMPLE.ORG/",
  "#9.14b",
  "../8-0-overrun/#81-overrun-restrictions",
  "/ocs/4.3/9-0-ground-combat/",
  "figures/at-effects-9.4e.png",
  "?q=overrun",
  "javascript%3Aalert(1)",
];

const ATTACKS: [string, string][] = [
  ["javascript: scheme", "javascript:alert(1)"],
  ["mixed case", "JaVaScRiPt:alert(1)"],
  ["data: URL", "data:text/html,<script>alert(1)</script>"],
  ["base64 data: URL", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="],
  ["vbscript:", "vbscript:msgbox(1)"],
  ["file:", "file:///etc/passwd"],
  ["mailto: (not a page)", "mailto:someone@example.org"],
  ["protocol-relative", "//evil.example/"],
  ["backslash protocol-relative", "\\\\evil.example\\"],
  ["slash-backslash", "/\\evil.example"],
  ["tab inside the scheme", "java\tscript:alert(1)"],
  ["newline inside the scheme", "java\nscript:alert(1)"],
  ["carriage return inside the scheme", "java\rscript:alert(1)"],
  ["leading space", " javascript:alert(1)"],
  ["leading control character", "\u0001javascript:alert(1)"],
  ["leading NUL", "\u0000javascript:alert(1)"],
  ["non-breaking space", "\u00a0javascript:alert(1)"],
  ["zero-width space", "java\u200bscript:alert(1)"],
  ["byte order mark", "\ufeffjavascript:alert(1)"],
  ["line separator", "\u2028javascript:alert(1)"],
  ["hex character reference", "java&#x73;cript:alert(1)"],
  ["decimal character reference", "&#106;avascript:alert(1)"],
  ["named character reference for the colon", "javascript&colon;alert(1)"],
  ["named character reference for a tab", "java&Tab;script:alert(1)"],
  ["reference without a semicolon", "javascript&#58alert(1)"],
  ["https without slashes", "https:evil.example"],
  ["http without a host", "http://"],
  ["overlong", `https://example.org/${"a".repeat(MAX_URL_LENGTH)}`],
  ["other scheme with digits and plus", "view-source+x.1:alert(1)"],
];

describe("urlProblem", () => {
  it.each(ALLOWED)("allows %s", (url) => {
    expect(urlProblem(url)).toBeNull();
    expect(safeHref(url)).toBe(url);
  });

  it.each(ATTACKS)("refuses %s", (_, url) => {
    expect(urlProblem(url)).toMatch(/\S/);
    expect(safeHref(url)).toBeUndefined();
  });

  it("gives the site nothing for a missing, empty or non-text URL", () => {
    for (const value of [undefined, null, "", 42, { href: "https://example.org" }]) expect(safeHref(value)).toBeUndefined();
  });
});

/** Pieces browsers have been fooled with, put together at random. */
const piece = fc.constantFrom(
  "javascript", "JavaScript", "data", "vbscript", "file", "http", "https", "mailto", "java", "script", "evil.example", "example.org",
  ":", "://", "//", "/", "\\", "\\\\", "#", "?", "&", "&#", "x73;", "&colon;", "&Tab;", ";", ".", "..", "%3A", "alert(1)",
  "\t", "\n", "\r", " ", "\u0000", "\u0001", "\u001f", "\u007f", "\u0085", "\u00a0", "\u200b", "\u2028", "\ufeff",
);
const candidate = fc.oneof(fc.array(piece, { maxLength: 8 }).map((parts) => parts.join("")), fc.string({ unit: "binary", maxLength: 24 }));
const BASE = new URL("https://rules.example/ocs/4.3/9-0-ground-combat/");

/** What a browser makes of an attribute value: character references decoded, then parsed against the page. */
function asBrowsed(url: string): URL | null {
  const decoded = url
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16) % 0x110000))
    .replace(/&#([0-9]+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec) % 0x110000))
    .replace(/&colon;/g, ":")
    .replace(/&Tab;/g, "\t")
    .replace(/&NewLine;/g, "\n");
  return URL.canParse(decoded, BASE) ? new URL(decoded, BASE) : null;
}

describe("urlProblem against the URL parser browsers use", () => {
  it("an allowed URL is read as http or https, and on this site unless it names its own", () => {
    fc.assert(
      fc.property(candidate, (url) => {
        if (urlProblem(url) !== null) return;
        const read = asBrowsed(url);
        if (read === null) return;
        expect(["http:", "https:"]).toContain(read.protocol);
        if (!/^https?:\/\//i.test(url)) expect(read.host).toBe(BASE.host);
      }),
      propertyOptions(2000),
    );
  });

  it("every URL a browser would read with another scheme is refused", () => {
    fc.assert(
      fc.property(candidate, (url) => {
        const read = asBrowsed(url);
        if (read && !["http:", "https:"].includes(read.protocol)) expect(urlProblem(url), JSON.stringify(url)).not.toBeNull();
      }),
      propertyOptions(2000),
    );
  });
});
