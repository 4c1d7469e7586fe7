/**
 * diffBehaviour: two editions' engines of a procedure on the same inputs (the worked
 * examples of both, every input at its boundary values, a seeded sample), the answers
 * that differ grouped, with the paragraphs whose definitions changed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../../../compiler/compile.ts";
import { loadEngine } from "../../../compiler/5-verify/load-engine.ts";
import type { Vector } from "../../../compiler/5-verify/vector.ts";
import { diffBehaviour, type Side } from "../../../compiler/5-verify/diff-behaviour.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

/** The overrun procedure of an edition whose overruns cost `cost` MP. */
const chapter = (cost: number) => `${frontMatter("Overrun")}
# 1.0 Overrun

**1.1** Moving units spend ${cost} MP for each overrun. Units with fewer than ${cost} MP remaining cannot overrun.

\`\`\`rules
input mp_left "MP left": integer 0..12 "MP the stack has left"
input terrain_cost "Terrain cost": integer 0..3 = 1 "MP to enter the hex"
let overrun_cost "Overrun cost" = ${cost} "Moving units spend ${cost} MP for each overrun."
let mp_after "MP after the overrun" = mp_left - overrun_cost - terrain_cost "Moving units spend ${cost} MP for each overrun."
require enough_mp: mp_left >= overrun_cost else "Units with fewer than ${cost} MP remaining cannot overrun"
procedure overrun "Overrun" @1.1 {
  check enough_mp
  output "MP": mp_after
}
example "Six MP" {
  procedure overrun
  given mp_left = 6
  expect mp_after = ${5 - cost}
}
\`\`\`
`;

const roots: string[] = [];

async function side(cost: number): Promise<Side> {
  const { root } = documentCorpus(chapter(cost));
  roots.push(root);
  const result = await compile({ root });
  expect(result.diagnostics.map((d) => d.message)).toEqual([]);
  const emitted = result.emitted[0]!;
  const engine = await loadEngine(emitted.engines[0]!.javascript, emitted.runtimeImport, emitted.modules);
  const vectors = JSON.parse(result.files.get("t/1/overrun.vectors.json")!).vectors as Vector[];
  return { engine, vectors };
}

let three: Side;
let two: Side;
beforeAll(async () => {
  [three, two] = [await side(3), await side(2)];
});
afterAll(() => roots.forEach(removeTemp));

const CHANGED = [{ kind: "changed" as const, what: "definition", name: "overrun_cost" }];

describe("diffBehaviour", () => {
  it("finds no difference between an engine and itself", () => {
    const same = diffBehaviour("overrun", three, three, [], 20, 1);
    expect(same.status).toBe("compared");
    expect(same.differences).toEqual([]);
    // Both editions' examples, every boundary value of each input, and the sample.
    expect(same.inputs).toEqual({ vectors: 2, boundary: 8, random: 20, rejected: 0 });
  });

  it("groups the answers that differ, with a few inputs each and the changed paragraphs on the traces", () => {
    const compared = diffBehaviour("overrun", three, two, CHANGED, 50, 1);
    const byAnswer = new Map(compared.differences.map((d) => [d.answer, d]));
    expect([...byAnswer.keys()].sort()).toEqual(["allowed", "mp_after", "violations"]);
    const mp = byAnswer.get("mp_after")!;
    expect(mp.examples.length).toBeGreaterThan(0);
    expect(mp.examples.length).toBeLessThanOrEqual(3);
    for (const example of mp.examples) expect(example.to).toBe((example.from as number) + 1);
    expect(mp.paragraphs).toEqual({ from: ["1.1"], to: ["1.1"] });
    // With 2 MP left, the older edition refuses the overrun and the newer allows it.
    const allowed = byAnswer.get("allowed")!;
    for (const example of allowed.examples) expect([example.input.mp_left, example.from, example.to]).toEqual([2, false, true]);
  });

  it("is reproducible by its seed", () => {
    expect(diffBehaviour("overrun", three, two, CHANGED, 50, 7)).toEqual(diffBehaviour("overrun", three, two, CHANGED, 50, 7));
  });

  it("says which edition alone has the procedure", () => {
    expect(diffBehaviour("overrun", three, undefined, [], 10, 1)).toMatchObject({ status: "only-in-from", differences: [] });
    expect(diffBehaviour("overrun", undefined, two, [], 10, 1)).toMatchObject({ status: "only-in-to", differences: [] });
  });
});
