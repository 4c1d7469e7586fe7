/**
 * A small TypeScript syntax tree: just what engines need. Emitters build these
 * nodes with the functions below and `print` turns them into source text, so
 * formatting and escaping live in one place.
 */

export type TsType =
  /** `name`, `rt.name` with `namespace`, with type arguments `name<…>`. */
  | { type: "ref"; name: string; namespace?: string; args?: TsType[] }
  | { type: "union"; types: TsType[] }
  | { type: "array"; element: TsType; readonly?: boolean }
  | { type: "literal"; value: string | number | boolean | null };

export interface TsMember {
  name: string;
  type: TsType;
  optional?: boolean;
  doc?: string;
}

export type TsExpr =
  | { type: "id"; name: string }
  | { type: "value"; value: string | number | boolean | null | undefined }
  | { type: "array"; items: TsExpr[] }
  /** `inline` objects print on one line whatever their width (chart cells). */
  | { type: "object"; properties: { key: string; value: TsExpr }[]; inline?: boolean }
  | { type: "call"; callee: TsExpr; args: TsExpr[]; typeArgs?: TsType[] }
  | { type: "member"; object: TsExpr; property: string; optional?: boolean }
  | { type: "index"; object: TsExpr; index: TsExpr }
  | { type: "binary"; op: string; left: TsExpr; right: TsExpr }
  | { type: "unary"; op: string; operand: TsExpr }
  | { type: "conditional"; test: TsExpr; consequent: TsExpr; alternate: TsExpr }
  | { type: "arrow"; params: TsParam[]; body: TsExpr | TsStmt[]; returns?: TsType }
  | { type: "new"; callee: TsExpr; args: TsExpr[] }
  | { type: "assign"; target: TsExpr; value: TsExpr }
  | { type: "asConst"; expr: TsExpr }
  | { type: "as"; expr: TsExpr; typeOf: TsType }
  | { type: "satisfies"; expr: TsExpr; typeOf: TsType };

export interface TsParam {
  name: string;
  type?: TsType;
  optional?: boolean;
  defaultValue?: TsExpr;
}

export type TsStmt =
  | { type: "import"; names: string[]; namespace?: string; from: string; typeOnly?: boolean }
  /** `export * from "…";` */
  | { type: "exportAll"; from: string }
  | { type: "const"; name: string; valueType?: TsType; init: TsExpr; exported?: boolean; doc?: string }
  | { type: "let"; name: string; valueType?: TsType; init?: TsExpr }
  | { type: "function"; name: string; params: TsParam[]; returns?: TsType; body: TsStmt[]; exported?: boolean; doc?: string; typeParams?: string[] }
  | { type: "class"; name: string; extends?: TsExpr; fields: { name: string; valueType: TsType; init: TsExpr }[]; exported?: boolean; doc?: string }
  | { type: "interface"; name: string; members: TsMember[]; exported?: boolean; doc?: string }
  | { type: "typeAlias"; name: string; aliased: TsType; exported?: boolean; doc?: string }
  | { type: "return"; value?: TsExpr }
  | { type: "throw"; value: TsExpr }
  /** `for (let i = 0; i < limit; i++) { … }` (or counting down from limit - 1 with `reverse`). */
  | { type: "for"; index: string; limit: TsExpr; body: TsStmt[]; reverse?: boolean }
  | { type: "while"; test: TsExpr; body: TsStmt[] }
  | { type: "continue" }
  | { type: "try"; body: TsStmt[]; error: string; handler: TsStmt[] }
  | { type: "if"; test: TsExpr; then: TsStmt[]; otherwise?: TsStmt[] }
  | { type: "expr"; expr: TsExpr }
  | { type: "comment"; text: string }
  | { type: "blank" };

// ─── Builders ────────────────────────────────────────────────────────────────

/** A name must be an identifier: a dotted path or any other text is built from parts (`member`, `rt`), never written as a string. */
function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not an identifier: ${JSON.stringify(name)}`);
  return name;
}
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export const id = (name: string): TsExpr => ({ type: "id", name: identifier(name) });
/** A name the runtime exports: `rt.add`. */
export const rt = (name: string): TsExpr => member(id("rt"), name);
export const lit = (value: string | number | boolean | null | undefined): TsExpr => ({ type: "value", value });
export const arr = (items: TsExpr[]): TsExpr => ({ type: "array", items });
export const obj = (properties: Record<string, TsExpr> | { key: string; value: TsExpr }[]): TsExpr => ({
  type: "object",
  properties: Array.isArray(properties) ? properties : Object.entries(properties).map(([key, value]) => ({ key, value })),
});
export const call = (callee: TsExpr, args: TsExpr[] = [], typeArgs?: TsType[]): TsExpr => ({ type: "call", callee, args, typeArgs });
export const member = (object: TsExpr, property: string): TsExpr => ({ type: "member", object, property });
export const optionalMember = (object: TsExpr, property: string): TsExpr => ({ type: "member", object, property, optional: true });
export const index = (object: TsExpr, i: TsExpr): TsExpr => ({ type: "index", object, index: i });
export const bin = (op: string, left: TsExpr, right: TsExpr): TsExpr => ({ type: "binary", op, left, right });
export const not = (operand: TsExpr): TsExpr => ({ type: "unary", op: "!", operand });
export const neg = (operand: TsExpr): TsExpr => ({ type: "unary", op: "-", operand });
export const cond = (test: TsExpr, consequent: TsExpr, alternate: TsExpr): TsExpr => ({ type: "conditional", test, consequent, alternate });
export const arrow = (params: TsParam[], body: TsExpr | TsStmt[], returns?: TsType): TsExpr => ({ type: "arrow", params, body, returns });
export const newExpr = (callee: string, args: TsExpr[]): TsExpr => ({ type: "new", callee: id(callee), args });
/** `Math.max`, `Object.hasOwn`: a member of one of JavaScript's own objects. */
export const builtin = (object: "Math" | "Object", name: string): TsExpr => member(id(object), name);
export const assign = (target: TsExpr, value: TsExpr): TsExpr => ({ type: "assign", target, value });
export const asConst = (expr: TsExpr): TsExpr => ({ type: "asConst", expr });
export const cast = (expr: TsExpr, typeOf: TsType): TsExpr => ({ type: "as", expr, typeOf });
export const satisfies = (expr: TsExpr, typeOf: TsType): TsExpr => ({ type: "satisfies", expr, typeOf });

export const tRef = (name: string, args?: TsType[]): TsType => ({ type: "ref", name: identifier(name), args });
/** A type the runtime exports: `rt.Num`. */
export const rtType = (name: string, args?: TsType[]): TsType => ({ type: "ref", namespace: "rt", name: identifier(name), args });
export const tUnion = (types: TsType[]): TsType => (types.length === 1 ? types[0] : { type: "union", types });
export const tArray = (element: TsType, readonly = false): TsType => ({ type: "array", element, readonly });
export const tLit = (value: string | number | boolean | null): TsType => ({ type: "literal", value });

/** Turns JSON-like data into a literal expression (for schemas, tables, metadata). */
export function data(value: unknown, inline = false): TsExpr {
  if (value === null || value === undefined || typeof value !== "object") return lit(value as string | number | boolean | null | undefined);
  if (Array.isArray(value)) return arr(value.map((v) => data(v, inline)));
  const properties = Object.entries(value).filter(([, v]) => v !== undefined).map(([key, v]) => ({ key, value: data(v, inline) }));
  return { type: "object", properties, inline };
}
