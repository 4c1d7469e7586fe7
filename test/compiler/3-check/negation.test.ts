/**
 * `-x` changes the sign, so the range declared for `x` is not the range of `-x`:
 * the negation of a hedgehog level 0..4 is a modifier from -4 to 0, and an example
 * may expect -3 of it (16.0d: "a Level-3 Hedgehog gives a -3 DRM").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile, type CompileResult } from "../../../compiler/compile.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

const DOCUMENT = `${frontMatter("Negation")}
# 1.0 Negation

**1.1** A hedgehog gives a modifier equal to its Level.

\`\`\`rules
input level "Level": integer 0..4 = 0
let drm "DRM" = -level "A hedgehog gives a modifier equal to its Level."
let bounded "Bounded" = clamp(-level, 0, 4) "A hedgehog gives a modifier equal to its Level."
procedure hog {
  output drm, bounded
}

example "Constructed: a Level-3 hedgehog" {
  procedure hog
  given level = 3
  expect drm = -3, bounded = 0
}
\`\`\`
`;

describe("negation", () => {
  let root: string;
  let result: CompileResult;
  beforeAll(async () => {
    ({ root } = documentCorpus(DOCUMENT));
    result = await compile({ root });
  });
  afterAll(() => removeTemp(root));

  it("does not keep the operand's range: an example may expect a negative value of it", () => {
    expect(result.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.message}`)).toEqual([]);
  });
});
