/** runVector: one worked example against an engine's `resolve`, every expectation that does not hold a finding. */
import { describe, expect, it } from "vitest";
import { runVector, showWire } from "../../../compiler/5-verify/run-vector.ts";
import type { Vector } from "../../../compiler/5-verify/vector.ts";
import type { EngineModule, Wire } from "../../../compiler/runtime/runtime.ts";

type Resolve = EngineModule["resolve"];

/** An engine whose resolution is given: what runVector makes of it is what is tested. */
function engine(answer: { allowed?: boolean; violations?: string[]; outputs?: Record<string, Wire>; pending?: Record<string, { kind: string; message: string }> }) {
  const calls: unknown[][] = [];
  const resolve = ((...args: unknown[]) => {
    calls.push(args);
    return {
      allowed: answer.allowed ?? true,
      violations: (answer.violations ?? []).map((name) => ({ name, message: `${name} failed`, paragraph: "1.1" })),
      outputs: answer.outputs ?? {},
      pending: answer.pending ?? {},
      trace: [],
    };
  }) as unknown as Resolve;
  return { engine: { resolve }, calls };
}

function vector(expect: Vector["expect"], assume: Vector["assume"] = {}): Vector {
  return { id: "t/1/x/1", title: "An example", paragraph: "1.1", source: { file: "rules/t/1/01.md", line: 3, column: 1 }, disputed: null, input: { mp_left: 6 }, dice: { roll: 4 }, assume, expect };
}

describe("runVector", () => {
  it("finds nothing when every expectation holds, and reports what the engine computed", () => {
    const { engine: e, calls } = engine({ outputs: { odds: "3:1", loss: 2, extra: 9 } });
    const run = runVector(e, vector({ allowed: true, outputs: { odds: "3:1", loss: 2 } }, { column: 4 }));
    expect(run).toEqual({ findings: [], actual: { odds: "3:1", loss: 2 } });
    // The example's input, dice and assumptions, asking for the outputs it expects, without a trace.
    expect(calls).toEqual([[{ mp_left: 6 }, { roll: 4 }, { assume: { column: 4 }, also: ["odds", "loss"], trace: false }]]);
  });

  it("reports a different value, whether the example expected the ruling to be allowed, and a requirement that held", () => {
    const { engine: e } = engine({ allowed: false, violations: ["enough_mp"], outputs: { loss: 1 } });
    const run = runVector(e, vector({ allowed: true, violated: ["enough_mp", "in_range"], outputs: { loss: 2 } }));
    expect(run.findings).toEqual([
      { kind: "allowed", expected: true, violations: ["enough_mp"] },
      { kind: "violated", name: "in_range", violations: ["enough_mp"] },
      { kind: "mismatch", name: "loss", expected: 2, actual: 1 },
    ]);
  });

  it("reports an output the engine could not compute, with its reason", () => {
    const { engine: e } = engine({ pending: { result: { kind: "unknown", message: "the chart does not say" } } });
    const run = runVector(e, vector({ outputs: { result: "DL1", other: 3 } }));
    expect(run.findings).toEqual([
      { kind: "pending", name: "result", reason: "the chart does not say" },
      { kind: "pending", name: "other", reason: "not computed" },
    ]);
    expect(run.actual).toEqual({});
  });

  it("compares a notation's result by its fields, not by how its text is written", () => {
    const { engine: e } = engine({ outputs: { result: { text: "Ae3 DL2o2DG", defender_loss: 2 }, other: { text: "DL1", defender_loss: 1 } } });
    const run = runVector(e, vector({ outputs: { result: { text: "Ae3  DL2o2 DG", defender_loss: 2 }, other: { text: "DL1", defender_loss: 2 } } }));
    expect(run.findings.map((f) => ("name" in f ? `${f.kind} ${f.name}` : f.kind))).toEqual(["mismatch other"]);
  });
});

describe("showWire", () => {
  it("shows a value as a reader reads it", () => {
    expect(showWire("3:1")).toBe("3:1");
    expect(showWire(6)).toBe("6");
    expect(showWire({ text: "Ae3 DL2o2DG", attacker_loss: 0 })).toBe("Ae3 DL2o2DG");
    expect(showWire([1, 2])).toBe("[1,2]");
  });
});
