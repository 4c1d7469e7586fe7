/** One `resolve` call: its state, the requirements, the outputs it collects, and the trace read afterwards. */

import type { Wire } from "./values.ts";
import { Stop } from "./stop.ts";
import { display, toWire, type TypeTag } from "./wire.ts";
import { keyCount, plainObject } from "./input.ts";

/** What the engine knows about one step, fixed at compile time. */
export interface StepInfo {
  readonly name: string;
  readonly label: string;
  readonly kind: "input" | "dice" | "let" | "check";
  readonly paragraph: string;
  readonly quote: string;
  readonly type: TypeTag;
}


/**
 * One step of a resolution's trace: an input, a requirement or a definition, with its value, its paragraph and the sentence it formalizes.
 * @category Resolutions and traces
 */
export interface TraceStep {
  name: string;
  label: string;
  kind: StepInfo["kind"];
  /** For per-unit steps: which element of the list (0-based). */
  item?: number;
  value: Wire;
  /** The value in words: "3:1", "Open", "yes". */
  display: string;
  paragraph: string;
  quote: string;
  /** For a definition that reads a chart cell, the cell it read: "Combat Table (9.9), row 7, column 9: Ao1 DL1o1". */
  cell?: string;
}

/**
 * A requirement the situation breaks, with its message and paragraph.
 * @category Resolutions and traces
 */
export interface Violation {
  name: string;
  message: string;
  paragraph: string;
}

/**
 * Why an output was not computed: a die not rolled, a value not known, undefined by the rules, or refused.
 * @category Resolutions and traces
 */
export interface Pending {
  /**
   * Why the output has no value: a die not rolled yet, an unknown chart cell, a value the
   * rules leave undefined (0:0 odds, too large to compute exactly), or `refused` — the
   * action is not allowed, so the output does not apply (`requirement` says which rule).
   */
  kind: Stop["kind"] | "refused";
  message: string;
  paragraph: string;
  die?: string;
  /** For `refused`: the requirement that failed first. */
  requirement?: string;
}

/**
 * What `resolve` answers for one situation.
 * @category Resolutions and traces
 */
export interface Resolution<Outputs> {
  /** False when a requirement is violated: the action is not allowed. */
  allowed: boolean;
  violations: Violation[];
  /** Every output that could be computed, in wire form. */
  outputs: Partial<Outputs>;
  /** Outputs that could not be computed, and why (dice not given, an unknown chart cell, …). */
  pending: Partial<Record<keyof Outputs, Pending>>;
  trace: TraceStep[];
}


/**
 * How `resolve` works: definitions fixed to given values, outputs computed beside the procedure's own, with or without a trace.
 * @category Resolutions and traces
 */
export interface ResolveOptions {
  /** Skip building the trace (for enumeration). */
  trace?: boolean;
  /** Fix definitions to given values, as a worked example does ("let's assume the odds were 4:1"); checked like `checkAssume`. */
  assume?: Readonly<Record<string, unknown>>;
  /** Also compute these definitions (by name), beyond the procedure's outputs. */
  also?: readonly string[];
  /**
   * Evaluate definition by definition, as `resolve` does whenever the usual case (every
   * requirement holds, every output computable) does not apply; the usual case is otherwise
   * answered straight through, and must answer the same (the engines' property tests compare them).
   */
  stepwise?: boolean;
}

/**
 * Whether `resolve` may answer straight through: not asked to go step by step, nothing assumed
 * (no `assume`, or an empty one) and nothing asked for beyond the outputs (`outputs`, by name).
 */
export function straightOptions(options: ResolveOptions | undefined, outputs: Readonly<Record<string, unknown>>): boolean {
  if (options === undefined) return true;
  const { assume, also, stepwise } = options;
  if (stepwise === true) return false;
  if (assume !== undefined && !(plainObject(assume) && keyCount(assume) === 0)) return false;
  if (also === undefined) return true;
  if (!Array.isArray(also)) return false;
  for (let i = 0; i < also.length; i++) if (!Object.hasOwn(outputs, also[i])) return false;
  return true;
}

