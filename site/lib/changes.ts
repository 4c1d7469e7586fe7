// What a changes page shows of a report's behaviour comparison: the situations the
// report gives as examples, each with every answer that differs there, and both
// editions' engines run on it so each answer reads as the calculator would say it.
import { declaredInput, tracedText, wireText, type EngineSchema, type FieldSchema, type Resolution, type Wire } from "../../compiler/runtime/runtime.ts";
import type { ProcedureComparison } from "../../compiler/diff/types.ts";
import { diceFor, unionSchema, type ComparedField } from "../calculator/compare.ts";
import { stateOfVector, writeUrl } from "../calculator/state.ts";
import { calculatorConfig } from "../../compiler/markdown/rulebook-context.ts";
import { calculatorPath, type RuleIndex } from "./corpus.ts";
import { base } from "./base.ts";
import type { Engine } from "./engines.ts";

export interface Situation {
  input: Record<string, Wire>;
  dice?: Record<string, number>;
  /** The answers that differ in this situation, as the report gives them. */
  answers: { answer: string; from: Wire; to: Wire }[];
}

/** The report's example situations of a procedure, once each, with every answer that differs in each. */
export function situationsOf(comparison: ProcedureComparison): Situation[] {
  const situations = new Map<string, Situation>();
  for (const difference of comparison.differences) {
    for (const example of difference.examples) {
      const key = JSON.stringify(example.input) + JSON.stringify(example.dice ?? {});
      const situation = situations.get(key) ?? { input: example.input, ...(example.dice ? { dice: example.dice } : {}), answers: [] };
      situations.set(key, situation);
      situation.answers.push({ answer: difference.answer, from: example.from, to: example.to });
    }
  }
  return [...situations.values()];
}

/** An answer as a reader names it: the procedure's label for an output, or what `allowed`, `violations` and the distribution are. */
export function answerLabel(indexes: RuleIndex[], procedure: string, answer: string): string {
  if (answer === "allowed") return "Allowed";
  if (answer === "violations") return "Requirements not met";
  if (answer === "distribution") return "Chance of each outcome";
  for (const index of indexes) {
    const label = index.procedures.find((p) => p.name === procedure)?.labels[answer]?.label;
    if (label) return label;
  }
  return answer.replace(/_/g, " ");
}

export interface EditionAnswer {
  /** Why the engine could not take the situation, when it could not. */
  invalid: string[] | null;
  result: Resolution<Record<string, Wire>> | null;
}

/** One edition's engine on a situation: given only the inputs and dice it declares. */
export function answerOf(engine: Engine, situation: Situation): EditionAnswer {
  const checked = engine.check(declaredInput(engine.schema, situation.input));
  if (!checked.ok) return { invalid: checked.errors.map((e) => `${e.path}: ${e.message}`), result: null };
  const dice = engine.checkDice(diceFor(engine.schema, situation.dice ?? {}));
  if (!dice.ok) return { invalid: dice.errors.map((e) => `${e.path}: ${e.message}`), result: null };
  return { invalid: null, result: engine.resolve(checked.value, dice.value) };
}

/** What an edition answers, in words: as its trace displays it, else the report's value. */
export function answerText(answer: EditionAnswer | undefined, name: string, reported: Wire): string {
  const result = answer?.result;
  if (!result) return wireText(reported);
  if (name === "allowed") return result.allowed ? "Allowed" : "Not allowed";
  if (name === "violations") return result.violations.length === 0 ? "none" : result.violations.map((v) => v.message).join("; ");
  const traced = tracedText(result.trace, name);
  if (traced !== undefined && name in (result.outputs as Record<string, Wire>)) return traced;
  const pending = (result.pending as Record<string, { kind: string; message: string }>)[name];
  if (pending) return pending.kind === "dice" ? "depends on the dice" : pending.message;
  return wireText(reported);
}

export interface InputRow {
  label: string;
  value: string;
  only?: string;
}

export interface InputList {
  label: string;
  only?: string;
  /** Each unit of the list: its name (or its number) and its fields. */
  items: { title: string; fields: InputRow[] }[];
  noun: string;
}

/** A field's value in words: an enum member's label, yes/no, a number. */
function fieldText(field: FieldSchema, value: Wire | undefined): string {
  if (value === undefined) return field.default !== undefined ? fieldText(field, field.default) : "—";
  if (field.type.kind === "enum" && typeof value === "string") return field.type.members.find((m) => m.name === value)?.label ?? value;
  if (field.type.kind === "text" && value === "") return "—";
  return wireText(value);
}

/** A situation's inputs, labelled as the form labels them, each marked when only one edition has it. */
export function inputsOf(schema: EngineSchema, input: Record<string, Wire>): { scalars: InputRow[]; lists: InputList[] } {
  const only = (f: FieldSchema) => (f as ComparedField).only?.edition;
  const scalars: InputRow[] = [];
  const lists: InputList[] = [];
  for (const field of schema.inputs) {
    if (field.type.kind === "list") {
      const record = schema.records[field.type.of];
      const fields = record?.fields ?? [];
      const items = Array.isArray(input[field.name]) ? (input[field.name] as Record<string, Wire>[]) : [];
      const noun = record?.label ?? "Item";
      lists.push({
        label: field.label,
        only: only(field),
        noun,
        items: items.map((item, i) => ({
          title: typeof item?.name === "string" && item.name ? `${noun} ${i + 1}: ${item.name}` : `${noun} ${i + 1}`,
          fields: fields.filter((f) => f.name !== "name").map((f) => ({ label: f.label, value: fieldText(f, item?.[f.name]), only: only(f) })),
        })),
      });
    } else {
      scalars.push({ label: field.label, value: fieldText(field, input[field.name]), only: only(field) });
    }
  }
  return { scalars, lists };
}

/** Both editions' inputs as one schema, as the side-by-side calculator builds it. */
export function comparedSchema(to: { index: RuleIndex; engine: Engine }, from: { index: RuleIndex; engine: Engine }, procedure: string): EngineSchema {
  return unionSchema(
    { schema: to.engine.schema, edition: to.index.edition.id, links: calculatorConfig(to.index, procedure, base)?.links ?? {} },
    { schema: from.engine.schema, edition: from.index.edition.id, links: calculatorConfig(from.index, procedure, base)?.links ?? {} },
  );
}

/** The newer edition's calculator with the situation filled in, comparing with the older edition. */
export function calculatorLink(to: RuleIndex, from: RuleIndex, procedure: string, schema: EngineSchema, situation: Situation): string {
  const state = stateOfVector(schema, { id: "", input: situation.input, dice: situation.dice ?? {}, assume: {} });
  const url = writeUrl(schema, state, "", new URL(calculatorPath(to, procedure), "http://site"));
  url.searchParams.set("compare", from.edition.id);
  return `${url.pathname}${url.search}`;
}
