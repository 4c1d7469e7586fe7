import type { EngineModule, EngineSchema, FieldSchema, Resolution, SchemaType, TraceStep, Wire } from "../runtime/runtime.ts";
import { declaredDice, declaredInput, sameValue } from "../runtime/runtime.ts";
import type { Vector } from "./vector.ts";

/** A formal change between two editions (found by diff/diff-formal.ts): the paragraphs a difference in behaviour is traced to. */
export interface FormalChange {
  kind: "added" | "removed" | "changed";
  /** input, definition, requirement, dice, table, procedure, example, type */
  what: string;
  name: string;
  from?: { paragraph: string; source: string };
  to?: { paragraph: string; source: string };
}

/** Answers on which two editions' engines of a procedure differ, with examples. */
export interface BehaviourDifference {
  procedure: string;
  /** What differs: `allowed`, `violations`, an output's name, or `distribution of <output>`. */
  answer: string;
  count: number;
  examples: { input: Record<string, Wire>; dice?: Record<string, number>; from: Wire; to: Wire }[];
  /** Paragraphs on the two traces whose definitions differ between the editions. */
  paragraphs: { from: string[]; to: string[] };
}

/** Two editions' engines of a procedure run on the same inputs (what `hexlaw diff` and `hexlaw mutate` report). */
export interface ProcedureComparison {
  procedure: string;
  status: "compared" | "only-in-from" | "only-in-to";
  inputs: { vectors: number; boundary: number; random: number; rejected: number };
  differences: BehaviourDifference[];
}

/** What behaviour comparison needs of a generated engine. */
export interface Side {
  engine: EngineModule;
  vectors: Vector[];
}

interface Sample {
  input: Record<string, Wire>;
  dice?: Record<string, number>;
}

/** A deterministic pseudo-random generator (mulberry32), so a seed reproduces a report. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The inputs of both engines, by name (the newer edition's description where both have one). */
function unionFields(a: EngineSchema, b: EngineSchema): { fields: FieldSchema[]; records: EngineSchema["records"] } {
  const fields = new Map<string, FieldSchema>();
  for (const field of [...a.inputs, ...b.inputs]) fields.set(field.name, field);
  return { fields: [...fields.values()], records: { ...a.records, ...b.records } };
}

/** The values worth trying for a scalar type: the ends and middle of a range, every enum member, … */
function candidates(type: SchemaType): Wire[] {
  switch (type.kind) {
    case "number":
    case "integer": {
      const { low, high = Math.max(low + 12, 12) } = sampleRange(type);
      const values: Wire[] = [low, high, Math.round((low + high) / 2), Math.min(high, low + 1)];
      if (type.kind === "number") values.push(Math.min(high, low + 0.5));
      if (type.orAll) values.push("all");
      return [...new Set(values)];
    }
    case "boolean":
      return [false, true];
    case "odds":
      return ["1:1", "3:1", "1:2"];
    case "enum":
      return type.members.map((m) => m.name);
    case "text":
      return [""];
    case "range":
      return ["1"];
    default:
      return [null];
  }
}

/**
 * A value of any type: `pick` chooses among each scalar's candidates (first, last,
 * or at random); `scalar`, if given, makes the scalars instead.
 */
function valueOf(type: SchemaType, records: EngineSchema["records"], pick: (values: Wire[]) => Wire, scalar?: (type: SchemaType) => Wire): Wire {
  const make = (t: SchemaType) => (scalar && t.kind !== "list" && t.kind !== "record" ? scalar(t) : valueOf(t, records, pick, scalar));
  if (type.kind === "list") {
    const fields = records[type.of].fields;
    const count = pick([type.minItems ?? 1, Math.min(type.maxItems ?? 3, (type.minItems ?? 1) + 2)]) as number;
    return Array.from({ length: count }, () => Object.fromEntries(fields.map((f) => [f.name, make(f.type)])));
  }
  if (type.kind === "record") {
    return Object.fromEntries(records[type.name].fields.map((f) => [f.name, make(f.type)]));
  }
  return pick(candidates(type));
}

/**
 * Inputs for comparing two engines: every vector of both editions; each input at
 * every candidate value (the others at their defaults); and a seeded random sample.
 * Each engine is given only the fields it declares.
 */
