/**
 * The syntax tree of a `rules` block, as built by grammar/rules.peggy. Every node
 * has `loc`; positions are shifted to the lines of the Markdown file that holds
 * the block. The tree is never written to after parsing: what checking concludes
 * about it (types, what names stand for) is kept beside it (3-check/facts.ts).
 */

export interface Loc {
  start: { offset: number; line: number; column: number };
  end: { offset: number; line: number; column: number };
}

export interface Text {
  text: string;
  loc: Loc;
}

export interface Cite {
  id: string;
  loc: Loc;
}

interface Named {
  name: string;
  nameLoc: Loc;
  loc: Loc;
}

export interface Block {
  type: "Block";
  statements: Statement[];
  loc: Loc;
}

export type Statement =
  | InputDecl
  | RecordDecl
  | EnumDecl
  | LetDecl
  | ExceptionDecl
  | RequireDecl
  | DiceDecl
  | TableDecl
  | NotationDecl
  | ProcedureDecl
  | ExampleDecl;

export interface TypeExpr {
  type: "Type";
  kind: "number" | "integer" | "boolean" | "text" | "odds" | "range" | "list" | "enum" | "named";
  min?: number;
  max?: number;
  /** `> min` rather than `>= min`. */
  minExclusive?: boolean;
  /** `< max` rather than `<= max`. */
  maxExclusive?: boolean;
  of?: NameRef;
  members?: Member[];
  ref?: NameRef;
  orAll: boolean;
  orNone: boolean;
  /** `| unknown`: an input that may be left out. */
  orUnknown: boolean;
  loc: Loc;
}

export interface Member extends Named {
  type: "Member";
  label: Text | null;
}

export interface InputDecl extends Named {
  type: "Input";
  label: Text | null;
  valueType: TypeExpr;
  defaultValue: Expr | null;
  cite: Cite | null;
  description: Text | null;
}

export interface FieldDecl extends Named {
  type: "Field";
  label: Text | null;
  valueType: TypeExpr;
  defaultValue: Expr | null;
  description: Text | null;
}

export interface RecordDecl extends Named {
  type: "Record";
  label: Text | null;
  fields: FieldDecl[];
}

export interface EnumDecl extends Named {
  type: "Enum";
  label: Text | null;
  members: Member[];
}

export interface LetDecl extends Named {
  type: "Let";
  label: Text | null;
  value: Expr;
  cite: Cite | null;
  quote: Text | null;
  /**
   * A definition whose value is an if/elif/else citing each branch: one citation per branch, in
   * order (the last is the `else`). `cite` and `quote` are then null: each branch has its own.
   */
  branches?: { cite: Cite | null; quote: Text | null }[];
  /** Per-element definitions: `let u.attack for u in attackers = …`. */
  each?: { element: { name: string; nameLoc: Loc } | null; variable: { name: string; nameLoc: Loc } | null; list: Expr | null };
}

/**
 * `exception start_column when attack_total == 0 = first(columns(combat_odds)) @9.14a "…"`: the
 * value a definition takes instead of its own when the condition holds, written beside the
 * paragraph that says so. `label` names it so that another can be an exception to it (`parent`).
 */
export interface ExceptionDecl {
  type: "Exception";
  target: { name: string; nameLoc: Loc };
  label: { name: string; nameLoc: Loc } | null;
  parent: { name: string; nameLoc: Loc } | null;
  condition: Expr;
  value: Expr;
  cite: Cite | null;
  quote: Text | null;
  loc: Loc;
}

export interface RequireDecl extends Named {
  type: "Require";
  condition: Expr;
  message: Text;
  cite: Cite | null;
  /** The sentence the requirement formalizes, when its message is not the paragraph's own words. */
  quote: Text | null;
}

export interface DiceDecl extends Named {
  type: "Dice";
  label: Text | null;
  count: number;
  sides: number;
  /** Where `2d6` is written. */
  diceLoc: Loc;
  cite: Cite | null;
  description: Text | null;
}

/** A printed label mapped to an enum member: `extremely_close = "Extr Close"` (or `"Extr Close" = extremely_close`). */
export interface KeyAlias {
  name: string;
  nameLoc: Loc;
  header: Text;
  loc: Loc;
}

export interface KeySpec {
  keyType: TypeExpr;
  /** `rows: integer "aircraft"`: what whole-number headers count, printed after the number ("2 aircraft"). */
  counted: Text | null;
  aliases: KeyAlias[];
  /** `rows: … from "Applies"`: the column whose cells are the row keys (the first column then holds cells). */
  from: Text | null;
  /** `rows: (hex_status, terrain)`: the second key of rows keyed by the first two columns together. */
  second: KeySpec | null;
  loc: Loc;
}

export interface TableDecl extends Named {
  type: "Table";
  label: Text | null;
  /** `= partial chart …`: the chart holds only the known rows and columns; a missing key is not known. */
  partial: boolean;
  chart: { id: Text; loc: Loc };
  rows: KeySpec;
  columns: KeySpec;
  cells: TypeExpr;
  /** Cells printed as labels other than their enum's, mapped: `cells: effect ("-" = no_effect)`. */
  cellAliases: KeyAlias[];
  cite: Cite | null;
}

export interface NotationDecl extends Named {
  type: "Notation";
  label: Text | null;
  /** `= grammar "file"`: cells are read by grammar/<file>.peggy … */
  grammar: Text | null;
  /** … or by the pattern the notation declares itself (exactly one of the two is set). */
  pattern: NotationPattern | null;
  fields: FieldDecl[];
}

