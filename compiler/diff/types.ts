import type { Wire } from "../runtime/runtime.ts";

/** One piece of a word diff: kept, removed (old edition only) or added (new edition only). */
export interface WordChange {
  kind: "same" | "removed" | "added";
  text: string;
}

export type ParagraphChange =
  | { kind: "added"; to: string; title: string; text: string }
  | { kind: "removed"; from: string; title: string; text: string }
  | { kind: "renumbered"; from: string; to: string; title: string; words?: WordChange[] }
  | { kind: "reworded"; from: string; to: string; title: string; words: WordChange[] };

export interface FormalChange {
  kind: "added" | "removed" | "changed";
  /** input, definition, requirement, dice, table, procedure, example, type */
  what: string;
  name: string;
  from?: { paragraph: string; source: string };
  to?: { paragraph: string; source: string };
}

export interface BehaviourDifference {
  procedure: string;
  /** What differs: `allowed`, `violations`, an output's name, or `distribution of <output>`. */
  answer: string;
  count: number;
  examples: { input: Record<string, Wire>; dice?: Record<string, number>; from: Wire; to: Wire }[];
  /** Paragraphs on the two traces whose definitions differ between the editions. */
  paragraphs: { from: string[]; to: string[] };
}

export interface ProcedureComparison {
  procedure: string;
  status: "compared" | "only-in-from" | "only-in-to";
  inputs: { vectors: number; boundary: number; random: number; rejected: number };
  differences: BehaviourDifference[];
}

/** An erratum the newer edition applies to a paragraph of the older one (it extends it; see 1-read/amendments.ts). */
export interface AppliedErratum {
  /** The amended paragraph (or unnumbered heading's anchor), in both editions. */
  paragraph: string;
  printed?: string;
  corrected?: string;
  note: string;
  /** The paragraph of the newer edition's errata document that states it, and that document's title. */
  from: string;
  source: string;
}

export interface EditionDiff {
  ruleset: string;
  from: string;
  to: string;
  /** The errata `to` applies to `from`, in the order its errata document gives them (empty unless `to` extends `from`). */
  errata: AppliedErratum[];
  text: ParagraphChange[];
  formal: FormalChange[];
  behaviour: ProcedureComparison[];
  behaviourChanged: boolean;
}
