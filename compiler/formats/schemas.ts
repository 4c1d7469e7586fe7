import { VECTORS_SCHEMA } from "../6-publish/vectors-schema.ts";
import { ENGINE_SCHEMA } from "./engine-schema.ts";
import { CORPUS_INDEX_SCHEMA, RULE_INDEX_SCHEMA } from "./rule-index-schema.ts";
import { TRACE_SCHEMA } from "./trace-schema.ts";
import { WIRE_SCHEMA } from "./wire-schema.ts";

/** The JSON Schema of each format of generated/, by the file it is published as at generated/'s top. */
export const FORMAT_SCHEMAS: readonly (readonly [string, object])[] = [
  ["engine.schema.json", ENGINE_SCHEMA],
  ["wire.schema.json", WIRE_SCHEMA],
  ["trace.schema.json", TRACE_SCHEMA],
  ["vectors.schema.json", VECTORS_SCHEMA],
  ["rule-index.schema.json", RULE_INDEX_SCHEMA],
  ["corpus-index.schema.json", CORPUS_INDEX_SCHEMA],
];