/** Options of the evaluations `distribution` makes: no trace. */
export const UNTRACED: ResolveOptions = Object.freeze({ trace: false });

/**
 * Evaluation state of one `resolve` call: inputs, dice and the memoized
 * definitions. Generated engines extend it with one field per definition; the
 * trace is read from those fields afterwards, so resolving records nothing.
 */
export class State {
  readonly input: Readonly<Record<string, unknown>>;
  readonly dice: Readonly<Record<string, number | undefined>>;
  /** Whether the caller wants the trace (`{ trace: false }` says not). */
  readonly traced: boolean;

  constructor(input: object, dice: object, options: ResolveOptions | undefined) {
    this.input = input as Record<string, unknown>;
    this.dice = dice as Record<string, number | undefined>;
    this.traced = options?.trace !== false;
  }
}

/**
 * One line of an engine's trace, in the order the compiler fixed (each step after
 * what it reads): where to find its value once resolved — a definition's field, a
 * per-unit definition's array, or the result of a requirement.
 */
export type TraceEntry<S extends State> =
  | { readonly info: StepInfo; readonly value: (s: S) => unknown; readonly branch?: (s: S) => number; readonly branches?: readonly StepInfo[]; readonly cell?: (s: S) => string | null }
  | { readonly info: StepInfo; readonly items: (s: S) => readonly unknown[] | undefined; readonly branch?: (s: S, item: number) => number; readonly branches?: readonly StepInfo[] }
  | { readonly info: StepInfo; readonly check: number };

/**
 * The step of the branch that gave a definition its value, when its branches cite their own
 * sentences; the definition's own step if the branch cannot be told (a value an example assumed).
 */
function branchInfo(info: StepInfo, branches: readonly StepInfo[] | undefined, which: () => number): StepInfo {
  if (!branches) return info;
  try {
    return branches[which()] ?? info;
  } catch (error) {
    if (error instanceof Stop) return info;
    throw error;
  }
}

/** An input the rules read that the caller left out because it is not known yet (`| unknown`). */
export function notKnown(info: StepInfo): Stop {
  return new Stop("undefined", `not known until ${info.label} is given`, info.paragraph);
}

/** A die the rules read but the caller did not roll. */
export function needDie(info: StepInfo, name: string): Stop {
  return new Stop("dice", `roll ${info.label}`, info.paragraph, name);
}

export interface CheckSpec<S extends State = State> {
  readonly info: StepInfo;
  readonly message: string;
  readonly test: (s: S) => boolean;
}

export interface OutputSpec<S extends State = State> {
  readonly info: StepInfo;
  readonly random: boolean;
  /** Read by a requirement: given even when the action is refused (it says why). */
  readonly ground: boolean;
  /** The dice it may read, directly or through other definitions (`distribution` waits for them). */
  readonly dice: readonly string[];
  readonly get: (s: S) => unknown;
  /** Converts the value to wire form (specialized to its type by the compiler). */
  readonly wire: (value: unknown) => Wire;
}

/** Definitions asked for by name beyond the procedure's outputs (`resolve(…, { also })`). */
export function extraOutputs<S extends State>(outputs: readonly OutputSpec<S>[], definitions: readonly OutputSpec<S>[], also: readonly string[] | undefined): readonly OutputSpec<S>[] {
  if (!also || also.length === 0) return [];
  return definitions.filter((d) => also.includes(d.info.name) && !outputs.includes(d));
}

/** Why an output does not apply when the action is refused: the requirement that failed first. */
export function refused(violation: Violation): Pending {
  return { kind: "refused", message: `not applicable: ${violation.message}`, paragraph: violation.paragraph, requirement: violation.name };
}

/**
 * Computes one output at a time for an engine's `outputs` function, which builds
 * its result as an object literal (a fixed shape is an order of magnitude faster
 * than adding keys one by one). A stop leaves the output undefined and says why.
 */
