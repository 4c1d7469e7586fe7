import type { Place } from "../diagnostics/diagnostic.ts";
import type { DiceDecl, Expr, InputDecl, LetDecl, RequireDecl } from "../language/ast.ts";
import type { EnumInfo, NotationInfo, RecordInfo, Type } from "../language/types.ts";
import type { ResolvedEdition } from "../2-resolve/types.ts";

/** What later phases read of earlier phases' output, which the checked edition passes on (its `resolved`). */
export type { Amendment, Chart, RuleDocument } from "../2-resolve/types.ts";
import type { Num } from "../runtime/runtime.ts";
import type { ExpressionFacts } from "./facts.ts";

/** Phase 3 output: an edition whose definitions are typed, tables bound and procedures closed. */
export interface CheckedEdition {
  resolved: ResolvedEdition;
  enums: EnumInfo[];
  records: RecordInfo[];
  notations: NotationInfo[];
  tables: Map<string, TableModel>;
  procedures: ProcedureModel[];
  examples: ExampleModel[];
  /** What checking found about every expression of the model: types, what names stand for. */
  facts: ExpressionFacts;
  /** Each notation grammar's parser as an ES module source, by grammar name (engines read notation text with it). */
  parsers: Map<string, string>;
}

/** Where a definition comes from in the rulebook, for traces and the site. */
export interface Citation {
  paragraph: string;
  quote: string;
  file: string;
  place: Place;
}

export interface InputModel {
  name: string;
  label: string;
  description: string;
  type: Type;
  defaultValue?: unknown;
  citation: Citation;
  decl: InputDecl;
}

export interface DiceModel {
  name: string;
  label: string;
  description: string;
  count: number;
  sides: number;
  citation: Citation;
  decl: DiceDecl;
}

export interface LetModel {
  name: string;
  /** `name`, or `list.name` for a per-element definition: how outputs, traces and `letsByKey` name it. */
  key: string;
  /** For per-element definitions: the list input it ranges over, and its variable. */
  each?: { list: string; variable: string };
  label: string;
  type: Type;
  value: Expr;
  citation: Citation;
  /** For an if/elif/else citing each branch: each branch's citation, in order (the last is the `else`). */
  branches?: Citation[];
  /** Depends on a die, so it has no value until the dice are rolled. */
  random: boolean;
  deps: Dependencies;
  decl: LetDecl;
  /** An output that lists an input: its value is the input's, and the input's step is its step in the trace. */
  echo?: true;
}

export interface RequirementModel {
  name: string;
  condition: Expr;
  message: string;
  citation: Citation;
  deps: Dependencies;
  decl: RequireDecl;
}

/** What an expression reads: keys are names; element definitions are `list.name`. */
export interface Dependencies {
  inputs: Set<string>;
  /** Fields of records read, as `record.field` (`attacking_unit.class`). */
  fields: Set<string>;
  lets: Set<string>;
  elementLets: Set<string>;
  dice: Set<string>;
  tables: Set<string>;
}

/** A chart bound to a table declaration: typed keys and cells in native form. */
export interface TableModel {
  name: string;
  label: string;
  chart: string;
  caption: string;
  rowType: Type;
  columnType: Type;
  cellType: Type;
  /** Row and column keys: enum member names, or integer ranges. */
  rows: TableKey[];
  columns: TableKey[];
  /** Cells in native form; `null` where the chart says the value is unknown. */
  cells: (unknown | null)[][];
  citation: Citation;
  unknownCells: number;
  /** Declared `partial`: keys the chart lacks are not known (consult the printed chart). */
  partial: boolean;
}

/** A row or column key: an enum member, or an interval of integers or of odds values (`13:1+` is 13..∞). */
/** A key of a chart: an enum member, or an interval of whole numbers or of exact odds values. */
export type TableKey = { member: string; header: string } | { min: Num; max: Num; header: string };

export interface OutputGroup {
  label: string;
  names: string[];
}

/** One part of the one-line ruling: values (by output name) joined by text, what it says when a value is none, and the output it is shown for. */
export interface SummaryPartModel {
  items: ({ text: string } | { value: string; signed?: true })[];
  otherwise?: string;
  /** The part is shown only when this output is something: not no, 0 or none. */
  when?: string;
}

/**
 * What decides a ruling, from the dependencies the checker collected: the steps the
 * summary's values are computed from, the steps each requirement reads, and the
 * inputs (`list.field` for a unit's fields) that either can change.
 */
export interface Decisive {
  /** Trace step names (definitions, per-unit definitions as `list.name`, dice, inputs) behind the summary. */
  steps: string[];
  /** For each requirement, the trace steps its check reads. */
  checks: Record<string, string[]>;
  /** Inputs and unit fields that can change the summary or whether the action is allowed. */
  inputs: string[];
}

export interface ProcedureModel {
  name: string;
  label: string;
  citation: Citation;
  /** Inputs fixed by `with`, in wire form. */
  fixed: Map<string, unknown>;
  /** The inputs that `with` fixes (they are not in the schema). */
  fixedInputs: InputModel[];
  inputs: InputModel[];
  dice: DiceModel[];
  lets: LetModel[];
  requirements: RequirementModel[];
  tables: TableModel[];
  outputs: OutputGroup[];
  outcome: string[];
  /** The one-line ruling, part by part (the outcome's values when the procedure declares none). */
  summary: SummaryPartModel[];
  decisive: Decisive;
  /** Every output once: those of the groups, then the outcome's. */
  outputNames: string[];
  /** Every definition by key (`name`, or `list.name` for element definitions). */
  letsByKey: Map<string, LetModel>;
  /** Definitions the edition keys by chapter (`ch9.final_column`) that this engine calls by their name (see local-names.ts). */
  keys: ReadonlyMap<string, string>;
}

export type Expectation =
  | { kind: "value"; name: string; value: unknown; place: Place }
  | { kind: "violated"; name: string; place: Place }
  | { kind: "allowed"; place: Place };

export interface ExampleModel {
  id: string;
  title: string;
  procedure: string;
  paragraph: string;
  disputed: string | null;
  input: Record<string, unknown>;
  dice: Record<string, number>;
  assume: Record<string, unknown>;
  expect: Expectation[];
  file: string;
  place: Place;
}
