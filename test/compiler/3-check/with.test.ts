/**
 * `with` fixes inputs for a procedure, and conditions on them are decided when it is
 * compiled: an input read only in such conditions is used (it decides them), though its
 * engine no longer reads it. A fixed input the rules never read is still HX0501.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile, type CompileResult } from "../../../compiler/compile.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

const DOCUMENT = (procedure: string) => `${frontMatter("With")}
# 1.0 With

**1.1** An overrun costs 3 MP; a regular attack costs nothing.

\`\`\`rules
input attack_type "Attack type": enum { overrun "Overrun", regular "Regular attack" } = regular
input mp_left "MP left": integer >= 0
input notes "Notes": integer = 0
let cost "MP cost" = if attack_type == overrun then 3 else 0 "An overrun costs 3 MP"
let mp_after "MP after" = mp_left - cost "An overrun costs 3 MP"
${procedure}
example "An overrun from 4 MP" { procedure overrun  given mp_left = 4  expect cost = 3, mp_after = 1 }
\`\`\`
`;

async function compiled(procedure: string): Promise<{ root: string; result: CompileResult }> {
  const { root } = documentCorpus(DOCUMENT(procedure));
  return { root, result: await compile({ root }) };
}

describe("with", () => {
  let root: string;
  let result: CompileResult;
  beforeAll(async () => {
    ({ root, result } = await compiled("procedure overrun { with attack_type = overrun  output cost, mp_after }"));
  });
  afterAll(() => removeTemp(root));

  it("fixes an input read only in the conditions it decides", () => {
    expect(result.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it("leaves the fixed input out of the engine's form, and answers as the fixed value says", () => {
    const schema = JSON.parse(result.files.get("t/1/overrun.input.schema.json")!) as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual(["mp_left"]);
    const vectors = JSON.parse(result.files.get("t/1/overrun.vectors.json")!) as { vectors: { expect: unknown }[] };
    expect(vectors.vectors).toHaveLength(1);
  });

  it("still refuses a fixed input the rules never read", async () => {
    const other = await compiled("procedure overrun { with attack_type = overrun, notes = 2  output cost, mp_after }");
    try {
      expect(other.result.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual(["HX0501 `notes` in procedure `overrun` is not an input this procedure uses."]);
    } finally {
      removeTemp(other.root);
    }
  });
});
