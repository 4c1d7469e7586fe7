/** Paragraph numbering: the edition's patterns and templates, unit by unit and on the real corpus. */
import { slug } from "github-slugger";
import { beforeAll, describe, expect, it } from "vitest";
import type { CompileResult } from "../../../compiler/compile.ts";
import { chapterKey, fillTemplate, isWithin, matchNumberAtStart, matchWholeNumber } from "../../../compiler/1-read/numbering.ts";
import type { NumberingRule } from "../../../compiler/1-read/types.ts";
import { compiledRepository } from "../../support/repo.ts";

const rule = (source: string, id = "{n}", anchored = true): NumberingRule => ({
  pattern: new RegExp(anchored ? `^(?:${source})` : source),
  source,
  id,
  missing: false,
});

describe("matching numbers", () => {
  const paragraphs = [rule("(?<n>\\d{1,2}\\.\\d{1,2}[a-z]?)(?=[\\s.]|$)")];
  const items = [rule("(?<n>\\d{1,2}|[A-Z])\\)", "{parent}({n})")];

  it.each([
    ["8.1a Moving units spend 3 MP", "8.1a", 4],
    ["9.14b Supply Dump.", "9.14b", 5],
    ["9.3b. Multiple Terrain Types", "9.3b", 4],
    ["  9.2 Procedure", "9.2", 5],
    ["9.10", "9.10", 4],
  ])("%j starts with paragraph %s", (text, id, length) => {
    expect(matchNumberAtStart(paragraphs, text, { parent: null, chapter: "9.0" })).toMatchObject({ id, length });
  });

  it.each(["See 9.14b", "4.875 strength", "9.14bc", "14-4-3"])("%j does not start with a paragraph number", (text) => {
    expect(matchNumberAtStart(paragraphs, text, { parent: null, chapter: "9.0" })).toBeNull();
  });

  it("fills {parent} for list items", () => {
    expect(matchNumberAtStart(items, "1) The attacker selects", { parent: "9.2", chapter: "9.0" })?.id).toBe("9.2(1)");
    expect(matchNumberAtStart(items, "A) Units cannot", { parent: "9.5", chapter: "9.0" })?.id).toBe("9.5(A)");
  });

  it("fills {chapter}, and {parent} falls back to the chapter", () => {
    expect(fillTemplate("{chapter}.{n}", { n: "A" }, { parent: null, chapter: "13" })).toBe("13.A");
    expect(fillTemplate("{parent}({n})", { n: "1" }, { parent: null, chapter: "12" })).toBe("12(1)");
  });

  it("matches a whole text only when the number is all of it", () => {
    expect(matchWholeNumber(paragraphs, "9.14", { parent: null, chapter: "9.0" })?.id).toBe("9.14");
    expect(matchWholeNumber(paragraphs, "9.14 Specialized", { parent: null, chapter: "9.0" })).toBeNull();
  });

  it("knows which chapter a paragraph is in, and what is inside what", () => {
    expect(chapterKey("9.14b")).toBe("9");
    expect(chapterKey("09.1")).toBe("9");
    expect(chapterKey("Charts")).toBe("Charts");
    expect(isWithin("9.13b", "9.13")).toBe(true);
    expect(isWithin("9.2(1)", "9.2")).toBe(true);
    expect(isWithin("9.14b", "9.0")).toBe(true);
    expect(isWithin("9.14", "9.1")).toBe(false);
    expect(isWithin("8.1a", "9.0")).toBe(false);
    expect(isWithin("12.D.2.a", "12.D")).toBe(true);
  });
});

describe("paragraph ids of the real corpus", () => {
  let result: CompileResult;
  const idsOf = (ruleset: string, edition: string) => {
    const found = result.editions.find((e) => e.resolved.edition.ruleset === ruleset && e.resolved.edition.id === edition);
    return new Set(found?.resolved.paragraphs.keys());
  };

  beforeAll(async () => {
    result = await compiledRepository();
  });

  it("compiles without errors", () => {
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it.each([
    ["ocs", "4.3", ["8.0", "8.1", "8.1a", "9.14b", "9.2(1)", "9.2(9)", "9.5(A)", "9.10d(A)", "9.13b(C)", "4.2"]],
    ["europa", "later", ["13", "13.A", "13.B"]],
    ["unidentified", "12.09.09", ["12", "12.D.2.a", "12.C(1)", "12.D.2.a(1)", "12.E.2.d(4)(a)"]],
    ["wtj-1943", "online", ["5", "5.2"]],
  ] as const)("%s %s numbers its paragraphs", (ruleset, edition, ids) => {
    const found = idsOf(ruleset, edition);
    for (const id of ids) expect(found, `${ruleset} ${edition} has ${id}`).toContain(id);
  });

  it("gives each paragraph a place at its number in the source", () => {
    for (const edition of result.editions) {
      for (const paragraph of edition.resolved.paragraphs.values()) {
        if (paragraph.kind === "chapter") continue;
        const line = result.sources.get(paragraph.file)!.split("\n")[paragraph.place.start.line - 1];
        // A term's id is its title's slug (action-rating): its place is at the title it is named by.
        const number = paragraph.title && slug(paragraph.title) === paragraph.id ? paragraph.title : paragraph.id.replace(/^.*\(([^)]+)\)$/, "$1").replace(/^.*[.]/, "");
        expect(line, `${paragraph.id} at ${paragraph.file}:${paragraph.place.start.line}`).toContain(number);
      }
    }
  });
});
