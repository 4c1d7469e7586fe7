/** References in prose and links: resolved, outside the corpus, or broken; links that disagree with their text. */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { compile, type CompileResult } from "../../../compiler/compile.ts";
import type { ResolvedReference } from "../../../compiler/2-resolve/types.ts";
import { REPO } from "../../support/repo.ts";

const COUNTS = fileURLToPath(new URL("./reference-counts.json", import.meta.url));
const UPDATE = Boolean(process.env.UPDATE) && process.env.UPDATE !== "0";

describe("references of the real corpus", () => {
  let result: CompileResult;
  const referencesOf = (ruleset: string, edition: string): ResolvedReference[] =>
    result.editions.find((e) => e.resolved.edition.ruleset === ruleset && e.resolved.edition.id === edition)?.resolved.references ?? [];
  const counts = (references: ResolvedReference[]) => {
    const c = { resolved: 0, outside: 0, broken: 0 };
    for (const r of references) c[r.status]++;
    return c;
  };

  beforeAll(async () => {
    result = await compile({ root: REPO });
  });

  it("compiles without errors", () => {
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  // Counts per edition, recorded in reference-counts.json (UPDATE=1 re-records them, so a
  // reviewer sees in the diff when a change to a chapter or a pattern moves references
  // between resolved and outside). Broken references are compile errors: always 0.
  it("classifies every reference as resolved, outside or broken, as recorded", () => {
    const actual = Object.fromEntries(result.editions.map((e) => [`${e.resolved.edition.ruleset}/${e.resolved.edition.id}`, counts(e.resolved.references)]));
    if (UPDATE) writeFileSync(COUNTS, `${JSON.stringify(actual, null, 2)}\n`);
    expect(actual).toEqual(JSON.parse(readFileSync(COUNTS, "utf8")));
    for (const [edition, c] of Object.entries(actual)) expect(c.broken, edition).toBe(0);
  });

  it("resolves a Hugo link to a paragraph of another chapter", () => {
    const link = referencesOf("ocs", "4.3").find((r) => r.href === "../9-0-ground-combat/#914-specialized-combats");
    expect(link).toMatchObject({ id: "9.14", status: "resolved", from: "8.0" });
  });

  it("marks a reference to a chapter that is not in the corpus as outside, with its title", () => {
    const outside = referencesOf("ocs", "4.3").filter((r) => r.status === "outside");
    expect(outside.length).toBeGreaterThan(0);
    expect(outside.some((r) => r.outsideTitle && /Supply|Hedgehogs|Barrage|Movement/.test(r.outsideTitle))).toBe(true);
  });

  it("reports the source's `[9.6](#98-surprise)` as a link whose text and target disagree (HX0103)", () => {
    const warnings = result.diagnostics.filter((d) => d.code === "HX0103");
    expect(warnings).toHaveLength(1);
    const [warning] = warnings;
    expect(warning.severity).toBe("warning");
    expect(warning.message).toBe("Link text says 9.6 but the link points at 9.8.");
    const line = result.sources.get(warning.place!.file)!.split("\n")[warning.place!.start.line - 1];
    expect(line).toContain("[9.6](#98-surprise)");
    expect(line.slice(warning.place!.start.column - 1)).toMatch(/^9\.6\]/);
  });

  it("places every reference on the words that make it", () => {
    for (const edition of result.editions) {
      for (const reference of edition.resolved.references) {
        const text = result.sources.get(reference.place.file)!;
        const at = text.slice(reference.place.start.offset, reference.place.end.offset);
        expect(at.replace(/\s+/g, " "), `${reference.text} in ${reference.place.file}:${reference.place.start.line}`).toBe(reference.text.split("\n")[0].replace(/\s+/g, " "));
      }
    }
  });
});