function samples(a: Side, b: Side, count: number, seed: number): { vectors: Sample[]; boundary: Sample[]; random: Sample[] } {
  const { fields, records } = unionFields(a.engine.schema, b.engine.schema);
  const first = (values: Wire[]) => values[0];
  const last = (values: Wire[]) => values[values.length - 1];
  const base: Record<string, Wire> = Object.fromEntries(fields.map((f) => [f.name, f.default ?? valueOf(f.type, records, first)]));
  const boundary: Sample[] = fields.flatMap((field) => {
    const values = field.type.kind === "list" || field.type.kind === "record" ? [valueOf(field.type, records, last)] : candidates(field.type);
    return values.map((value) => ({ input: { ...base, [field.name]: value } }));
  });
  const next = random(seed);
  const pickRandom = (values: Wire[]) => values[Math.floor(next() * values.length)];
  const randomValue = (type: SchemaType): Wire => {
    if (type.kind !== "number" && type.kind !== "integer") return valueOf(type, records, pickRandom, randomValue);
    if (type.orAll && next() < 0.1) return "all";
    // Anywhere in the range, not only at its ends: a threshold can sit at any value.
    const { low, high = low + 20 } = sampleRange(type);
    const steps = type.kind === "integer" ? high - low : (high - low) * 4;
    const step = Math.floor(next() * (steps + 1));
    return type.kind === "integer" ? low + step : low + step / 4;
  };
  const randomSamples: Sample[] = Array.from({ length: count }, () => ({
    input: Object.fromEntries(fields.map((f) => [f.name, randomValue(f.type)])),
  }));
  const vectors = [...a.vectors, ...b.vectors].map((v) => ({ input: { ...base, ...v.input }, dice: v.dice }));
  return { vectors, boundary, random: randomSamples };
}

/** The answers of one engine for one input (allowed, violations, outputs, each outcome's exact chance), and its resolution. */
function answers(engine: EngineModule, input: unknown, dice?: Record<string, number>): { result: Resolution<Record<string, Wire>>; values: Map<string, Wire> } {
  const result = engine.resolve(input, declaredDice(engine.schema.dice, dice ?? {}));
  const values = new Map<string, Wire>();
  values.set("allowed", result.allowed);
  values.set("violations", result.violations.map((v) => v.name).sort());
  for (const [name, value] of Object.entries(result.outputs as Record<string, Wire>)) values.set(name, value);
  if (!dice && engine.schema.dice.length > 0 && result.allowed) {
    const d = engine.distribution(input);
    const chances: Record<string, Wire> = {};
    for (const outcome of d.outcomes) chances[JSON.stringify(outcome.value)] = `${outcome.ways}/${d.total}`;
    values.set("distribution", chances);
  }
  return { result, values };
}

/**
 * Runs both editions' engines of a procedure on the same inputs and groups the
 * answers that differ. Each group names the paragraphs, on the two traces, whose
 * definitions changed between the editions.
 */
export function diffBehaviour(procedure: string, a: Side | undefined, b: Side | undefined, formal: FormalChange[], count: number, seed: number): ProcedureComparison {
  const empty = { vectors: 0, boundary: 0, random: 0, rejected: 0 };
  if (!a || !b) return { procedure, status: a ? "only-in-from" : "only-in-to", inputs: empty, differences: [] };
  const { vectors, boundary, random: randomSamples } = samples(a, b, count, seed);
  const changed = new Set(formal.filter((c) => c.kind !== "added" || c.what !== "example").flatMap((c) => [c.name, c.name.split(".").at(-1)!]));
  const groups = new Map<string, BehaviourDifference>();
  const inputs = { vectors: vectors.length, boundary: boundary.length, random: randomSamples.length, rejected: 0 };

  for (const sample of [...vectors, ...boundary, ...randomSamples]) {
    const ca = a.engine.check(declaredInput(a.engine.schema, sample.input));
    const cb = b.engine.check(declaredInput(b.engine.schema, sample.input));
    if (!ca.ok || !cb.ok) {
      inputs.rejected++;
      continue;
    }
    const ra = answers(a.engine, ca.value, sample.dice);
    const rb = answers(b.engine, cb.value, sample.dice);
    for (const [answer, x] of ra.values) {
      if (!rb.values.has(answer)) continue;
      const y = rb.values.get(answer)!;
      if (sameValue(x, y)) continue;
      const group = groups.get(answer) ?? { procedure, answer, count: 0, examples: [], paragraphs: { from: [], to: [] } };
      groups.set(answer, group);
      group.count++;
      const shown = JSON.stringify(sample.input) + JSON.stringify(sample.dice ?? {});
      if (group.examples.length < 3 && !group.examples.some((e) => JSON.stringify(e.input) + JSON.stringify(e.dice ?? {}) === shown)) {
        const dice = sample.dice && Object.keys(sample.dice).length > 0 ? { dice: sample.dice } : {};
        group.examples.push({ input: sample.input, ...dice, from: x, to: y });
      }
      // The trace is made only here, where an answer differs.
      const cited = (trace: TraceStep[]) => trace.filter((t) => changed.has(t.name)).map((t) => t.paragraph);
      group.paragraphs.from = [...new Set([...group.paragraphs.from, ...cited(ra.result.trace)])].sort();
      group.paragraphs.to = [...new Set([...group.paragraphs.to, ...cited(rb.result.trace)])].sort();
    }
  }
  return { procedure, status: "compared", inputs, differences: [...groups.values()] };
}

/** The least and greatest values a number may take: its bounds, a strict one moved inside by the step samples take (1, or ¼ for numbers). */
function sampleRange(type: Extract<SchemaType, { kind: "number" | "integer" }>): { low: number; high?: number } {
  const step = type.kind === "integer" ? 1 : 1 / 4;
  const low = type.min === undefined ? 0 : type.minExclusive ? type.min + step : type.min;
  return { low, high: type.max === undefined ? undefined : type.maxExclusive ? type.max - step : type.max };
}
