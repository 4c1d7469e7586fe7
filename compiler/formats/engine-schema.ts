import { FORMATS } from "../runtime/formats.ts";
import { schemaId } from "./schema-id.ts";

const strings = { type: "array", items: { type: "string" } } as const;
const paragraph = { type: "string", description: "The id of a paragraph of the rules (\"8.1a\")." } as const;

/** A field of the form (an input, a record's field): its type as `SchemaType`. */
const FIELD = {
  type: "object",
  required: ["name", "label", "description", "type"],
  properties: {
    name: { type: "string" },
    label: { type: "string" },
    description: { type: "string" },
    paragraph,
    type: { $ref: "#/$defs/type" },
    default: { $ref: schemaId("wire") },
    optional: { type: "boolean", description: "May be left out (`| unknown`): what depends on it is then not known." },
  },
} as const;

/**
 * JSON Schema of what an engine module exports as data: `metadata` (what it is and
 * answers) and `schema` (its inputs and dice, for building a form). Its functions
 * (`check`, `checkDice`, `checkAssume`, `resolve`, `distribution`) are typed by the
 * module's declarations; what they return is the trace format.
 */
export const ENGINE_SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: schemaId("engine"),
  title: `Hexlaw engine modules, format ${FORMATS.engine}`,
  description:
    "The data an engine module exports: `{ metadata, schema }`. `metadata.formats` gives the versions of the formats the engine speaks. Functions: `check(value)` → `{ ok: true, value }` or `{ ok: false, errors: [{ path, message }] }` (never throws); `checkDice`, `checkAssume` likewise; `resolve(input, dice?, { assume?, also?, trace?, stepwise? })` → a resolution (trace.schema.json); `distribution(input)` → a distribution (trace.schema.json#/$defs/distribution).",
  type: "object",
  required: ["metadata", "schema"],
  properties: {
    metadata: {
      type: "object",
      required: ["ruleset", "rulesetTitle", "edition", "editionTitle", "supersedes", "procedure", "title", "paragraph", "sources", "outputs", "outcome", "summary", "decisive", "definitions", "formats"],
      properties: {
        ruleset: { type: "string" },
        rulesetTitle: { type: "string" },
        edition: { type: "string" },
        editionTitle: { type: "string" },
        supersedes: { type: ["string", "null"], description: "The edition this one replaces." },
        procedure: { type: "string" },
        title: { type: "string" },
        paragraph,
        sources: { ...strings, description: "The rule documents the engine is made from." },
        outputs: {
          type: "array",
          description: "What the procedure answers, in labelled groups (names as `resolve` gives them).",
          items: { type: "object", required: ["label", "names"], properties: { label: { type: "string" }, names: strings } },
        },
        outcome: { ...strings, description: "The outputs whose joint probabilities `distribution` gives." },
        summary: {
          type: "array",
          description: "The one-line ruling, part by part: outputs joined by text; `otherwise` when one of a part's values is none.",
          items: {
            type: "object",
            required: ["items"],
            properties: {
              items: {
                type: "array",
                items: {
                  oneOf: [
                    { type: "object", required: ["text"], properties: { text: { type: "string" } }, additionalProperties: false },
                    { type: "object", required: ["value"], properties: { value: { type: "string" }, signed: { const: true } }, additionalProperties: false },
                  ],
                },
              },
              otherwise: { type: "string" },
            },
          },
        },
        decisive: {
          type: "object",
          description: "What decides the ruling: the steps behind the summary and behind each check, and the inputs that can change either.",
          required: ["steps", "checks", "inputs"],
          properties: { steps: strings, checks: { type: "object", additionalProperties: strings }, inputs: strings },
        },
        definitions: {
          type: "object",
          description: "Each output's label, paragraph and quote; whether it is one value per unit, and whether it depends on dice.",
          additionalProperties: {
            type: "object",
            required: ["label", "paragraph", "quote", "perUnit", "random"],
            properties: { label: { type: "string" }, paragraph, quote: { type: "string" }, perUnit: { type: "boolean" }, random: { type: "boolean" } },
          },
        },
        formats: {
          type: "object",
          description: "The versions of the formats the engine speaks: this one, the wire form of its values, and its resolutions with their trace.",
          required: ["engine", "wire", "trace"],
          properties: { engine: { const: FORMATS.engine }, wire: { const: FORMATS.wire }, trace: { const: FORMATS.trace } },
        },
      },
    },
    schema: {
      type: "object",
      description: "Everything a form needs: labels, types, ranges, enum labels and the paragraph behind each input.",
      required: ["inputs", "records", "dice"],
      properties: {
        inputs: { type: "array", items: { $ref: "#/$defs/field" } },
        records: {
          type: "object",
          description: "The kinds of record (unit) the inputs use, by name.",
          additionalProperties: { type: "object", required: ["label", "fields"], properties: { label: { type: "string" }, fields: { type: "array", items: { $ref: "#/$defs/field" } } } },
        },
        dice: {
          type: "array",
          items: {
            type: "object",
            required: ["name", "label", "count", "sides", "paragraph"],
            properties: { name: { type: "string" }, label: { type: "string" }, count: { type: "integer", minimum: 1 }, sides: { type: "integer", minimum: 2 }, paragraph },
          },
        },
      },
    },
  },
  $defs: {
    field: FIELD,
    type: {
      oneOf: [
        {
          type: "object",
          required: ["kind"],
          properties: {
            kind: { enum: ["number", "integer"] },
            min: { type: "number" },
            max: { type: "number" },
            minExclusive: { const: true, description: "`min` itself is not allowed (`> 0`)." },
            maxExclusive: { const: true, description: "`max` itself is not allowed (`< 10`)." },
            orAll: { type: "boolean" },
            orNone: { type: "boolean" },
          },
          additionalProperties: false,
        },
        { type: "object", required: ["kind"], properties: { kind: { enum: ["boolean", "text", "odds", "range"] }, orNone: { type: "boolean" } }, additionalProperties: false },
        {
          type: "object",
          required: ["kind", "name", "members"],
          properties: {
            kind: { const: "enum" },
            name: { type: "string" },
            members: { type: "array", items: { type: "object", required: ["name", "label"], properties: { name: { type: "string" }, label: { type: "string" } } } },
            orNone: { type: "boolean" },
          },
          additionalProperties: false,
        },
        {
          type: "object",
          required: ["kind", "of"],
          properties: { kind: { const: "list" }, of: { type: "string", description: "The record it is a list of." }, minItems: { type: "integer" }, maxItems: { type: "integer" } },
          additionalProperties: false,
        },
        { type: "object", required: ["kind", "name"], properties: { kind: { enum: ["record", "notation"] }, name: { type: "string" }, orNone: { type: "boolean" } }, additionalProperties: false },
      ],
    },
  },
} as const;
