import { FORMATS } from "../runtime/formats.ts";
import { schemaId } from "./schema-id.ts";

/** JSON Schema of a value in wire form: how every input, output and trace value crosses an engine's boundary. */
export const WIRE_SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: schemaId("wire"),
  title: `Hexlaw wire values, format ${FORMATS.wire}`,
  description:
    "A value as an engine takes and gives it: plain JSON. A number is a JSON number (exact inside the engine; a third comes out as 0.333…); the TEC's All is \"all\"; none is null; odds are \"3:1\" (\"3.5:1\", \"1:2\"); a range is its chart text (\"9 or more\", \"3-5\"); an enum value is its member's name; a record is an object of its fields; a list is an array; a chart result read by a notation is an object of its fields with `text`, as the chart prints it. The engine module's `metadata.formats.wire` gives this version.",
  $ref: "#/$defs/value",
  $defs: {
    value: {
      anyOf: [
        { type: "null", description: "none: the value does not apply." },
        { type: "boolean" },
        { type: "number" },
        { $ref: "#/$defs/text" },
        { type: "array", items: { $ref: "#/$defs/value" } },
        { $ref: "#/$defs/notation" },
        { type: "object", description: "A record: one value per field.", additionalProperties: { $ref: "#/$defs/value" } },
      ],
    },
    text: {
      type: "string",
      description: "\"all\" (the TEC's All), odds (\"3:1\"), a range (\"9 or more\"), an enum member's name, or text.",
    },
    notation: {
      type: "object",
      description: "A chart result read by its notation: its fields, and `text` as the chart prints it (\"Ae3 DL2o2DG\").",
      required: ["text"],
      properties: { text: { type: "string" } },
      additionalProperties: { $ref: "#/$defs/value" },
    },
  },
} as const;
