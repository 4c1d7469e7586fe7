import type { Chart } from "../1-read/types.ts";

/** One change to an edition's formal rules, and what became of it. */
export interface Mutant {
  /** 1, 2, … in document order. */
  id: number;
  operator: "comparison" | "arithmetic" | "connective" | "negation" | "constant" | "rounding" | "twin" | "branches" | "chart-cell";
  /** The paragraph the changed statement formalizes (for a chart cell: the paragraph of the first table reading it). */
  paragraph: string;
  file: string;
  line: number;
  column: number;
  /** What changes, as a reader says it: "`<=` → `<`", "rounding `half_up` → `up`". */
  change: string;
  /** A chart cell's mutant: the chart it changes. */
  chart?: Chart;
  /** Makes the change in the parsed rules; returns how to undo it. */
  apply(): () => void;
}

/**
 * - killed: a vector's answer changed;
 * - survived: the engines changed but every vector answers as before;
 * - equivalent: the engines are byte for byte the same (no procedure reads the change, or it cannot alter code);
 * - invalid: the changed rules do not compile (a type error), so there is nothing to test.
 */
export type MutantStatus = "killed" | "survived" | "equivalent" | "invalid";

export interface MutantResult {
  id: number;
  operator: Mutant["operator"];
  paragraph: string;
  file: string;
  line: number;
  column: number;
  change: string;
  status: MutantStatus;
  /** killed: the first vector whose answer changed (or the transcription's cell that differs); invalid: the first error. */
  detail?: string;
  /**
   * For a survivor: whether sampled situations (boundary and random inputs, as `hexlaw diff` makes)
   * told it apart from the rules as written. `false` means it is probably equivalent.
   */
  distinguishable?: boolean;
  /** Killed by the charts' transcription (`--transcription`): a chart cell's change that no vector noticed. */
  byTranscription?: boolean;
}

export interface EditionMutation {
  ruleset: string;
  edition: string;
  mutants: MutantResult[];
  counts: Record<MutantStatus, number>;
  /** killed / (killed + survived): invalid and equivalent mutants cannot be killed. */
  killRate: number;
  /** killed / (killed + survived that a sample told apart): survivors no sample told apart are probably equivalent. */
  killRateOfDistinguishable: number;
}
