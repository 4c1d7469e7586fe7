/** Types of the rules language, as resolved by the checker. */

export interface EnumInfo {
  name: string;
  label: string;
  members: { name: string; label: string }[];
  /** Declared with `enum name …`, so its members can be written `name.member` (an inline enum has no name to write). */
  declared?: true;
}

export interface FieldInfo {
  name: string;
  label: string;
  description: string;
  type: Type;
  /** Default value in wire form, if the field has one. */
  defaultValue?: unknown;
}

export interface RecordInfo {
  name: string;
  label: string;
  fields: FieldInfo[];
}

export interface NotationInfo {
  name: string;
  label: string;
  /** The grammar that reads its cells: grammar/<grammar>.peggy, or the name of the module made from `declared`. */
  grammar: string;
  /** A notation declared in the rules: the Peggy grammar compiled from its pattern (compiler/3-check/compile-notation.ts). */
  declared?: string;
  fields: FieldInfo[];
}

export interface TableInfo {
  name: string;
  /** The chart holds only known keys: a key it lacks is "not known", not "not on the chart". */
  partial: boolean;
  /** For rows keyed by two columns (`rows: (hex_status, terrain)`), the pair of them: each row a member `first/second`. */
  rowKey: Type;
  /** The two keys of rows keyed by two columns, each its own enum. */
  rowPair?: readonly [EnumInfo, EnumInfo];
  columnKey: Type;
  cell: Type;
}

export type Type = (
  | { kind: "number" }
  | { kind: "integer" }
  | { kind: "boolean" }
  | { kind: "text" }
  | { kind: "odds" }
  | { kind: "range" }
  | { kind: "none" }
  | { kind: "all" }
  | { kind: "rounding" }
  /** The type of an expression that already has an error: compatible with everything, so errors do not cascade. */
  | { kind: "any" }
  | { kind: "enum"; info: EnumInfo }
  | { kind: "record"; info: RecordInfo }
  | { kind: "notation"; info: NotationInfo }
  | { kind: "list"; of: Type }
  | { kind: "table"; info: TableInfo }
) & {
  orNone?: boolean;
  orAll?: boolean;
  /** An input that may be left out (`| unknown`): reading it then stops what needs it with "not known". */
  orUnknown?: boolean;
  min?: number;
  max?: number;
  /** The bound itself is not allowed (`> 0`, `< 10`). */
  minExclusive?: boolean;
  maxExclusive?: boolean;
  minItems?: number;
  maxItems?: number;
};

export const NUMBER: Type = { kind: "number" };
export const INTEGER: Type = { kind: "integer" };
export const BOOLEAN: Type = { kind: "boolean" };
export const TEXT: Type = { kind: "text" };
export const ODDS: Type = { kind: "odds" };
export const RANGE: Type = { kind: "range" };
export const NONE: Type = { kind: "none" };
export const ALL: Type = { kind: "all" };
export const ANY: Type = { kind: "any" };

export function isNumeric(t: Type): boolean {
  return t.kind === "number" || t.kind === "integer";
}

/** The type without its `| none` / `| all` alternatives and range. */
export function bare(t: Type): Type {
  const { orNone: _n, orAll: _a, min: _min, max: _max, minExclusive: _me, maxExclusive: _xe, minItems: _i, maxItems: _x, ...rest } = t;
  return rest as Type;
}

function withNone(t: Type): Type {
  return t.kind === "none" ? t : { ...t, orNone: true };
}

/** A readable name for messages: `integer`, `odds`, `enum terrain_category`, `integer or none`. */
export function describe(t: Type): string {
  let base: string;
  switch (t.kind) {
    case "enum":
      base = `${t.info.name} (one of ${t.info.members.map((m) => m.name).join(", ")})`;
      break;
    case "record":
      base = `a ${t.info.name} record`;
      break;
    case "notation":
      base = `a ${t.info.name} result`;
      break;
    case "list":
      base = `a list of ${describe(t.of)}`;
      break;
    case "table":
      base = `table ${t.info.name}`;
      break;
    case "rounding":
      base = "a rounding mode";
      break;
    default:
      base = t.kind;
  }
  if (t.orAll) base += " or all";
  if (t.orNone) base += " or none";
  return base;
}

function sameType(a: Type, b: Type): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case "enum":
    case "record":
    case "notation":
    case "table":
      return a.info === (b as typeof a).info;
    case "list":
      return sameType(a.of, (b as typeof a).of);
    default:
      return true;
  }
}

/** Can a value of type `from` be used where `to` is expected? */
export function assignable(from: Type, to: Type): boolean {
  if (from.kind === "any" || to.kind === "any") return true;
  if (from.kind === "none") return Boolean(to.orNone);
  if (from.kind === "all") return Boolean(to.orAll);
  if (from.orNone && !to.orNone) return false;
  if (from.orAll && !to.orAll) return false;
  if (from.kind === "integer" && to.kind === "number") return true;
  if (from.kind === "list" && to.kind === "list") return assignable(from.of, to.of);
  return sameType(bare(from), bare(to));
}

/** The least type covering both branches of an `if`, or undefined if there is none. */
export function join(a: Type, b: Type): Type | undefined {
  if (a.kind === "any") return b;
  if (b.kind === "any") return a;
  if (a.kind === "none") return withNone(b);
  if (b.kind === "none") return withNone(a);
  if (a.kind === "all") return { ...b, orAll: true };
  if (b.kind === "all") return { ...a, orAll: true };
  const flags = { orNone: a.orNone || b.orNone || undefined, orAll: a.orAll || b.orAll || undefined };
  if (isNumeric(a) && isNumeric(b)) {
    return { kind: a.kind === "integer" && b.kind === "integer" ? "integer" : "number", ...flags } as Type;
  }
  if (sameType(bare(a), bare(b))) return { ...bare(a), ...flags } as Type;
  return undefined;
}
