import type { FormalChange, ProcedureComparison } from "../5-verify/diff-behaviour.ts";

/** The comparison of two editions' engines is made by the engine worker of 5-verify (diff-behaviour.ts), whose types these are. */
export type { BehaviourDifference, FormalChange, ProcedureComparison } from "../5-verify/diff-behaviour.ts";

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
