/** A quote is the paragraph's own words, compared as a reader compares them. */
import { describe, expect, it } from "vitest";
import type { Paragraph } from "../../../compiler/1-read/types.ts";
import { quoteFound } from "../../../compiler/3-check/quotes.ts";

const paragraph = (text: string) => ({ text }) as Paragraph;

describe("quoteFound", () => {
  const printed = paragraph("units with an Anti-\nTank or Anti-Aircraft symbol, and\nhedgehogs. A “x2” Terrain Effect – sometimes");

  it("reads a word the printed lines break at its hyphen as one word", () => {
    expect(quoteFound("units with an Anti-Tank or Anti-Aircraft symbol", printed)).toBe(true);
  });

  it("still tells apart words the paragraph does not say", () => {
    expect(quoteFound("units with an AntiTank symbol", printed)).toBe(false);
    expect(quoteFound("units with an Anti Tank or", printed)).toBe(false);
  });

  it("lets spacing, quote marks, dashes and case differ", () => {
    expect(quoteFound('a "X2" terrain effect - SOMETIMES', printed)).toBe(true);
  });
});
