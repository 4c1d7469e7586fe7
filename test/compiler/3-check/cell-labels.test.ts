/**
 * `cells: effect ("-" = no_effect, "[1/2]" = half)`: a chart whose cells are printed as
 * labels other than their enum's (the Barrage Table's "-", "[1/2]") maps them in the table
 * declaration, as `rows:` and `columns:` map their headers; the cells read as the members,
 * and the enum's own labels still read as themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../../../compiler/compile.ts";
import { compiledEngines, type EngineModule } from "../../support/engines.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

function document(cells: string): string {
  return `${frontMatter("Cell labels")}
# 1.0 Cell labels

**1.1** A dash is no effect, a half in brackets halves a hedgehog, DG disorganizes.

\`\`\`rules
enum barrage_effect "Barrage effect" { no_effect "No effect", hedgehog_half "Hedgehog reduced by half", half "1/2", dg "DG", one_step "1" }
input column: integer >= 1 <= 3
dice roll: 1d2
table barrage = chart "barrage" { rows: integer, columns: integer, cells: ${cells} }
let effect = barrage[roll, column]
procedure p {
  output effect
}
\`\`\`

:::chart[Barrage]{#barrage}
| Roll | 1 | 2     | 3  |
|------|---|-------|----|
| 1    | - | 1/2   | DG |
| 2    | - | [1/2] | 1  |
:::
`;
}

describe("a chart whose cells are mapped labels of an enum", () => {
  let root: string;
  let engine: EngineModule;
  beforeAll(async () => {
    root = documentCorpus(document('barrage_effect ("-" = no_effect, "[1/2]" = hedgehog_half)')).root;
    const [named] = await compiledEngines(root, "cell-labels");
    engine = await named.load();
  });
  afterAll(() => removeTemp(root));

  const read = (column: number, roll: number) => {
    const checked = engine.check({ column });
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    return engine.resolve(checked.value, { roll }).outputs.effect;
  };

  it("reads a mapped label as its member", () => {
    expect(read(1, 1)).toBe("no_effect");
    expect(read(1, 2)).toBe("no_effect");
    expect(read(2, 2)).toBe("hedgehog_half");
  });

  it("reads a label written exactly as its member, before a mapped label that differs only in punctuation", () => {
    expect(read(2, 1)).toBe("half");
  });

  it("still reads the enum's own labels", () => {
    expect(read(3, 1)).toBe("dg");
    expect(read(3, 2)).toBe("one_step");
  });
});

describe("a chart whose cells are labels of an enum, unmapped", () => {
  it("refuses a label neither the enum nor the mapping knows exactly (\"[1/2]\" is not \"1/2\"), listing the mapped ones too", async () => {
    const { root } = documentCorpus(document('barrage_effect ("-" = no_effect)'));
    try {
      const result = await compile({ root });
      const refused = result.diagnostics.filter((d) => d.code === "HX0402");
      expect(refused).toHaveLength(1);
      expect(refused[0].message).toContain("[1/2]");
      expect(refused[0].hint + refused[0].message).toContain("-, No effect");
    } finally {
      removeTemp(root);
    }
  });
});
