/**
 * The formats of generated/ carry a version and a JSON Schema each (issue 28.1):
 * engine modules, wire values, resolutions with their trace, vectors, the rule
 * index and the corpus index. Every file of generated/ and every answer of every
 * engine (for each worked example, and a distribution) is validated with Ajv against
 * the published schemas, and the schemas are shown to refuse what breaks the format.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { FORMAT_SCHEMAS } from "../../compiler/formats/schemas.ts";
import { readTree } from "../../compiler/generated-files.ts";
import { ENGINE_FORMATS, FORMATS } from "../../compiler/runtime/formats.ts";
import { generatedEngines, resolveVector } from "../support/engines.ts";
import { GENERATED } from "../support/repo.ts";

const files = [...readTree(GENERATED).keys()];
const read = (path: string) => JSON.parse(readFileSync(join(GENERATED, path), "utf8"));
const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
let validate: Record<string, ValidateFunction> = {};

beforeAll(() => {
  // The schemas as published in generated/, each compiled once (they refer to one another by $id).
  for (const [name] of FORMAT_SCHEMAS) ajv.addSchema(read(name));
  const get = (id: string) => ajv.getSchema(id)!;
  validate = {
    engine: get("https://hexlaw.dev/schemas/engine.schema.json"),
    wire: get("https://hexlaw.dev/schemas/wire.schema.json"),
    trace: get("https://hexlaw.dev/schemas/trace.schema.json"),
    distribution: get("https://hexlaw.dev/schemas/trace.schema.json#/$defs/distribution"),
    vectors: get("https://hexlaw.dev/schemas/vectors.schema.json"),
    ruleIndex: get("https://hexlaw.dev/schemas/rule-index.schema.json"),
    corpusIndex: get("https://hexlaw.dev/schemas/corpus-index.schema.json"),
  };
});

const valid = (name: string, value: unknown, what: string) => {
  const ok = validate[name](value);
  expect(ok, `${what}: ${JSON.stringify(validate[name].errors?.slice(0, 3))}`).toBe(true);
};

describe("the formats of generated/", () => {
  it("each has a version and a schema published at generated/'s top, which says its version", () => {
    expect(FORMAT_SCHEMAS.map(([name]) => name).sort()).toEqual(FORMAT_SCHEMAS.map(([name]) => name).filter((name) => files.includes(name)).sort());
    for (const [name, schema] of FORMAT_SCHEMAS) {
      expect(read(name)).toEqual(JSON.parse(JSON.stringify(schema)));
      expect(read(name).title, name).toMatch(/, format \d+$/);
    }
    expect(Object.keys(FORMATS).sort()).toEqual(["engine", "ruleIndex", "trace", "vectors", "wire"]);
  });

  it("the corpus index and every edition's rule index follow their schemas and carry their version", () => {
    const corpus = read("index.json");
    valid("corpusIndex", corpus, "index.json");
    expect(corpus.format).toBe(FORMATS.ruleIndex);
    const indexes = files.filter((file) => /^[^/]+\/[^/]+\/index\.json$/.test(file));
    expect(indexes.length).toBe(corpus.rulesets.flatMap((r: { editions: unknown[] }) => r.editions).length);
    for (const file of indexes) {
      valid("ruleIndex", read(file), file);
      expect(read(file).format, file).toBe(FORMATS.ruleIndex);
    }
  });

  it("every vector file follows its schema and carries its version", () => {
    const vectorFiles = files.filter((file) => file.endsWith(".vectors.json"));
    expect(vectorFiles.length).toBe(generatedEngines().length);
    for (const file of vectorFiles) {
      valid("vectors", read(file), file);
      expect(read(file).format, file).toBe(FORMATS.vectors);
    }
  });

  it("every engine's metadata and schema follow the engine schema, and its metadata gives the formats it speaks", async () => {
    for (const { name, load } of generatedEngines()) {
      const engine = await load();
      valid("engine", JSON.parse(JSON.stringify({ metadata: engine.metadata, schema: engine.schema })), name);
      expect(engine.metadata.formats, name).toEqual(ENGINE_FORMATS);
    }
  });

  it("every engine's answer to each of its worked examples follows the trace schema, its values the wire schema; its distribution too", async () => {
    let answers = 0;
    for (const { name, load, vectors } of generatedEngines()) {
      const engine = await load();
      for (const vector of vectors()) {
        const resolution = JSON.parse(JSON.stringify(resolveVector(engine, vector)));
        valid("trace", resolution, `${name} ${vector.id}`);
        for (const value of Object.values(resolution.outputs)) valid("wire", value, `${name} ${vector.id}`);
        answers++;
      }
      const first = vectors().map((v) => engine.check(v.input)).find((c) => c.ok);
      if (first?.ok) valid("distribution", JSON.parse(JSON.stringify(engine.distribution(first.value))), `${name} distribution`);
    }
    expect(answers).toBeGreaterThan(0);
  });
});

describe("the schemas refuse what breaks a format", () => {
  it("an engine of another format, or without its formats", async () => {
    const [{ load }] = generatedEngines();
    const engine = await load();
    const data = JSON.parse(JSON.stringify({ metadata: engine.metadata, schema: engine.schema }));
    expect(validate.engine({ ...data, metadata: { ...data.metadata, formats: { ...data.metadata.formats, engine: FORMATS.engine + 1 } } })).toBe(false);
    const { formats: _, ...without } = data.metadata;
    expect(validate.engine({ ...data, metadata: without })).toBe(false);
    expect(validate.engine({ ...data, schema: { ...data.schema, inputs: [{ name: "x", label: "X", description: "", type: { kind: "dice" } }] } })).toBe(false);
  });

  it("a resolution without its trace, a step without its paragraph, a reason not known", () => {
    const resolution = { allowed: true, violations: [], outputs: { odds: "3:1" }, pending: {}, trace: [{ name: "odds", label: "Odds", kind: "let", value: "3:1", display: "3:1", paragraph: "9.7", quote: "" }] };
    expect(validate.trace(resolution)).toBe(true);
    const { trace: _, ...untraced } = resolution;
    expect(validate.trace(untraced)).toBe(false);
    const { paragraph: __, ...uncited } = resolution.trace[0];
    expect(validate.trace({ ...resolution, trace: [uncited] })).toBe(false);
    expect(validate.trace({ ...resolution, pending: { result: { kind: "later", message: "", paragraph: "9.9" } } })).toBe(false);
  });

  it("vectors and indexes of another version", () => {
    const [file] = files.filter((f) => f.endsWith(".vectors.json"));
    expect(validate.vectors({ ...read(file), format: FORMATS.vectors + 1 })).toBe(false);
    const { format: _, ...unversioned } = read("index.json");
    expect(validate.corpusIndex(unversioned)).toBe(false);
    const [index] = files.filter((f) => /^[^/]+\/[^/]+\/index\.json$/.test(f));
    expect(validate.ruleIndex({ ...read(index), format: "1" })).toBe(false);
  });
});
