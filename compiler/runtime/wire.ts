/** Values in wire form (plain JSON) and in words, and back from wire form to the values engines compute with. */

import { exact, formatNumber, toNumber, type Num } from "./numbers.ts";
import { Stop } from "./stop.ts";
import { oddsText, parseOdds, parseRange, type Odds, type Range, type Wire } from "./values.ts";
import type { TraceStep } from "./resolution.ts";

/** Enough of a type to turn a value into wire form and into words. */
export type TypeTag =
  | { readonly t: "number" | "integer" | "boolean" | "text" | "odds" | "range" | "notation" }
  | { readonly t: "enum"; readonly labels: Readonly<Record<string, string>> }
  | { readonly t: "list"; readonly of?: TypeTag }
  | { readonly t: "record" };

export function toWire(value: unknown, tag: TypeTag): Wire {
  if (value === null || value === undefined) return null;
  switch (tag.t) {
    case "odds":
    case "range":
      return wireAs[tag.t](value);
    case "number":
    case "integer":
      return wireAs.number(value);
    case "list":
      // A copy: an input's list is the engine's own (see `admitInput`), never handed out; its records are frozen.
      return tag.of ? (value as unknown[]).map((v) => toWire(v, tag.of!)) : wireAs.list(value);
    default:
      return value as Wire;
  }
}

/**
 * A wire value in words ("3:1", "Ae3 DL2o2DG", "yes", "All"), for a value no trace step displays.
 * @category Wire values
 */
export function wireText(value: Wire | undefined): string {
  if (value === undefined) return "—";
  if (value === null) return "none";
  if (value === true) return "yes";
  if (value === false) return "no";
  if (typeof value === "number") return Number.isFinite(value) ? formatNumber(value) : "—";
  if (typeof value === "string") return value === "all" ? "All" : value.replace(/_/g, " ");
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.map(wireText).join(", ");
  if (typeof value.text === "string") return value.text;
  if ("pending" in value) return value.pending === "unknown" ? "unknown (consult the printed chart)" : String(value.message || value.pending);
  // A distribution: each outcome (its key is the outcome as JSON) with its value.
  return Object.entries(value).map(([key, v]) => `${outcomeText(key)}: ${wireText(v as Wire)}`).join("; ");
}

function outcomeText(key: string): string {
  try {
    const outcome = JSON.parse(key) as Record<string, Wire>;
    return Object.entries(outcome).map(([name, value]) => `${name.replace(/_/g, " ")} ${wireText(value)}`).join(", ");
  } catch {
    return key;
  }
}

/**
 * An output as its trace displays it ("3:1", "Open"; a per-unit output unit by unit), if the trace has it.
 * @category Resolutions and traces
 */
export function tracedText(trace: readonly TraceStep[], name: string): string | undefined {
  const steps = trace.filter((s) => s.name === name && s.kind === "let");
  if (steps.length > 0 && steps.every((s) => s.item !== undefined)) return steps.map((s) => s.display).join(", ");
  return steps.findLast((s) => s.item === undefined)?.display;
}

/**
 * The paragraph that decided an output: its last whole-value trace step's (an exception's own paragraph when one applied), if the trace has it.
 * @category Resolutions and traces
 */
export function tracedParagraph(trace: readonly TraceStep[], name: string): string | undefined {
  return trace.findLast((s) => s.name === name && s.item === undefined)?.paragraph;
}

export function display(value: unknown, tag: TypeTag): string {
  if (value === null || value === undefined) return "none";
  switch (tag.t) {
    case "odds":
      return oddsText(value as Odds);
    case "range":
      return (value as Range).text;
    case "number":
    case "integer":
      return value === Infinity ? "All" : formatNumber(value as Num);
    case "boolean":
      return value ? "yes" : "no";
    case "enum":
      return tag.labels[value as string] ?? String(value);
    case "notation":
      return String((value as { text: string }).text);
    case "list": {
      const items = value as unknown[];
      if (!tag.of || tag.of.t === "record") return `${items.length} item${items.length === 1 ? "" : "s"}`;
      return items.map((v) => display(v, tag.of!)).join(", ");
    }
    default:
      return typeof value === "object" ? JSON.stringify(value) : String(value);
  }
}

/** Wire converters the compiler picks per output type. */
export const wireAs = {
  plain: (value: unknown): Wire => value as Wire,
  /** A list of values already JSON (records, results), copied: the list may be an input's, which is the engine's own. */
  list: (value: unknown): Wire => (value === null ? null : (value as Wire[]).slice()),
  /** Exact numbers become JSON numbers (1/3 as 0.333…); the TEC's "All" is "all". */
  number: (value: unknown): Wire => (value === null ? null : value === Infinity ? "all" : toNumber(value as Num)),
  odds: (value: unknown): Wire => (value === null ? null : oddsText(value as Odds)),
  range: (value: unknown): Wire => (value === null ? null : (value as Range).text),
} as const;

/** A list in wire form, item by item (a per-unit output of odds or exact numbers). */
export function wireEach(values: readonly unknown[], convert: (value: unknown) => Wire): Wire[] {
  const out: Wire[] = new Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = convert(values[i]);
  return out;
}

/** A JSON number as the exact number it was written as (0.7 is 7/10); "all" is ∞. */
export function numberIn(value: unknown): Num {
  // Only a number is a safe integer: the usual case in a function small enough to inline.
  return Number.isSafeInteger(value) ? (value as number) : exactIn(value);
}

/** `numberIn` of anything but a safe integer. */
function exactIn(value: unknown): Num {
  if (value === "all") return Infinity;
  if (value === null) return null as unknown as Num;
  const n = typeof value === "number" ? exact(value) : null;
  if (n === null) throw new Stop("undefined", `${String(value)} cannot be computed with exactly`, "");
  return n;
}

export function oddsIn(value: unknown): Odds | null {
  return value === null ? null : parseOdds(value as string);
}

export function rangeIn(value: unknown): Range | null {
  return value === null ? null : parseRange(value as string);
}
