// "Did you mean" from the corpus's own words.
import { describe, expect, it } from "vitest";
import { didYouMean, editDistance } from "../../site/search/did-you-mean.ts";

describe("editDistance", () => {
  it.each([
    ["overun", "overrun", 1], ["suprise", "surprise", 1], ["surpirse", "surprise", 1], ["hedgehog", "hedgehog", 0], ["kitten", "sitting", 3],
  ])("%s → %s is %d edits", (a, b, d) => {
    expect(Math.min(editDistance(a, b, 3), 4)).toBe(d);
  });
});

describe("didYouMean", () => {
  const words = { overrun: 40, overruns: 12, surprise: 30, hedgehog: 9, over: 5, run: 3, exploit: 8 };

  it("corrects each unknown word to the closest word of the corpus", () => {
    expect(didYouMean("overun", words)).toBe("overrun");
    expect(didYouMean("hedgehog suprise", words)).toBe("hedgehog surprise");
  });

  it("prefers the more frequent word at the same distance", () => {
    expect(didYouMean("overrunn", words)).toBe("overrun");
  });

  it("says nothing when every word is known, or nothing is close", () => {
    expect(didYouMean("hedgehog surprise", words)).toBeNull();
    expect(didYouMean("zeppelin", words)).toBeNull();
    expect(didYouMean("9.14b", words)).toBeNull();
  });
});
