/**
 * Numbering patterns come from edition.yaml, which anyone may write: a pattern
 * that can backtrack catastrophically is refused before anything runs it, and the
 * texts patterns run on are bounded.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { checkPattern, MAX_PATTERN_LENGTH, withoutLookarounds } from "../../../compiler/1-read/check-pattern.ts";
import { MAX_TEXT_RUN, mentionsIn } from "../../../compiler/1-read/find-references.ts";
import { MAX_LEAD_IN, matchNumberAtStart } from "../../../compiler/1-read/numbering.ts";
import { hexlaw, REPO } from "../../support/repo.ts";

/** Patterns that backtrack catastrophically (or too steeply) where they are used, and why each is refused. */
const HAZARDS: [string, "anchored" | "search", RegExp][] = [
  ["(?<n>(\\w+\\s?)+)$", "anchored", /exponentially/],
  ["(?<n>(a+)+)b", "anchored", /exponentially/],
  ["(?<n>(?:\\d|\\d\\d)+)\\.", "anchored", /exponentially/],
  ["(?<n>(?:[a-z]|[a-m])*)\\)", "anchored", /exponentially/],
  ["(?<n>(x+x+)+)y", "anchored", /exponentially/],
  ["(?<n>\\d+)(?=(\\s*\\w+)+!)", "search", /exponentially/],
  ["(?<![A-Z](?:a|a)*)(?<n>\\d+)", "search", /exponentially/],
  ["(?<n>\\d*\\d*\\d*)x", "anchored", /third power/],
  ["Rule\\s*\\d*\\s*(?<n>\\d+)x", "search", /power of the text's length when it is searched for/],
  ["Rule (?<n>\\d*\\d+)x", "search", /third power of the text's length when it is searched for/],
  ["(?<n>\\w+)\\1", "anchored", /refers back/],
  ["(?<n>\\w+)\\k<n>", "search", /refers back/],
  [`(?<n>${"a".repeat(MAX_PATTERN_LENGTH)})`, "anchored", /longer than/],
];

describe("checkPattern", () => {
  it.each(HAZARDS)("refuses %s (%s)", (source, use, reason) => {
    expect(checkPattern(source, use)).toMatch(reason);
  });

  it("allows every pattern of the real corpus, as each is used", () => {
    const rules = join(REPO, "rules");
    let checked = 0;
    for (const ruleset of readdirSync(rules, { withFileTypes: true }).filter((e) => e.isDirectory())) {
      for (const edition of readdirSync(join(rules, ruleset.name), { withFileTypes: true }).filter((e) => e.isDirectory())) {
        // An edition that extends another without numbering of its own uses the other's (checked there).
        const numbering = (parseYaml(readFileSync(join(rules, ruleset.name, edition.name, "edition.yaml"), "utf8")) as { numbering?: Record<string, { pattern: string }[]> }).numbering ?? {};
        for (const [key, list] of Object.entries(numbering)) {
          for (const { pattern } of list) {
            expect(checkPattern(pattern, key === "references" ? "search" : "anchored"), `${ruleset.name}/${edition.name} ${key}: ${pattern}`).toBeNull();
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("analyzes each lookaround on its own, the rest without it", () => {
    expect(withoutLookarounds("(?<![A-Za-z])see\\s+(?<n>\\d+)(?![\\w(]|\\.\\d)")).toEqual(["see\\s+(?<n>\\d+)", "(?:[A-Za-z])[^\\s\\S]", "[\\w(]|\\.\\d"]);
    expect(withoutLookarounds("a(?=b(?!c)d)[(?=]\\(?=x")).toEqual(["a[(?=]\\(?=x", "bd", "c"]);
  });
});

describe("the texts patterns run on are bounded", () => {
  it("a numbering pattern sees only the start of a heading, lead-in or list item", () => {
    const rule = { pattern: /^(?:(?<n>\d+))/, source: "(?<n>\\d+)", id: "{n}", missing: false };
    const match = matchNumberAtStart([rule], "7".repeat(100_000), { parent: null, chapter: "1.0" });
    expect(match?.id).toBe("7".repeat(MAX_LEAD_IN));
  });

  it("a run of text longer than the bound is not searched (the reader reports it, HX0012)", () => {
    const numbering = { paragraphs: [], items: [], references: [{ pattern: /see (?<n>\d+\.\d+)/g, source: "", id: "{n}", missing: false }] };
    const text = (length: number) => `see 1.2 ${"x".repeat(length - 8)}`;
    expect(mentionsIn(text(MAX_TEXT_RUN), numbering, "1.0").map((m) => m.id)).toEqual(["1.2"]);
    expect(mentionsIn(text(MAX_TEXT_RUN + 1), numbering, "1.0")).toEqual([]);
  });
});

describe("a pattern that backtracks catastrophically on the corpus's own text", () => {
  it("is refused quickly instead of hanging `hexlaw check` (run in a child, killed if it hangs)", () => {
    // On a compiler without the check this runs for hours: the child is killed and the test fails.
    const started = performance.now();
    const run = hexlaw(["check", "--root", join(REPO, "test/fixtures/redos")], { timeout: 60_000 });
    expect(run.status, `exit ${run.status} after ${Math.round(performance.now() - started)} ms`).toBe(1);
    expect(run.stderr).toContain("error[HX0011]: Numbering pattern `(?<n>(\\w+\\s?)+)$` could take too long to run");
    expect(run.stderr).toContain("--> rules/demo/1.0/edition.yaml:9:17");
  });
});
