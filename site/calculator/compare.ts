// Two editions' engines of one procedure on the same situation: one form for the
// inputs of both, each engine given only the inputs its own schema declares, and
// the answers that differ. Nothing here knows any particular procedure.
import type { EngineSchema, FieldSchema, Resolution, Wire } from "../../compiler/runtime/runtime.ts";
import { sameValue } from "#generated/runtime/runtime.ts";

/** The side of a comparison a field belongs to, when only one edition has it. */
interface OnlyIn {
  /** The edition's short name (`later`) */
  edition: string;
  /** Link to the paragraph behind the field, in that edition */
  href?: string;
}

export type ComparedField = FieldSchema & { only?: OnlyIn };

interface SchemaSide {
  schema: EngineSchema;
  /** The edition's short name (`later`), for "only in later". */
  edition: string;
  links: Record<string, string>;
}

/**
 * The inputs of two engines as one schema: every field once, in the first engine's
 * order and with its labels where both have it, the second's own fields after; a
 * field only one edition has says so.
 */
export function unionSchema(a: SchemaSide, b: SchemaSide): EngineSchema {
  const mark = (side: SchemaSide) => (f: FieldSchema): ComparedField => ({ ...f, only: { edition: side.edition, href: side.links[f.paragraph ?? ""] } });
  const merge = (x: readonly FieldSchema[], y: readonly FieldSchema[]): FieldSchema[] => {
    const inX = new Set(x.map((f) => f.name));
    const inY = new Set(y.map((f) => f.name));
    return [...x.map((f) => (inY.has(f.name) ? f : mark(a)(f))), ...y.filter((f) => !inX.has(f.name)).map(mark(b))];
  };
  const records: Record<string, EngineSchema["records"][string]> = { ...b.schema.records, ...a.schema.records };
  for (const name of Object.keys(records)) {
    const x = a.schema.records[name];
    const y = b.schema.records[name];
    if (x && y) records[name] = { label: x.label, fields: merge(x.fields, y.fields) };
  }
  const diceX = new Set(a.schema.dice.map((d) => d.name));
  const diceY = new Set(b.schema.dice.map((d) => d.name));
  return {
    ...a.schema,
    inputs: merge(a.schema.inputs, b.schema.inputs),
    records,
    dice: [...a.schema.dice.map((d) => (diceY.has(d.name) ? d : { ...d, only: { edition: a.edition } })), ...b.schema.dice.filter((d) => !diceX.has(d.name)).map((d) => ({ ...d, only: { edition: b.edition } }))],
  };
}

/** The dice an engine declares, of those given. */
export function diceFor(schema: EngineSchema, dice: Record<string, string | number>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(dice).filter(([name]) => schema.dice.some((d) => d.name === name)));
}

/** What two resolutions of the same situation answer differently: `allowed`, and each output both give. */
export function differingAnswers(a: Resolution<Record<string, Wire>>, b: Resolution<Record<string, Wire>>): Set<string> {
  const differs = new Set<string>();
  if (a.allowed !== b.allowed) differs.add("allowed");
  const x = a.outputs as Record<string, Wire>;
  const y = b.outputs as Record<string, Wire>;
  for (const name of Object.keys(x)) if (name in y && !sameValue(x[name], y[name])) differs.add(name);
  return differs;
}
