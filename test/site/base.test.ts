// Where the site is served comes from the environment: a base path is normalized, and
// anything that is not a plain path (or an http(s) site URL) is refused before a build.
import { expect, test } from "vitest";
import { normalizeBase, siteUrl } from "../../site/lib/base.ts";

test("HEXLAW_BASE is normalized to /path/, and refused when it is not a plain path", () => {
  expect(normalizeBase(undefined)).toBe("/");
  expect(normalizeBase("")).toBe("/");
  expect(normalizeBase("hexlaw")).toBe("/hexlaw/");
  expect(normalizeBase("/hexlaw")).toBe("/hexlaw/");
  expect(normalizeBase("/a/b/")).toBe("/a/b/");
  for (const bad of ["/../x/", "/a//b/", "/a b/", "javascript:alert(1)", "/x?y"]) expect(() => normalizeBase(bad)).toThrow(/HEXLAW_BASE/);
});

test("HEXLAW_SITE is an http(s) origin", () => {
  expect(siteUrl(undefined)).toBe("http://127.0.0.1:4321");
  expect(siteUrl("https://you.github.io/ignored/path")).toBe("https://you.github.io");
  expect(() => siteUrl("ftp://x")).toThrow(/HEXLAW_SITE/);
});