/** A declared notation's pattern: `"A" ["L" attacker_loss] | "-"`. */
export type NotationPattern =
  | { kind: "choice"; options: NotationPattern[]; loc: Loc }
  | { kind: "sequence"; parts: NotationPattern[]; loc: Loc }
  | { kind: "optional"; inner: NotationPattern; loc: Loc }
  /** Printed text, setting fields when it is read: `"DG" -> defender_dg`. */
  | { kind: "text"; text: Text; sets: NotationSetting[]; loc: Loc }
  /** A field read from the cell as a value of its type (setting others when read: `steps -> dg`). */
  | ({ kind: "capture"; sets: NotationSetting[] } & Named);

/** `defender_dg` (set true) or `kind = bracketed` in `"[1/2]" -> …`. */
export interface NotationSetting extends Named {
  value: Expr | null;
}

export interface BindingClause {
  name: NameRef;
  value: Expr;
  loc: Loc;
}

export type ProcedureClause =
  | { type: "With"; bindings: BindingClause[]; loc: Loc }
  | { type: "Check"; names: NameRef[]; loc: Loc }
  | { type: "Output"; group: Text | null; names: NameRef[]; loc: Loc }
  | { type: "Outcome"; names: NameRef[]; loc: Loc }
  | { type: "Summary"; parts: SummaryPart[]; loc: Loc };

/** One part of a procedure's summary: values joined by text, what it says when a value is none, and the output it is shown for (`if x`). */
export interface SummaryPart {
  items: SummaryItem[];
  otherwise: Text | null;
  condition: NameRef | null;
  loc: Loc;
}

export type SummaryItem =
  | { type: "SummaryText"; text: string; loc: Loc }
  /** `signed(x)`: a number shown with its sign (+3, −2). */
  | { type: "SummaryValue"; name: NameRef; signed: boolean; loc: Loc };

export interface ProcedureDecl extends Named {
  type: "Procedure";
  label: Text | null;
  cite: Cite | null;
  clauses: ProcedureClause[];
}

export type Expectation =
  | { type: "ExpectViolated"; name: NameRef; loc: Loc }
  | { type: "ExpectAllowed"; loc: Loc }
  | { type: "ExpectValue"; name: NameRef; value: Expr; loc: Loc };

export type ExampleClause =
  | { type: "ExampleBindings"; kind: "given" | "dice" | "assume"; bindings: BindingClause[]; loc: Loc }
  | { type: "Expect"; expectations: Expectation[]; loc: Loc };

export interface ExampleDecl {
  type: "Example";
  title: Text;
  disputed: Text | null;
  cite: Cite | null;
  procedure: NameRef;
  clauses: ExampleClause[];
  loc: Loc;
}

// ─── Expressions ──────────────────────────────────────────────────────────────

interface ExprBase {
  loc: Loc;
}

export interface Literal extends ExprBase {
  type: "Literal";
  kind: "integer" | "number" | "text" | "boolean" | "none" | "all";
  value: number | string | boolean;
}

export interface NameRef extends ExprBase {
  type: "Name";
  name: string;
  nameLoc: Loc;
}

export interface FieldAccess extends ExprBase {
  type: "Field";
  object: Expr;
  field: string;
  fieldLoc: Loc;
}

export interface Lookup extends ExprBase {
  type: "Lookup";
  object: Expr;
  row: Expr;
  /** `T[(status, terrain), column]`: the second key of a chart whose rows are keyed by two columns. */
  row2: Expr | null;
  column: Expr;
}

export interface IndexExpr extends ExprBase {
  type: "Index";
  object: Expr;
  index: Expr;
}

export interface BinaryExpr extends ExprBase {
  type: "Binary";
  op: "+" | "-" | "*" | "/" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "and" | "or";
  left: Expr;
  right: Expr;
}

export interface UnaryExpr extends ExprBase {
  type: "Unary";
  op: "-" | "not";
  operand: Expr;
}

export interface RatioExpr extends ExprBase {
  type: "Ratio";
  left: Expr;
  right: Expr;
}

export interface InExpr extends ExprBase {
  type: "In";
  value: Expr;
  set: SetExpr | SpanExpr | Expr;
}

export interface SetExpr extends ExprBase {
  type: "Set";
  items: Expr[];
}

export interface SpanExpr extends ExprBase {
  type: "Span";
  low: Expr;
  high: Expr;
}

export interface IfExpr extends ExprBase {
  type: "If";
  test: Expr;
  consequent: Expr;
  alternate: Expr;
}

export interface AggregateExpr extends ExprBase {
  type: "Aggregate";
  fn: "sum" | "min" | "max" | "every" | "some" | "first" | "last" | "count" | "list";
  value: Expr | null;
  variable: { name: string; nameLoc: Loc };
  list: Expr;
  filter: Expr | null;
}

export interface CallExpr extends ExprBase {
  type: "Call";
  callee: string;
  calleeLoc: Loc;
  args: Expr[];
}

export interface ListLiteral extends ExprBase {
  type: "List";
  items: Expr[];
}

export interface RecordLiteral extends ExprBase {
  type: "RecordLiteral";
  entries: { name: string; nameLoc: Loc; value: Expr; loc: Loc }[];
}

export type Expr =
  | Literal
  | NameRef
  | FieldAccess
  | Lookup
  | IndexExpr
  | BinaryExpr
  | UnaryExpr
  | RatioExpr
  | InExpr
  | SetExpr
  | SpanExpr
  | IfExpr
  | AggregateExpr
  | CallExpr
  | ListLiteral
  | RecordLiteral;
