import type { Wire } from "../runtime/runtime.ts";

/**
 * A test vector: one worked example of the rulebook, as data. The format is
 * documented by generated/vectors.schema.json so that tools in other languages
 * can replay vectors against their own implementation of the rules.
 */
export interface Vector {
  id: string;
  title: string;
  paragraph: string;
  source: { file: string; line: number; column: number };
  /** The reason the rulebook's example contradicts its rule, or null. */
  disputed: string | null;
  input: Record<string, Wire>;
  dice: Record<string, number>;
  /** Intermediate values the example states instead of deriving ("assume the odds were 4:1"). */
  assume: Record<string, Wire>;
  expect: {
    allowed?: boolean;
    violated?: string[];
    outputs: Record<string, Wire>;
  };
  /** For disputed examples: what the rules as written produce. */
  actual?: Record<string, Wire>;
}

export interface VectorFile {
  $schema: string;
  /** The version of this format (FORMATS.vectors). */
  format: number;
  ruleset: string;
  edition: string;
  procedure: string;
  vectors: Vector[];
}
