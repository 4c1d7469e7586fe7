// Glossary terms are found in the text from the glossary itself: each term's names
// (its title, its abbreviations), matched as whole words, longest first.
import { expect, test } from "vitest";
import { glossaryMatcher, namesOf } from "../../../compiler/markdown/glossary-terms.ts";

test("a term's names come from its title: the words and each abbreviation of two characters or more", () => {
  expect(namesOf("Disorganized Mode (DG)")).toEqual(["DG", "Disorganized Mode"]);
  expect(namesOf("Rail Repair (aka RR) Units")).toEqual(["RR", "Rail Repair Units"]);
  expect(namesOf("Steps, Step Loss")).toEqual(["Steps", "Step Loss"]);
  expect(namesOf("Exploitation Result (e)")).toEqual(["Exploitation Result"]);
  expect(namesOf("Strat Bomber (S)")).toEqual(["Strat Bomber"]);
});

function found(text: string): string[] {
  const matcher = glossaryMatcher([
    { id: "combat-unit", names: ["Combat Unit"] },
    { id: "non-combat-unit", names: ["Non-Combat Unit"] },
    { id: "dg", names: ["DG", "Disorganized Mode"] },
    { id: "low", names: ["Low"] },
    { id: "hedgehog", names: ["Hedgehog"] },
  ])!;
  return [...text.matchAll(matcher.pattern)].map((m) => `${matcher.termOf(m)}:${m[0]}`);
}

test("names are matched as whole words, the longest first, with plurals and line breaks", () => {
  expect(found("A Non-Combat Unit is not a Combat Unit.")).toEqual(["non-combat-unit:Non-Combat Unit", "combat-unit:Combat Unit"]);
  expect(found("DG units in Disorganized\nMode, two Hedgehogs")).toEqual(["dg:DG", "dg:Disorganized\nMode", "hedgehog:Hedgehogs"]);
  expect(found("combat units and disorganized mode")).toEqual(["combat-unit:combat units", "dg:disorganized mode"]);
});

test("a one-word name keeps its capital, an abbreviation its case, and neither matches inside a word", () => {
  expect(found("a low hill, below DGs, DGX, xDG, Lowland, Low supply")).toEqual(["dg:DGs", "low:Low"]);
});
