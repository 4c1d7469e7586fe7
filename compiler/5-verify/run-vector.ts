import { sameValue, type EngineModule, type Pending, type Wire } from "../runtime/runtime.ts";
import type { Vector } from "./vector.ts";


export type Finding =
  | { kind: "mismatch"; name: string; expected: Wire; actual: Wire }
  | { kind: "pending"; name: string; reason: string }
  | { kind: "allowed"; expected: boolean; violations: string[] }
  | { kind: "violated"; name: string; violations: string[] };

export interface VectorRun {
  findings: Finding[];
  /** The engine's value for every expected output (what the rules produce). */
  actual: Record<string, Wire>;
}

/** Runs one vector against an engine: every expectation that does not hold is a finding. */
export function runVector(engine: Pick<EngineModule, "resolve">, vector: Vector): VectorRun {
  const names = Object.keys(vector.expect.outputs);
  const result = engine.resolve(vector.input, vector.dice, { assume: vector.assume, also: names, trace: false });
  const findings: Finding[] = [];
  const violations = result.violations.map((v) => v.name);
  if (vector.expect.allowed !== undefined && result.allowed !== vector.expect.allowed) {
    findings.push({ kind: "allowed", expected: vector.expect.allowed, violations });
  }
  for (const name of vector.expect.violated ?? []) {
    if (!violations.includes(name)) findings.push({ kind: "violated", name, violations });
  }
  const actual: Record<string, Wire> = {};
  for (const name of names) {
    const outputs = result.outputs as Record<string, Wire>;
    if (!(name in outputs)) {
      const pending = (result.pending as Record<string, Pending>)[name];
      findings.push({ kind: "pending", name, reason: pending?.message ?? "not computed" });
      continue;
    }
    actual[name] = outputs[name];
    if (!sameValue(outputs[name], vector.expect.outputs[name])) {
      findings.push({ kind: "mismatch", name, expected: vector.expect.outputs[name], actual: outputs[name] });
    }
  }
  return { findings, actual };
}

/** A value as a person reads it: "3:1", "Ae3 DL2o2DG", 6. */
export function showWire(value: Wire): string {
  if (value && typeof value === "object" && !Array.isArray(value) && typeof value.text === "string") return value.text;
  return typeof value === "string" ? value : JSON.stringify(value);
}
