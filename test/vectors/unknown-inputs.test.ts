/**
 * An input the player may leave out (`| unknown`: a result of a table that is not in the
 * corpus, a figure not known yet) makes what depends on it "not known", never "none"
 * (issue 9.2). Checked on every generated engine that has one, from its own vectors: each
 * vector that gives such an input is resolved again without it.
 */
import { describe, expect, it } from "vitest";
import type { EngineModule, Pending, Wire } from "../../compiler/runtime/runtime.ts";
import { generatedEngines, type NamedEngine } from "../support/engines.ts";

const optionalInputs = (engine: EngineModule) => engine.schema.inputs.filter((input) => (input as { optional?: boolean }).optional);
const withOptional: NamedEngine[] = [];
for (const engine of generatedEngines()) if (optionalInputs(await engine.load()).length > 0) withOptional.push(engine);

describe("inputs that may be left out", () => {
  it("exist in the corpus (V 12.09.09's combat result, for one)", () => {
    expect(withOptional.map((e) => e.name)).toContain("unidentified/12.09.09/overrun");
  });

  describe.each(withOptional)("$name", ({ name: file, load, vectors: vectorsOf }) => {
    it("leave what depends on them not known until they are given, never none", async () => {
      const engine = await load();
      const vectors = vectorsOf();
      const optional = optionalInputs(engine);
      let leftOut = 0;
      for (const input of optional) {
        for (const vector of vectors.filter((v) => v.input[input.name] !== undefined && Object.keys(v.assume ?? {}).length === 0)) {
          const full = engine.resolve(vector.input, vector.dice);
          const { [input.name]: _, ...without } = vector.input;
          const partial = engine.resolve(without, vector.dice);
          const outputs = partial.outputs as Record<string, Wire>;
          const pending = (partial.pending ?? {}) as Record<string, Pending>;
          leftOut++;
          for (const [name, value] of Object.entries(full.outputs as Record<string, Wire>)) {
            const where = `${vector.id} without ${input.name}: ${name}`;
            if (name in outputs) {
              // Given either way: it does not depend on the input, or not in this situation.
              if (value !== null) expect(outputs[name], `${where} was ${JSON.stringify(value)}`).not.toBeNull();
              continue;
            }
            expect(pending[name]?.message, where).toMatch(/^not known until .+ is given$/);
          }
        }
      }
      expect(leftOut, `a vector of ${file} gives ${optional.map((i) => i.name).join(", ")}`).toBeGreaterThan(0);
    });
  });
});
