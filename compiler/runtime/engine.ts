/** What a generated engine module exports, for programs that load engines by name. */

import type { Wire } from "./values.ts";
import type { Distribution } from "./distribution.ts";
import type { CheckResult, EngineSchema } from "./input.ts";
import type { Resolution, ResolveOptions } from "./resolution.ts";

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
  readonly definitions: Readonly<Record<string, { readonly label: string; readonly paragraph: string; readonly quote: string; readonly perUnit: boolean; readonly random: boolean }>>;
}

/** What every generated engine module exports, for programs that load engines by name (values in JSON form). */
export interface EngineModule {
  metadata: EngineMetadata;
  schema: EngineSchema;
  check(value: unknown): CheckResult<Record<string, Wire>>;
  checkDice(value: unknown): CheckResult<Record<string, number>>;
  /** Checks values for `resolve(…, { assume })`; a notation may be written as the chart writes it. */
  checkAssume(value: unknown): CheckResult<Record<string, Wire>>;
  resolve(input: unknown, dice?: unknown, options?: ResolveOptions): Resolution<Record<string, Wire>>;
  distribution(input: unknown): Distribution<Record<string, Wire>>;
}
