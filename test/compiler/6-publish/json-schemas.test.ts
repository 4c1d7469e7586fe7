import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { readTree } from "../../../compiler/generated-files.ts";
import { listedEngines } from "../../support/repo.ts";

/**
 * The schemas are published so that tools in other languages can validate inputs
 * and replay vectors: check them with a standard validator, on the real files.
 */
const GENERATED = new URL("../../../generated/", import.meta.url).pathname;
const files = [...readTree(GENERATED).keys()];
const read = (path: string) => JSON.parse(readFileSync(join(GENERATED, path), "utf8"));
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addKeyword("x-labels");
const schemaOf = (path: string) => {
  const schema = read(path);
  return ajv.getSchema(schema.$id) ?? ajv.compile(schema);
};

describe("published JSON Schemas", () => {
  const vectorsSchema = schemaOf("vectors.schema.json");
  const vectorFiles = files.filter((f) => f.endsWith(".vectors.json"));

  it("there are vector files to check", () => {
    expect(vectorFiles.length).toBe(listedEngines().length);
  });

  for (const file of vectorFiles) {
    it(`${file} follows vectors.schema.json, and each input follows the procedure's input schema`, () => {
      const vectors = read(file);
      expect(vectorsSchema(vectors), JSON.stringify(vectorsSchema.errors)).toBe(true);
      const inputSchema = schemaOf(file.replace(/\.vectors\.json$/, ".input.schema.json"));
      for (const vector of vectors.vectors) {
        expect(inputSchema(vector.input), `${vector.id}: ${JSON.stringify(inputSchema.errors)}`).toBe(true);
      }
    });
  }

  it("an input schema rejects what check() rejects: a missing required input, a value out of range", () => {
    const schema = schemaOf("ocs/4.3/overrun.input.schema.json");
    const good = read("ocs/4.3/overrun.vectors.json").vectors[0].input;
    expect(schema(good)).toBe(true);
    const { stack_mp_left: _, ...missing } = good;
    expect(schema(missing)).toBe(false);
    expect(schema({ ...good, stack_mp_left: -1 })).toBe(false);
    expect(schema({ ...good, entry_cost: "all" })).toBe(true);
    expect(schema({ ...good, terrain: "swamp" })).toBe(false);
  });
});
