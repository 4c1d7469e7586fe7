/**
 * Strict bounds: `number > 0` leaves 0 out, `integer < 10` leaves 10 out, and a type may have
 * a bound on each side (`number > 0 <= 6`). The engine's `check()` refuses a value on a strict
 * bound with a clear message, its schema and standard JSON Schema carry the bound as strict,
 * and the compiler refuses a default, a given value or a range that the bounds leave out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../../../compiler/compile.ts";
import { parseRulesBlock } from "../../../compiler/language/parse.ts";
import { boundsText } from "../../../compiler/runtime/bounds.ts";
import { enginesOf, type EngineModule } from "../../support/engines.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

const DOCUMENT = `${frontMatter("Bounds")}
# 1.0 Bounds

**1.1** A barrage needs a strength of more than 0, at most 6 per hex, and a roll below 10.

\`\`\`rules
input strength "Barrage strength": number > 0 <= 6 "The barrage strength of the hex"
input roll "Roll": integer >= 2 < 10 "The modified roll"
input units "Units": integer > 0 = 1 "The units firing"
let total "Total" = strength * units + roll "A barrage needs a strength of more than 0"
procedure barrage { output total }
example "Constructed: 1.1 a strength of 1/2 is more than 0" {
  procedure barrage
  given strength = 1/2, roll = 9
  expect total = 19/2
}
\`\`\`
`;

const origin = { line: 1, column: 1, offset: 0 };
const typeOf = (text: string) => {
  const parsed = parseRulesBlock(`input x: ${text}`, origin);
  if (!parsed.ok) return parsed.problem.code;
  const { min, max, minExclusive, maxExclusive } = (parsed.block.statements[0] as unknown as { valueType: Record<string, unknown> }).valueType;
  return { min, max, minExclusive, maxExclusive };
};

describe("strict bounds in the grammar", () => {
  it("reads > and < as strict, >= and <= as inclusive, one bound on each side", () => {
    expect(typeOf("number > 0")).toEqual({ min: 0, max: undefined, minExclusive: true, maxExclusive: undefined });
    expect(typeOf("integer < 10")).toEqual({ min: undefined, max: 10, minExclusive: undefined, maxExclusive: true });
    expect(typeOf("number > 0 <= 6")).toEqual({ min: 0, max: 6, minExclusive: true, maxExclusive: undefined });
    expect(typeOf("integer <= 6 > -2")).toEqual({ min: -2, max: 6, minExclusive: true, maxExclusive: undefined });
    expect(typeOf("number >= 0")).toEqual({ min: 0, max: undefined, minExclusive: undefined, maxExclusive: undefined });
  });

  it("refuses two bounds on the same side", () => {
    expect(typeOf("number > 0 >= 1")).toBe("HX0201");
    expect(typeOf("number < 9 < 10")).toBe("HX0201");
  });

  it("says the bounds in words", () => {
    expect(boundsText({ min: 0, minExclusive: true })).toBe("more than 0");
    expect(boundsText({ max: 10, maxExclusive: true })).toBe("less than 10");
    expect(boundsText({ min: 0, minExclusive: true, max: 6 })).toBe("more than 0 and at most 6");
    expect(boundsText({ min: 1, max: 6 })).toBe("1 to 6");
    expect(boundsText({ min: 0 })).toBe("at least 0");
  });
});

describe("an engine with strict bounds", () => {
  let root: string;
  let engine: EngineModule;
  let files: Map<string, string>;

  beforeAll(async () => {
    root = documentCorpus(DOCUMENT).root;
    const result = await compile({ root });
    files = result.files;
    engine = await enginesOf(result, "bounds")[0].load();
  });
  afterAll(() => removeTemp(root));

  it("refuses a value on a strict bound, and takes one just inside it", () => {
    const errors = (input: object) => {
      const checked = engine.check(input);
      return checked.ok ? [] : checked.errors.map((e) => `${e.path}: ${e.message}`);
    };
    expect(errors({ strength: 0, roll: 5 })).toEqual(["strength: Barrage strength must be more than 0"]);
    expect(errors({ strength: 6, roll: 10 })).toEqual(["roll: Roll must be less than 10"]);
    expect(errors({ strength: 7, roll: 2 })).toEqual(["strength: Barrage strength must be at most 6"]);
    expect(errors({ strength: "0.01", roll: 9, units: 0 })).toEqual(["units: Units must be more than 0"]);
    expect(errors({ strength: "0.01", roll: 9 })).toEqual([]);
  });

  it("carries the bounds in its schema and its JSON Schema", () => {
    const field = (name: string) => engine.schema.inputs.find((f) => f.name === name)!.type;
    expect(field("strength")).toEqual({ kind: "number", min: 0, minExclusive: true, max: 6 });
    expect(field("roll")).toEqual({ kind: "integer", min: 2, max: 10, maxExclusive: true });
    const json = JSON.parse([...files].find(([path]) => path.endsWith("barrage.input.schema.json"))![1]);
    expect(json.properties.strength).toMatchObject({ type: "number", exclusiveMinimum: 0, maximum: 6 });
    expect(json.properties.strength).not.toHaveProperty("minimum");
    expect(json.properties.roll).toMatchObject({ type: "integer", minimum: 2, exclusiveMaximum: 10 });
  });
});

describe("values the bounds leave out", () => {
  const diagnostics = async (rules: string) => {
    const { root } = documentCorpus(`${frontMatter("Bounds")}\n# 1.0 Bounds\n\n**1.1** Units move.\n\n\`\`\`rules\n${rules}\n\`\`\`\n`);
    try {
      return (await compile({ root })).diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.message}`);
    } finally {
      removeTemp(root);
    }
  };

  it("refuses a default on a strict bound", async () => {
    expect(await diagnostics("input x: number > 0 = 0")).toEqual([expect.stringMatching(/^HX0301 The default of `x` must be number more than 0/)]);
  });

  it("refuses a range with no room between its strict bounds", async () => {
    expect(await diagnostics("input x: integer > 0 < 1")).toEqual(["HX0308 `x` has an empty range (> 0 < 1)."]);
    expect(await diagnostics("input x: number > 1 <= 1")).toEqual(["HX0308 `x` has an empty range (> 1 <= 1)."]);
    expect(await diagnostics("input x: number > 0 < 1")).toEqual([]);
  });
});
