/**
 * A range cell printed "-" is the empty range: no roll is in it (the Attrition Table's dash
 * where no roll of that column gives the result). A row or column header cannot be one: a
 * header names the rolls of its row or column, and "-" names none.
 */
import { describe, expect, it } from "vitest";
import { compile } from "../../../compiler/compile.ts";
import { enginesOf } from "../../support/engines.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

const document = (chart: string, keys: string) => `${frontMatter("Losses")}
# 1.0 Losses

**1.1** Roll two dice in the column of the unit's rating.

:::chart[Loss Table]{#loss-table}
${chart}
:::

\`\`\`rules
enum loss "Loss" { no_loss "No Loss", one_step "-1 Step" }
input rating "Rating": integer 1..2
dice loss_roll "Loss roll": 2d6
table loss_table "Loss Table" = chart "loss-table" { ${keys} }
let result "Result" = first(r for r in rows(loss_table) where loss_roll in loss_table[r, rating])
  "Roll two dice in the column of the unit's rating."
procedure losses { output result }
\`\`\`
`;

async function compiled(text: string) {
  const { root } = documentCorpus(text);
  try {
    const result = await compile({ root });
    const errors = result.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.message}`);
    return { errors, engine: errors.length === 0 ? await enginesOf(result, "losses")[0].load() : null };
  } finally {
    removeTemp(root);
  }
}

describe("the empty range '-'", () => {
  it("is a range cell no roll is in, so the search goes on to the next row", async () => {
    const { errors, engine } = await compiled(document("| Result | 2 | 1 |\n|---|---|---|\n| No Loss | 2-8 | - |\n| -1 Step | 9+ | 2+ |", "rows: loss, columns: integer, cells: range"));
    expect(errors).toEqual([]);
    const result = (rating: number, roll: number) => {
      const checked = engine!.check({ rating });
      if (!checked.ok) throw new Error("the rating is refused");
      return engine!.resolve(checked.value, { loss_roll: roll }).outputs.result;
    };
    expect(result(1, 2)).toBe("one_step");
    expect(result(2, 2)).toBe("no_loss");
    const chances = engine!.distribution({ rating: 1 });
    expect(JSON.stringify(chances)).not.toContain("no_loss");
  });

  it("cannot be a header", async () => {
    const { errors } = await compiled(document("| Result | 2 | - |\n|---|---|---|\n| No Loss | 2-8 | 2-6 |\n| -1 Step | 9+ | 7+ |", "rows: loss, columns: integer, cells: range"));
    expect(errors).toEqual([expect.stringMatching(/^HX0401 /)]);
  });
});
