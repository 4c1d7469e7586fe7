// Numbers as players write them, and what the calculator refuses.
import { describe, expect, it } from "vitest";
import { parsePlayerNumber } from "../../../site/calculator/numbers.ts";
import { QUOTED_MOST } from "../../../site/calculator/quoted.ts";

describe("parsePlayerNumber", () => {
  it.each([
    ["3", 3], ["0", 0], ["12", 12], ["1.5", 1.5], [".5", 0.5], ["2,5", 2.5], ["½", 0.5], ["¼", 0.25], ["¾", 0.75],
    ["1½", 1.5], ["1 ½", 1.5], ["1 1/2", 1.5], ["3/2", 1.5], ["2 3/4", 2.75], ["-2", -2], ["−½", -0.5], ["+4", 4], [" 7 ", 7],
  ])("reads %s as %d", (text, value) => {
    expect(parsePlayerNumber(text)).toEqual({ ok: true, value });
  });

  it.each(["1e3", "0x10", "Infinity", "NaN", "1..5", "abc", "1/2/3", "1 2", ""])("refuses %j with a message saying how to write it", (text) => {
    const parsed = parsePlayerNumber(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain("½ or 1 1/2");
  });

  it("quotes at most a short excerpt of what it refuses (a link's value can be 200,000 characters)", () => {
    const parsed = parsePlayerNumber("A".repeat(200_000));
    expect(parsed).toEqual({ ok: false, message: expect.stringContaining(`not “${"A".repeat(QUOTED_MOST)}…”`) });
    if (!parsed.ok) expect(parsed.message.length).toBeLessThan(120);
    // Whole characters only: an excerpt never ends in half of a surrogate pair.
    const emoji = parsePlayerNumber("🎲".repeat(100));
    if (!emoji.ok) expect(emoji.message).toContain(`not “${"🎲".repeat(QUOTED_MOST)}…”`);
  });

  it("refuses a fraction with 0 below the line", () => {
    const parsed = parsePlayerNumber("1/0");
    expect(parsed).toEqual({ ok: false, message: expect.stringContaining("other than 0 below the line") });
  });
});