export class Collector<S extends State> {
  readonly s: S;
  readonly allowed: boolean;
  /** The requirement that failed first, when the action is refused. */
  private readonly refusal: Violation | null;
  pending: Record<string, Pending> | null = null;

  constructor(s: S, violations: readonly Violation[] | null) {
    this.s = s;
    this.allowed = violations === null;
    this.refusal = violations?.[0] ?? null;
  }

  value(output: OutputSpec<S>): Wire | undefined {
    if (this.refusal !== null && !output.ground) {
      (this.pending ??= {})[output.info.name] = refused(this.refusal);
      return undefined;
    }
    try {
      return output.wire(output.get(this.s));
    } catch (error) {
      if (!(error instanceof Stop)) throw error;
      (this.pending ??= {})[output.info.name] = { kind: error.kind, message: error.message, paragraph: error.paragraph, ...(error.die ? { die: error.die } : {}) };
      return undefined;
    }
  }
}

/** What `resolve` returns; the trace is made when first read (it costs more than resolving). */
class ResolutionResult<Outputs, S extends State> implements Resolution<Outputs> {
  readonly allowed: boolean;
  readonly violations: Violation[];
  readonly outputs: Partial<Outputs>;
  readonly pending: Partial<Record<keyof Outputs, Pending>>;
  private readonly state: S | null;
  private readonly entries: readonly TraceEntry<S>[];
  private readonly passed: readonly (boolean | undefined)[];
  private steps: TraceStep[] | null = null;

  constructor(
    allowed: boolean,
    violations: Violation[],
    outputs: Partial<Outputs>,
    pending: Partial<Record<keyof Outputs, Pending>>,
    state: S | null,
    entries: readonly TraceEntry<S>[],
    passed: readonly (boolean | undefined)[],
  ) {
    this.allowed = allowed;
    this.violations = violations;
    this.outputs = outputs;
    this.pending = pending;
    this.state = state;
    this.entries = entries;
    this.passed = passed;
  }

  get trace(): TraceStep[] {
    return (this.steps ??= this.state === null ? [] : traceOf(this.state, this.entries, this.passed));
  }

  toJSON() {
    return { allowed: this.allowed, violations: this.violations, outputs: this.outputs, pending: this.pending, trace: this.trace };
  }
}

const NO_VIOLATIONS: Violation[] = [];
const NO_PENDING = Object.freeze({});

/**
 * What `resolve` returns when it answered straight through (every requirement held and every
 * output was computed): the trace, when first read, is made by the same evaluation made step
 * by step (`retrace`, from the input and dice it was given; null when no trace was wanted).
 */
class Resolved<Outputs> implements Resolution<Outputs> {
  readonly allowed = true;
  readonly violations: Violation[] = NO_VIOLATIONS;
  readonly outputs: Partial<Outputs>;
  readonly pending: Partial<Record<keyof Outputs, Pending>> = NO_PENDING as Partial<Record<keyof Outputs, Pending>>;
  private readonly retrace: ((input: object, dice: Record<string, number | undefined>) => TraceStep[]) | null;
  private readonly input: object;
  private readonly dice: Record<string, number | undefined>;
  private steps: TraceStep[] | null = null;

  constructor(outputs: Partial<Outputs>, retrace: ((input: object, dice: Record<string, number | undefined>) => TraceStep[]) | null, input: object, dice: Record<string, number | undefined>) {
    this.outputs = outputs;
    this.retrace = retrace;
    this.input = input;
    this.dice = dice;
  }

  get trace(): TraceStep[] {
    return (this.steps ??= this.retrace === null ? [] : this.retrace(this.input, this.dice));
  }

  toJSON() {
    return { allowed: this.allowed, violations: this.violations, outputs: this.outputs, pending: this.pending, trace: this.trace };
  }
}

/** A resolution answered straight through (see `Resolved`). */
export function resolved<Outputs>(
  outputs: Record<string, Wire>,
  retrace: ((input: object, dice: Record<string, number | undefined>) => TraceStep[]) | null,
  input: object,
  dice: Record<string, number | undefined>,
): Resolution<Outputs> {
  return new Resolved<Outputs>(outputs as Partial<Outputs>, retrace, input, dice);
}

