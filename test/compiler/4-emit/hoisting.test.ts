/**
 * Comprehensions compute their loop-invariant parts once, before the loop. That must
 * never compute something the loop would not have: over an empty list nothing is read,
 * and what sits behind `and`, `or` or `if` stays where it is.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledEngines, type EngineModule } from "../../support/engines.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

const DOCUMENT = `${frontMatter("Hoisting")}
# 1.0 Hoisting

**1.1** Every column is read along the row the die gives.

\`\`\`rules
record unit { strength: number >= 0, armor: boolean = false }
input stack: list of unit
dice d: 1d6
table t = chart "t" { rows: integer, columns: integer, cells: integer }
let best = max(c for c in columns(t) where t[d, c] <= count(u in stack))
let strongest = max(u.strength for u in stack where t[d, 1] > 0)
let armored = sum(u.strength for u in stack where u.armor and d > 3)
procedure p {
  output best, strongest, armored
}
\`\`\`

:::chart[T]{#t}
| roll | 1 | 2 | 3 |
|------|---|---|---|
| 1-3  | 0 | 1 | 2 |
| 4-6  | 1 | 2 | ? |
:::
`;

let root: string;
let engine: EngineModule;

beforeAll(async () => {
  root = documentCorpus(DOCUMENT).root;
  const [named] = await compiledEngines(root, "hoisting");
  engine = await named.load();
});

afterAll(() => removeTemp(root));

function resolve(stack: object[], dice: object) {
  const checked = engine.check({ stack });
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return engine.resolve(checked.value, dice);
}

describe("loop-invariant values", () => {
  it("are read once per row: the highest column along the die's row", () => {
    const stack = [{ strength: 2 }, { strength: 3, armor: true }];
    expect(resolve(stack, { d: 2 }).outputs).toMatchObject({ best: 3, strongest: null, armored: 0 });
    const high = resolve(stack, { d: 5 });
    expect(high.outputs).toMatchObject({ strongest: 3, armored: 3 });
    expect(high.pending).toMatchObject({ best: { kind: "unknown" } });
  });

  it("are not read over an empty list: no die is asked for", () => {
    const result = resolve([], {});
    expect(result.outputs).toMatchObject({ strongest: null, armored: 0 });
    expect(result.pending).not.toHaveProperty("strongest");
  });

  it("behind `and` are not read unless the left side holds", () => {
    const result = resolve([{ strength: 4 }], {});
    expect(result.outputs).toMatchObject({ armored: 0 });
    expect(result.pending).toMatchObject({ strongest: { kind: "dice", die: "d" } });
  });

  it("stop the answer as the loop would have, when a cell is unknown, naming its row and column", () => {
    const result = resolve([{ strength: 1 }, { strength: 1 }, { strength: 1 }], { d: 4 });
    expect(result.pending).toMatchObject({ best: { kind: "unknown" } });
    expect((result.pending as Record<string, { message: string }>).best.message).toContain("row 4-6, column 3");
  });
});
