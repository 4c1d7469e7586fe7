import { FORMATS } from "../runtime/formats.ts";

/** JSON Schema of the vector files, so that tools in other languages can replay them. */
export const VECTORS_SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://hexlaw.dev/schemas/vectors.schema.json",
  title: `Hexlaw test vectors, format ${FORMATS.vectors}`,
  description:
    "Worked examples of a rulebook as test cases for one procedure's engine. To replay a vector: validate `input` against the procedure's input schema, resolve it with `dice`, fixing each definition named in `assume` to its value, then compare each output named in `expect.outputs`. Values are JSON: odds as \"3:1\", a cost of All as \"all\", none as null, chart results as objects whose fields are compared and whose `text` is how the chart prints them. A vector with `disputed` set is an example the rulebook gets wrong: `expect` is what the book says, `actual` what its rules produce.",
  type: "object",
  required: ["format", "ruleset", "edition", "procedure", "vectors"],
  properties: {
    $schema: { type: "string" },
    format: { const: FORMATS.vectors, description: "The version of this format." },
    ruleset: { type: "string" },
    edition: { type: "string" },
    procedure: { type: "string" },
    vectors: {
      type: "array",
      items: {
        type: "object",
        required: ["id", "title", "paragraph", "source", "disputed", "input", "dice", "assume", "expect"],
        additionalProperties: false,
        properties: {
          id: { type: "string", description: "Stable id: the paragraph and the example's title." },
          title: { type: "string" },
          paragraph: { type: "string", description: "The paragraph whose example this is." },
          source: {
            type: "object",
            required: ["file", "line", "column"],
            properties: { file: { type: "string" }, line: { type: "integer" }, column: { type: "integer" } },
          },
          disputed: { type: ["string", "null"], description: "Why the rulebook's example contradicts its rule, or null." },
          input: { type: "object", description: "Every input of the procedure, defaults filled in." },
          dice: { type: "object", additionalProperties: { type: "integer" }, description: "Rolled totals by die name." },
          assume: { type: "object", description: "Definitions fixed to the values the example states." },
          expect: {
            type: "object",
            required: ["outputs"],
            properties: {
              allowed: { type: "boolean", description: "Whether the action is allowed (no requirement violated)." },
              violated: { type: "array", items: { type: "string" }, description: "Requirements the example says are violated." },
              outputs: { type: "object", description: "Expected values of definitions, by name." },
            },
          },
          actual: { type: "object", description: "For disputed vectors: the values the rules produce." },
        },
      },
    },
  },
} as const;
