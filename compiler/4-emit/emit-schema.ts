import type { FieldInfo, Type } from "../language/types.ts";
import type { FieldSchema, SchemaType } from "../runtime/runtime.ts";
import type { InputModel, ProcedureModel } from "../3-check/types.ts";

/** The schema a form is built from: inputs, the records their lists hold, the dice. */
export function engineSchema(procedure: ProcedureModel) {
  const records: Record<string, { label: string; fields: FieldSchema[] }> = {};
  const collect = (type: Type) => {
    if (type.kind === "list") collect(type.of);
    if (type.kind !== "record" || records[type.info.name]) return;
    records[type.info.name] = { label: type.info.label, fields: type.info.fields.map((f) => fieldSchema(f)) };
    type.info.fields.forEach((f) => collect(f.type));
  };
  procedure.inputs.forEach((i) => collect(i.type));
  return {
    inputs: procedure.inputs.map(inputSchema),
    records,
    dice: procedure.dice.map((d) => ({ name: d.name, label: d.label, count: d.count, sides: d.sides, paragraph: d.citation.paragraph })),
  };
}

function inputSchema(input: InputModel): FieldSchema {
  return fieldSchema(input, input.citation.paragraph);
}

/** A record field, or an input with the paragraph it is cited from. */
export function fieldSchema(field: FieldInfo | InputModel, paragraph?: string): FieldSchema {
  return {
    name: field.name,
    label: field.label,
    description: field.description,
    ...(paragraph !== undefined ? { paragraph } : {}),
    type: schemaType(field.type),
    ...(field.defaultValue !== undefined ? { default: field.defaultValue as FieldSchema["default"] } : {}),
    ...(field.type.orUnknown ? { optional: true } : {}),
  };
}

function schemaType(type: Type): SchemaType {
  const orNone = type.orNone ? { orNone: true } : {};
  switch (type.kind) {
    case "number":
    case "integer":
      return {
        kind: type.kind,
        ...(type.min !== undefined ? { min: type.min, ...(type.minExclusive ? { minExclusive: true } : {}) } : {}),
        ...(type.max !== undefined ? { max: type.max, ...(type.maxExclusive ? { maxExclusive: true } : {}) } : {}),
        ...(type.orAll ? { orAll: true } : {}),
        ...orNone,
      };
    case "enum":
      return { kind: "enum", name: type.info.name, members: type.info.members, ...orNone };
    case "list":
      return { kind: "list", of: type.of.kind === "record" ? type.of.info.name : "", ...(type.minItems !== undefined ? { minItems: type.minItems } : {}), ...(type.maxItems !== undefined ? { maxItems: type.maxItems } : {}) };
    case "record":
      return { kind: "record", name: type.info.name, ...orNone };
    case "notation":
      return { kind: "notation", name: type.info.name, ...orNone };
    case "boolean":
    case "text":
    case "odds":
    case "range":
      return { kind: type.kind, ...orNone };
    default:
      return { kind: "text" };
  }
}

export type JsonSchema = Record<string, unknown>;

/** The same inputs as standard JSON Schema (draft 2020-12), for tools in other languages. */
export function jsonSchema(procedure: ProcedureModel, id: string, title: string): JsonSchema {
  const defs: Record<string, JsonSchema> = {};
  const typeSchema = (type: Type, description?: string): JsonSchema => {
    let schema: JsonSchema;
    switch (type.kind) {
      case "number":
      case "integer": {
        schema = {
          type: type.kind,
          ...(type.min !== undefined ? { [type.minExclusive ? "exclusiveMinimum" : "minimum"]: type.min } : {}),
          ...(type.max !== undefined ? { [type.maxExclusive ? "exclusiveMaximum" : "maximum"]: type.max } : {}),
        };
        if (type.orAll) schema = { anyOf: [schema, { const: "all" }] };
        break;
      }
      case "boolean":
        schema = { type: "boolean" };
        break;
      case "text":
        schema = { type: "string" };
        break;
      case "odds":
        schema = { type: "string", pattern: "^\\d+(\\.\\d+)?:\\d+(\\.\\d+)?$" };
        break;
      case "range":
        schema = { type: "string" };
        break;
      case "enum":
        schema = { enum: type.info.members.map((m) => m.name), "x-labels": Object.fromEntries(type.info.members.map((m) => [m.name, m.label])) };
        break;
      case "list":
        schema = { type: "array", items: typeSchema(type.of), ...(type.minItems !== undefined ? { minItems: type.minItems } : {}), ...(type.maxItems !== undefined ? { maxItems: type.maxItems } : {}) };
        break;
      case "record": {
        const info = type.info;
        if (!defs[info.name]) {
          defs[info.name] = {};
          defs[info.name] = objectSchema(info.label, info.fields.map((f) => ({ name: f.name, type: f.type, description: f.description || f.label, defaultValue: f.defaultValue })));
        }
        schema = { $ref: `#/$defs/${info.name}` };
        break;
      }
      case "notation":
        schema = { type: "object", required: ["text"], properties: { text: { type: "string" } } };
        break;
      default:
        schema = {};
    }
    if (type.orNone) schema = { anyOf: [schema, { type: "null" }] };
    return description ? { ...schema, description } : schema;
  };
  const objectSchema = (label: string, fields: { name: string; type: Type; description: string; defaultValue?: unknown }[]): JsonSchema => ({
    type: "object",
    title: label,
    properties: Object.fromEntries(fields.map((f) => [f.name, { ...typeSchema(f.type.orUnknown ? { ...f.type, orNone: true } : f.type, f.description), ...(f.defaultValue !== undefined ? { default: f.defaultValue } : {}) }])),
    required: fields.filter((f) => f.defaultValue === undefined && !f.type.orUnknown).map((f) => f.name),
    additionalProperties: false,
  });
  const root = objectSchema(
    title,
    procedure.inputs.map((i) => ({ name: i.name, type: i.type, description: `${i.label}${i.description ? ` — ${i.description}` : ""} (${i.citation.paragraph})`, defaultValue: i.defaultValue })),
  );
  return { $schema: "https://json-schema.org/draft/2020-12/schema", $id: id, ...root, ...(Object.keys(defs).length > 0 ? { $defs: defs } : {}) };
}
