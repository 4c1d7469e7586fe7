/** What a generated engine module exports, for programs that load engines by name. */

import type { Wire } from "./values.ts";
import type { Distribution } from "./distribution.ts";
import type { CheckResult, EngineSchema } from "./input.ts";
import type { Resolution, ResolveOptions } from "./resolution.ts";
import type { ENGINE_FORMATS } from "./formats.ts";

/**
 * What a procedure is: its ruleset and edition, its title and paragraph, its outputs in labelled groups, its one-line ruling and each definition's label, paragraph and quote.
 * @category Engine modules
 */
export interface EngineMetadata {
  readonly ruleset: string;
  readonly rulesetTitle: string;
  readonly edition: string;
  readonly editionTitle: string;
  readonly supersedes: string | null;
  readonly procedure: string;
  readonly title: string;
  readonly paragraph: string;
  readonly sources: readonly string[];
  readonly outputs: readonly { readonly label: string; readonly names: readonly string[] }[];
  readonly outcome: readonly string[];
  /** The one-line ruling, part by part: outputs joined by text; `otherwise` when one of a part's values is none. */
  readonly summary: readonly SummaryPart[];
  /** What decides the ruling: the steps behind the summary and behind each check, and the inputs (`list.field`) that can change either. */
  readonly decisive: { readonly steps: readonly string[]; readonly checks: Readonly<Record<string, readonly string[]>>; readonly inputs: readonly string[] };
  readonly definitions: Readonly<Record<string, { readonly label: string; readonly paragraph: string; readonly quote: string; readonly perUnit: boolean; readonly random: boolean }>>;
  /** The versions of the formats the engine speaks: its exports, the wire form of values, the resolution and its trace. */
  readonly formats: typeof ENGINE_FORMATS;
}

/**
 * A part of the one-line ruling.
 * @category Engine modules
 */
export interface SummaryPart {
  readonly items: readonly ({ readonly text: string } | { readonly value: string; readonly signed?: true })[];
  readonly otherwise?: string;
  /** The part is shown only when this output is something (not no, 0 or none); the ruling cites the paragraph that decided it. */
  readonly when?: string;
}

/**
 * What every generated engine module exports, for programs that load engines by name (values in JSON form).
 * @category Engine modules
 */
export interface EngineModule {
  /** What the procedure is: titles, paragraph, outputs, ruling, definitions. */
  metadata: EngineMetadata;
  /** Its inputs, records and dice, as a form needs them. */
  schema: EngineSchema;
  /** Checks untrusted JSON as the procedure's input: the value with defaults filled in, or every error by path. */
  check(value: unknown): CheckResult<Record<string, Wire>>;
  /** Checks rolled dice totals by die name (a die may be left out: what needs it is then pending). */
  checkDice(value: unknown): CheckResult<Record<string, number>>;
  /** Checks values for `resolve(…, { assume })`; a notation may be written as the chart writes it. */
  checkAssume(value: unknown): CheckResult<Record<string, Wire>>;
  /** Works out one situation (a checked input) with the dice rolled so far. */
  resolve(input: unknown, dice?: unknown, options?: ResolveOptions): Resolution<Record<string, Wire>>;
  /** The exact chance of every outcome of a checked input, over every roll of the dice it still needs. */
  distribution(input: unknown): Distribution<Record<string, Wire>>;
}
