/** diffText: how the paragraphs of two editions are matched — kept, renumbered, reworded, added, removed. */
import { describe, expect, it } from "vitest";
import type { Paragraph } from "../../../compiler/1-read/types.ts";
import { diffText } from "../../../compiler/diff/diff-text.ts";

const PLACE = { file: "rules/t/1/01.md", start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } };

function paragraphs(...list: [id: string, text: string, kind?: Paragraph["kind"]][]): Map<string, Paragraph> {
  return new Map(list.map(([id, text, kind = "lead"]) => [id, { id, kind, title: `Title of ${id}`, text: kind === "chapter" ? text : `${id} ${text}`, parent: null, file: PLACE.file, place: PLACE, depth: 0 }]));
}

const OLD = paragraphs(
  ["1.0", "Overruns are combat during movement.", "chapter"],
  ["1.1a", "Moving units spend 3 MP for each overrun."],
  ["1.1b", "Units with fewer than 3 MP remaining cannot overrun."],
  ["1.1c", "Swamps cannot be overrun."],
  ["1.1d", "Cavalry may overrun twice in one phase, if it has the MP to do so."],
  ["1.1e", "An overrun that fails ends the stack's movement for this phase."],
);

describe("diffText", () => {
  it("finds nothing between an edition and itself", () => {
    expect(diffText(OLD, OLD)).toEqual([]);
  });

  it("matches by number and words, by words under a new number, by number with new words, and by most words", () => {
    const NEW = paragraphs(
      ["1.0", "Overruns are combat during movement.", "chapter"],
      ["1.1a", "Moving units spend 3 MP for each overrun."],
      ["1.1b", "Units with fewer than 2 MP remaining cannot overrun."],
      ["1.1c", "Cavalry may overrun twice in one phase, if it has the MP to do so."],
      ["1.1d", "An overrun that fails ends the stack's movement for the phase."],
      ["1.1f", "Overrunning units may not enter enemy zones of control."],
    );
    const changes = diffText(OLD, NEW);
    expect(changes.map((c) => `${c.kind} ${"from" in c ? c.from : ""}→${"to" in c ? c.to : ""}`)).toEqual([
      "renumbered 1.1d→1.1c",
      "reworded 1.1b→1.1b",
      "renumbered 1.1e→1.1d",
      "removed 1.1c→",
      "added →1.1f",
    ]);
    const reworded = changes.find((c) => c.kind === "reworded");
    expect(reworded?.kind === "reworded" && reworded.words.filter((w) => w.kind !== "same").map((w) => `${w.kind} ${w.text.trim()}`)).toEqual(["removed 3", "added 2"]);
    // Renumbered with the same words: no word diff; renumbered and reworded: one.
    expect(changes.find((c) => c.kind === "renumbered" && c.from === "1.1d")).toEqual({ kind: "renumbered", from: "1.1d", to: "1.1c", title: "Title of 1.1c" });
    const moved = changes.find((c) => c.kind === "renumbered" && c.from === "1.1e");
    expect(moved?.kind === "renumbered" && moved.words?.filter((w) => w.kind !== "same").map((w) => w.text.trim())).toEqual(["this", "the"]);
    expect(changes.find((c) => c.kind === "removed")).toEqual({ kind: "removed", from: "1.1c", title: "Title of 1.1c", text: "Swamps cannot be overrun." });
  });

  it("compares a chapter's own text under its id, and never pairs a chapter with a paragraph", () => {
    const NEW = new Map([...OLD, ...paragraphs(["1.0", "Overruns are attacks made during movement.", "chapter"])]);
    expect(diffText(OLD, NEW).map((c) => `${c.kind} ${"from" in c ? c.from : ""}`)).toEqual(["reworded 1.0"]);
    const without = new Map([...OLD].filter(([id]) => id !== "1.0"));
    expect(diffText(OLD, without)).toEqual([]);
  });
});
