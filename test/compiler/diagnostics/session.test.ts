/**
 * One diagnostic per place in the source: an edition that extends another reads the other's
 * chapters again, so the same mistake is found once per edition; it is shown once, naming
 * every edition that has it, and counts once towards a file's limit of unknown names.
 */
import { describe, expect, it } from "vitest";
import { Session } from "../../../compiler/diagnostics/session.ts";
import type { Place } from "../../../compiler/diagnostics/diagnostic.ts";
import { LIMITS } from "../../../compiler/language/limits.ts";

const at = (offset: number, file = "rules/t/1/01-test.md"): Place => ({
  file,
  start: { line: 1, column: offset + 1, offset },
  end: { line: 1, column: offset + 4, offset: offset + 3 },
});

describe("one diagnostic per place", () => {
  it("shows a mistake two editions find once, naming both editions", () => {
    const session = new Session();
    session.report("HX0202", { name: "move", edition: "t 1" }, at(10));
    session.report("HX0202", { name: "move", edition: "t 2" }, at(10));
    const shown = session.sorted();
    expect(shown).toHaveLength(1);
    expect(shown[0].message).toBe("`move` is defined twice in t 1 and t 2.");
  });

  it("keeps different mistakes at one place, and the same mistake at two places", () => {
    const session = new Session();
    session.report("HX0202", { name: "move", edition: "t 1" }, at(10));
    session.report("HX0202", { name: "moves", edition: "t 1" }, at(10));
    session.report("HX0202", { name: "move", edition: "t 1" }, at(20));
    expect(session.sorted()).toHaveLength(3);
  });

  it("counts an unknown name two editions find once towards the file's limit", () => {
    const session = new Session();
    for (const edition of ["t 1", "t 2"]) {
      for (let i = 0; i < LIMITS.unknownNamesPerFile + 3; i++) session.report("HX0203", () => ({ name: `n${i}`, hint: edition }), at(i * 10));
    }
    const shown = session.sorted();
    expect(shown.filter((d) => d.code === "HX0203")).toHaveLength(LIMITS.unknownNamesPerFile);
    expect(shown.find((d) => d.code === "HX0032")?.message).toMatch(/^3 more unknown names/);
  });
});