/** The requirements that fail, in order (null when all hold); `passed` records which held, for the trace. */
export function requirements<S extends State>(s: S, checks: readonly CheckSpec<S>[], passed: (boolean | undefined)[] | null = null): Violation[] | null {
  let violations: Violation[] | null = null;
  for (let i = 0; i < checks.length; i++) {
    const check = checks[i];
    let ok: boolean;
    let reason = "";
    try {
      ok = check.test(s);
      if (passed !== null) passed[i] = ok;
    } catch (error) {
      if (!(error instanceof Stop)) throw error;
      ok = false;
      reason = ` (cannot be decided: ${error.message})`;
    }
    if (!ok) (violations ??= []).push({ name: check.info.name, message: check.message + reason, paragraph: check.info.paragraph });
  }
  return violations;
}

/**
 * Runs the checks, then the engine's outputs; never throws for a stop. `holds` tells at once
 * whether every requirement holds (the usual case); only when one may not are they run one
 * by one, to say which fail and why.
 */
export function finish<Outputs, S extends State>(
  s: S,
  checks: readonly CheckSpec<S>[],
  collect: (c: Collector<S>) => Record<string, Wire | undefined>,
  extra: readonly OutputSpec<S>[] = [],
  trace: readonly TraceEntry<S>[] = [],
  holds: (s: S) => boolean = () => false,
): Resolution<Outputs> {
  // Which requirements held, for the trace (only when it is wanted).
  const passed = s.traced ? new Array<boolean | undefined>(checks.length) : null;
  let violations: Violation[] | null = null;
  if (holds(s)) passed?.fill(true);
  else violations = requirements(s, checks, passed);
  const collector = new Collector(s, violations);
  const values = collect(collector);
  for (const output of extra) values[output.info.name] = collector.value(output);
  if (collector.pending !== null) for (const name of Object.keys(collector.pending)) delete values[name];
  return new ResolutionResult<Outputs, S>(
    violations === null,
    violations ?? NO_VIOLATIONS,
    values as Partial<Outputs>,
    (collector.pending ?? NO_PENDING) as Partial<Record<keyof Outputs, Pending>>,
    passed !== null ? s : null,
    trace,
    passed ?? [],
  );
}

/** The steps that were computed, in the engine's trace order; a per-unit step once per unit. */
function traceOf<S extends State>(s: S, entries: readonly TraceEntry<S>[], passed: readonly (boolean | undefined)[]): TraceStep[] {
  const steps: TraceStep[] = [];
  for (const entry of entries) {
    if ("items" in entry) {
      const values = entry.items(s);
      if (values) values.forEach((value, item) => value !== undefined && steps.push(traceStep(branchInfo(entry.info, entry.branches, () => entry.branch!(s, item)), value, item)));
    } else if ("check" in entry) {
      const value = passed[entry.check];
      if (value !== undefined) steps.push(traceStep(entry.info, value));
    } else {
      const value = entry.value(s);
      if (value !== undefined) steps.push(traceStep(branchInfo(entry.info, entry.branches, () => entry.branch!(s)), value, undefined, entry.cell && cellRead(() => entry.cell!(s))));
    }
  }
  return steps;
}

/** Where a definition read its cell; nothing when that cannot be told (a value an example assumed off the chart). */
function cellRead(where: () => string | null): string | undefined {
  try {
    return where() ?? undefined;
  } catch (error) {
    if (error instanceof Stop) return undefined;
    throw error;
  }
}

function traceStep(info: StepInfo, value: unknown, item?: number, cell?: string): TraceStep {
  const step: TraceStep = {
    name: info.name,
    label: info.label,
    kind: info.kind,
    value: toWire(value, info.type),
    display: display(value, info.type),
    paragraph: info.paragraph,
    quote: info.quote,
  };
  if (item !== undefined) step.item = item;
  if (cell !== undefined) step.cell = `${cell}: ${step.display}`;
  return step;
}
