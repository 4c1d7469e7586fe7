// The Astro integration's options (site/astro.ts): each checked before anything is
// built, with a one-line message that names it; each taken over its environment
// variable and Astro's own setting; and the routes it injects are the pages the
// package ships, each where Astro's own file routing would have put it.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test } from "vitest";
import hexlaw, { checkOptions, pageRoutes, settingsOf } from "../../site/astro.ts";
import { REPO } from "../support/repo.ts";

const config = { root: pathToFileURL("/club/"), base: "/", site: undefined };

test("a mistaken option is named in one line, before the build: unknown, not a string, not an object", () => {
  expect(() => hexlaw({ titel: "x" } as never)).toThrow(/^hexlaw\(\): unknown option "titel"; the options are root, title, base, site$/);
  expect(() => hexlaw({ base: 3 } as never)).toThrow(/^hexlaw\(\): the option base must be a string, not 3$/);
  expect(() => hexlaw("club" as never)).toThrow(/^hexlaw\(\): takes an object of options/);
  // Astro prints an error's stack: it is the message alone.
  const error = (() => {
    try {
      hexlaw({ titel: "x" } as never);
    } catch (thrown) {
      return thrown as Error;
    }
  })();
  expect(error?.stack).toBe(error?.message);
  expect(checkOptions(undefined)).toEqual({});
});

test("a bad value is named by its option: a base that is no plain path, a site that is no http(s) URL, a title of two lines", () => {
  expect(() => settingsOf({ base: "/../x/" }, config, {})).toThrow(/^hexlaw\(\): the option base must be a path such as \/hexlaw\//);
  expect(() => settingsOf({ site: "ftp://club" }, config, {})).toThrow(/^hexlaw\(\): the option site must be an http or https URL/);
  expect(() => settingsOf({ site: "not a url" }, config, {})).toThrow(/^hexlaw\(\): the option site must be an http or https URL/);
  expect(() => settingsOf({ title: "Club\nrules" }, config, {})).toThrow(/^hexlaw\(\): the option title must be one line/);
  expect(() => settingsOf({ title: "x".repeat(61) }, config, {})).toThrow(/at most 60 characters/);
  // From the environment, named as the variable.
  expect(() => settingsOf({}, config, { HEXLAW_BASE: "/a b/" })).toThrow(/HEXLAW_BASE must be a path/);
});

test("each setting: the option, else the environment, else Astro's own, else the default", () => {
  expect(settingsOf({}, config, {})).toEqual({ root: "/club", base: "/", site: "http://127.0.0.1:4321", title: "Hexlaw" });
  expect(settingsOf({}, { ...config, base: "/rules", site: "https://club.example/x" }, {})).toMatchObject({ base: "/rules/", site: "https://club.example" });
  const env = { HEXLAW_BASE: "/env/", HEXLAW_SITE: "https://env.example", HEXLAW_TITLE: "Env", HEXLAW_ROOT: "/elsewhere" };
  expect(settingsOf({}, { ...config, base: "/rules" }, env)).toEqual({ root: "/elsewhere", base: "/env/", site: "https://env.example", title: "Env" });
  expect(settingsOf({ root: "book", base: "rules", site: "https://club.example", title: " Club rules " }, config, env)).toEqual({
    root: "/club/book",
    base: "/rules/",
    site: "https://club.example",
    title: "Club rules",
  });
});

test("the routes are the package's pages, one each, at the paths Astro's file routing gives them", () => {
  const pages = join(REPO, "site/pages");
  const files = (readdirSync(pages, { recursive: true }) as string[]).filter((file) => /\.(astro|ts)$/.test(file));
  const routes = pageRoutes(pages);
  expect(routes.map((route) => route.entrypoint).sort()).toEqual(files.map((file) => join(pages, file)).sort());
  const patterns = new Map(routes.map((route) => [route.entrypoint.slice(pages.length + 1), route.pattern]));
  expect(patterns.get("index.astro")).toBe("/");
  expect(patterns.get("404.astro")).toBe("/404");
  expect(patterns.get("[ruleset]/[edition]/calculators/[procedure]/index.astro")).toBe("/[ruleset]/[edition]/calculators/[procedure]");
  expect(patterns.get("search/words.json.ts")).toBe("/search/words.json");
  expect(new Set(routes.map((route) => route.pattern)).size).toBe(routes.length);
});
