/**
 * The plan of the straight-line evaluation (4-emit/plan-straight.ts), decided before it is printed:
 * per-unit definitions wait for the first step that reads them and then share one loop, except
 * that one reading every unit's value of another (through a comprehension) waits for all of those;
 * a per-unit value only its own loop reads stays in a local of the loop. What the printed engines
 * answer is checked by straight.test.ts; this checks the decisions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../../../compiler/compile.ts";
import type { ProcedureModel } from "../../../compiler/3-check/types.ts";
import { loopLocals, schedule, type Step } from "../../../compiler/4-emit/plan-straight.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

const RULES = [
  "record unit { strength: number }",
  "input units: list of unit",
  "input bonus: integer = 1",
  'let u.doubled for u in units "Doubled" = u.strength * 2',
  'let u.boosted for u in units "Boosted" = u.doubled + bonus',
  'let u.share for u in units "Share" = u.boosted / sum(v.boosted for v in units)',
  'let total "Total" = sum(u.share for u in units)',
  'procedure p { output "R": units.boosted, units.share, total }',
].join("\n");

let root: string;
let procedure: ProcedureModel;

beforeAll(async () => {
  root = documentCorpus(`${frontMatter()}\n# 1.0 Test\n\n**1.1** Things.\n\n\`\`\`rules\n${RULES}\n\`\`\`\n`).root;
  const result = await compile({ root });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  procedure = result.editions[0].procedures.find((p) => p.name === "p")!;
});

afterAll(() => removeTemp(root));

/** A step as a line: `input units`, `units: doubled, boosted`, `let total`. */
function line(step: Step): string {
  switch (step.kind) {
    case "units":
      return `${step.list}: ${step.keys.map((key) => procedure.letsByKey.get(key)!.name).join(", ")}`;
    case "let":
      return `let ${step.key}`;
    case "check":
      return `check ${step.index}`;
    default:
      return `${step.kind} ${step.name}`;
  }
}

describe("the straight-line schedule", () => {
  it("computes the per-unit definitions of a list in one loop, when a step first reads one of them", () => {
    expect(schedule(procedure, new Map()).map(line)).toEqual(["input units", "input bonus", "units: doubled, boosted, share", "let total"]);
  });

  it("gives a per-unit definition that reads every unit's value of another a loop of its own, after theirs", () => {
    const steps = schedule(procedure, new Map([["straight$units$share", new Set(["units$boosted"])]]));
    expect(steps.map(line)).toEqual(["input units", "input bonus", "units: doubled, boosted", "units: share", "let total"]);
  });
});

describe("the values kept in a local of their loop", () => {
  it("are the per-unit values no output, comprehension or other loop reads", () => {
    const steps = schedule(procedure, new Map([["straight$units$share", new Set(["units$boosted"])]]));
    expect([...loopLocals(procedure, steps, new Set(["units$boosted", "units$share"]))]).toEqual(["units$doubled"]);
    expect([...loopLocals(procedure, steps, new Set(["units$doubled", "units$boosted", "units$share"]))]).toEqual([]);
  });
});
