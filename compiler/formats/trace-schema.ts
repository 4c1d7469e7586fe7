import { FORMATS } from "../runtime/formats.ts";
import { schemaId } from "./schema-id.ts";

const wire = { $ref: schemaId("wire") } as const;
const paragraph = { type: "string", description: "The id of the paragraph of the rules it comes from (\"9.7a\")." } as const;

/**
 * JSON Schema of what an engine answers: a resolution (`resolve`) with its trace, each
 * step cited to its paragraph, and a distribution (`distribution`, `$defs.distribution`).
 */
export const TRACE_SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: schemaId("trace"),
  title: `Hexlaw resolutions and their trace, format ${FORMATS.trace}`,
  description:
    "What an engine's `resolve(input, dice)` returns: whether the action is allowed, the requirements it violates, every output it could compute (in wire form), why each other output has no value, and the trace: every step with its value and the paragraph and words of the rules it comes from. `$defs.distribution` is what `distribution(input)` returns. The engine module's `metadata.formats.trace` gives this version.",
  $ref: "#/$defs/resolution",
  $defs: {
    resolution: {
      type: "object",
      required: ["allowed", "violations", "outputs", "pending", "trace"],
      properties: {
        allowed: { type: "boolean", description: "False when a requirement is violated: the action is not allowed." },
        violations: { type: "array", items: { $ref: "#/$defs/violation" } },
        outputs: { type: "object", description: "Each output computed, by name (`list.name` for one value per unit, an array).", additionalProperties: wire },
        pending: { type: "object", description: "Each output not computed, by name, and why.", additionalProperties: { $ref: "#/$defs/pending" } },
        trace: { type: "array", items: { $ref: "#/$defs/step" } },
      },
    },
    violation: {
      type: "object",
      required: ["name", "message", "paragraph"],
      properties: { name: { type: "string" }, message: { type: "string" }, paragraph },
    },
    pending: {
      type: "object",
      required: ["kind", "message", "paragraph"],
      properties: {
        kind: {
          enum: ["dice", "unknown", "undefined", "refused"],
          description: "dice: a die not rolled yet (`die`); unknown: a chart cell or input not known; undefined: a value the rules leave undefined (0:0 odds, too large to compute exactly); refused: the action is not allowed (`requirement`).",
        },
        message: { type: "string" },
        paragraph,
        die: { type: "string" },
        requirement: { type: "string" },
      },
    },
    step: {
      type: "object",
      required: ["name", "label", "kind", "value", "display", "paragraph", "quote"],
      properties: {
        name: { type: "string" },
        label: { type: "string" },
        kind: { enum: ["input", "dice", "let", "check"] },
        item: { type: "integer", minimum: 0, description: "For a step of one unit of a list: its position, from 0." },
        value: wire,
        display: { type: "string", description: "The value in words: \"3:1\", \"Open\", \"yes\"." },
        paragraph,
        quote: { type: "string", description: "The words of the paragraph the step formalizes (empty when it quotes none)." },
      },
    },
    distribution: {
      type: "object",
      required: ["allowed", "violations", "total", "outcomes", "marginals"],
      properties: {
        allowed: { type: "boolean" },
        violations: { type: "array", items: { $ref: "#/$defs/violation" } },
        total: { type: "integer", minimum: 1, description: "Equally likely dice combinations in all: every `ways` is out of it." },
        outcomes: {
          type: "array",
          description: "The joint distribution of the procedure's outcome outputs.",
          items: {
            type: "object",
            required: ["value", "ways", "p"],
            properties: { value: { type: "object", additionalProperties: wire }, ways: { type: "integer", minimum: 0 }, p: { type: "number", minimum: 0, maximum: 1 } },
          },
        },
        marginals: {
          type: "object",
          description: "The distribution of each output that depends on dice, by name.",
          additionalProperties: {
            type: "array",
            items: {
              type: "object",
              required: ["value", "display", "ways", "p"],
              properties: { value: wire, display: { type: "string" }, ways: { type: "integer", minimum: 0 }, p: { type: "number", minimum: 0, maximum: 1 } },
            },
          },
        },
      },
    },
  },
} as const;
