/**
 * An output may list an input (issue 25.3): the procedure answers it with the input's value,
 * label and citation; the trace holds the input's own step once; an example gives it (with
 * `given`), and may not assume it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../../../compiler/compile.ts";
import { compiledEngines, type EngineModule } from "../../support/engines.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

function document(example: string): string {
  return `${frontMatter("Echo")}
# 1.0 Echo

**1.1** Moving units spend 3 MP for each overrun.

\`\`\`rules
input mp_left "MP left": integer >= 0 "MP the stack has left"
let mp_after "MP after the overrun" = mp_left - 3 "Moving units spend 3 MP for each overrun."
procedure overrun "Overrun" {
  output "Movement points": mp_left, mp_after
}
${example}
\`\`\`
`;
}

const GIVEN = `example "Five MP leave two" {
  procedure overrun
  given mp_left = 5
  expect mp_left = 5, mp_after = 2
}`;

describe("an output that lists an input", () => {
  let root: string;
  let engine: EngineModule;
  beforeAll(async () => {
    root = documentCorpus(document(GIVEN)).root;
    const [named] = await compiledEngines(root, "output-input");
    engine = await named.load();
  });
  afterAll(() => removeTemp(root));

  it("is answered with the input's value, and its step is the input's, once", () => {
    const checked = engine.check({ mp_left: 7 });
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const result = engine.resolve(checked.value, {});
    expect(result.outputs).toMatchObject({ mp_left: 7, mp_after: 4 });
    const steps = result.trace.filter((s) => s.name === "mp_left");
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ kind: "input", label: "MP left", paragraph: "1.1", value: 7 });
  });
});

describe("an example that assumes an input an output lists", () => {
  it("is refused: the input is given, not assumed", async () => {
    const { root } = documentCorpus(document(GIVEN.replace("given mp_left = 5", "assume mp_left = 5")));
    try {
      const result = await compile({ root });
      const errors = result.diagnostics.filter((d) => d.severity === "error");
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.map((d) => d.message).join("\n")).toContain("mp_left");
    } finally {
      removeTemp(root);
    }
  });
});
