/**
 * A refused action prints no figure that only an allowed one would have (issue 9.1: a refused
 * overrun printed "MP left after the overrun: −1"). What the failed requirement reads is given,
 * as the reason; the rest is "not applicable". So a requirement states its condition on what is
 * spent and what is allowed, and no amount "left" is ever shown below zero. Checked on every
 * generated engine, from its own vectors that expect a refusal.
 */
import { describe, expect, it } from "vitest";
import type { Pending, Wire } from "../../compiler/runtime/runtime.ts";
import { generatedEngines, resolveVector } from "../support/engines.ts";

/** An output that says how much of something is left: "MP left", "Movement left", "MP left after the overrun". */
const isLeft = (label: string) => /\bleft\b/i.test(label);

describe("refused actions", () => {
  it("show no amount left below zero: such figures are withheld as not applicable, each saying which rule refused it", async () => {
    let refusedVectors = 0;
    let withheld = 0;
    for (const { name: file, load, vectors } of generatedEngines()) {
      const engine = await load();
      for (const vector of vectors().filter((v) => v.expect.allowed === false || (v.expect.violated ?? []).length > 0)) {
        const result = resolveVector(engine, vector);
        expect(result.allowed, vector.id).toBe(false);
        refusedVectors++;
        const outputs = result.outputs as Record<string, Wire>;
        const pending = (result.pending ?? {}) as Record<string, Pending>;
        for (const group of engine.metadata.outputs) {
          for (const name of group.names) {
            const label = engine.metadata.definitions[name]?.label ?? name;
            if (!isLeft(label)) continue;
            if (name in outputs) {
              const values = (Array.isArray(outputs[name]) ? outputs[name] : [outputs[name]]) as Wire[];
              for (const value of values) if (typeof value === "number") expect(value, `${file} ${vector.id}: ${label}`).toBeGreaterThanOrEqual(0);
            } else if (pending[name]?.kind === "refused") {
              withheld++;
            }
          }
        }
      }
    }
    // The corpus has refusals for lack of movement (OCS 8.1a, Europa 13.A, V12 12.A.1, 1943 5.3).
    expect(refusedVectors).toBeGreaterThan(0);
    expect(withheld).toBeGreaterThan(0);
  });
});
