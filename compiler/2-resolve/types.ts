import type { Place } from "../diagnostics/diagnostic.ts";
import type {
  DiceDecl, EnumDecl, ExampleDecl, ExceptionDecl, InputDecl, LetDecl, NotationDecl, ProcedureDecl, RecordDecl, RequireDecl, TableDecl,
} from "../language/ast.ts";
import type { Chart, Edition, Paragraph, Reference, Ruleset } from "../1-read/types.ts";

/** What later phases read of the reader's output, which this phase's passes on (the import rule, test/compiler/import-rule.test.ts). */
export type { Amendment, Chart, ChartCell, Paragraph, RuleDocument } from "../1-read/types.ts";

/** Phase 2 output: one edition with its paragraphs indexed, references classified and names collected. */
export interface ResolvedEdition {
  ruleset: Ruleset;
  edition: Edition;
  paragraphs: Map<string, Paragraph>;
  references: ResolvedReference[];
  charts: Map<string, Chart>;
  /** The paragraphs each chart serves, and those that name it (see resolve-chart-references.ts). */
  chartReferences: ChartReference[];
  symbols: Symbols;
}

export type ReferenceStatus = "resolved" | "outside" | "broken";

export interface ResolvedReference extends Reference {
  status: ReferenceStatus;
  /** Title of an outside-corpus target, when the edition metadata knows it. */
  outsideTitle?: string;
  /** The unnumbered heading the link lands on (`weather-determination-segment`), inside the paragraph `id`. */
  anchor?: string;
}

/** A paragraph that a chart serves (`for="14.3e"`), or one that names it ("use the Barrage Table"). */
export type ChartReference = { from: string; chart: string } & ({ kind: "serves" } | { kind: "name"; text: string });

/** A declaration with the paragraph it formalizes (its own `@cite`, or the block's paragraph). */
export interface Declared<T> {
  decl: T;
  paragraph: string;
  file: string;
}

export interface Symbols {
  inputs: Map<string, Declared<InputDecl>>;
  records: Map<string, Declared<RecordDecl>>;
  enums: Map<string, Declared<EnumDecl>>;
  notations: Map<string, Declared<NotationDecl>>;
  /** Definitions by key: the name, or `chapter.name` where two chapters define the name (see scoped-names.ts). */
  lets: Map<string, Declared<LetDecl>>;
  /** The keys of the definitions of each name, in the order they are written. */
  letKeys: Map<string, string[]>;
  /** Each file's chapter qualifier (`ch9`): definitions are scoped to their chapter. */
  chapters: Map<string, string>;
  /** Per-element definitions, by the list input they range over, then by name. */
  elementLets: Map<string, Map<string, Declared<LetDecl>>>;
  requirements: Map<string, Declared<RequireDecl>>;
  dice: Map<string, Declared<DiceDecl>>;
  tables: Map<string, Declared<TableDecl>>;
  procedures: Map<string, Declared<ProcedureDecl>>;
  examples: Declared<ExampleDecl>[];
  /** Exceptions to definitions, in the order they are written (each is attached to its definition by the checker). */
  exceptions: Declared<ExceptionDecl>[];
}

export function placeIn(file: string, loc: { start: Place["start"]; end: Place["end"] }): Place {
  return { file, start: loc.start, end: loc.end };
}

/** An edition as diagnostics name it: "ocs 4.3". */
export function editionName(edition: { ruleset: string; id: string }): string {
  return `${edition.ruleset} ${edition.id}`;
}
