import type { FieldInfo, Type } from "../language/types.ts";
import {
  tArray, tLit, tRef, tUnion, rt, rtType, type TsMember, type TsStmt, type TsType, type TsExpr,
} from "./ts/ast.ts";
import { typeName } from "./names.ts";
import { exact, type Num, type TypeTag } from "../runtime/runtime.ts";

/** The TypeScript type of a value inside an engine (odds and ranges as objects, numbers exact). */
export function nativeType(type: Type): TsType {
  const base = ((): TsType => {
    switch (type.kind) {
      case "number":
        return rtType("Num");
      case "integer":
        return tRef("number");
      case "boolean":
        return tRef("boolean");
      case "text":
        return tRef("string");
      case "odds":
        return rtType("Odds");
      case "range":
        return rtType("Range");
      case "enum":
        return tUnion(type.info.members.map((m) => tLit(m.name)));
      case "record":
      case "notation":
        return tRef(typeName(type.info.name));
      case "list":
        return tArray(nativeType(type.of), true);
      case "table":
        return rtType("Table", [nativeType(type.info.cell)]);
      case "none":
        return tLit(null);
      default:
        return tRef("unknown");
    }
  })();
  return type.orNone ? tUnion([base, tLit(null)]) : base;
}

/** The TypeScript type of a value at the engine's boundary (JSON: odds as "3:1", all as "all"). */
export function wireType(type: Type): TsType {
  const base = ((): TsType => {
    switch (type.kind) {
      case "number":
      case "integer":
        return type.orAll ? tUnion([tRef("number"), tLit("all")]) : tRef("number");
      case "odds":
      case "range":
        return tRef("string");
      case "list":
        return tArray(wireType(type.of));
      default:
        return nativeType({ ...type, orNone: undefined } as Type);
    }
  })();
  return type.orNone ? tUnion([base, tLit(null)]) : base;
}

function fieldMembers(fields: FieldInfo[]): TsMember[] {
  return fields.map((f) => ({ name: f.name, type: wireType(f.type), doc: f.description || f.label }));
}

/** Interfaces for the records and notation results a procedure uses. */
export function typeDeclarations(types: Type[]): TsStmt[] {
  const seen = new Map<string, TsStmt>();
  const visit = (t: Type) => {
    if (t.kind === "list") visit(t.of);
    if (t.kind === "table") visit(t.info.cell);
    if (t.kind !== "record" && t.kind !== "notation") return;
    const name = typeName(t.info.name);
    if (seen.has(name)) return;
    const members = fieldMembers(t.info.fields);
    if (t.kind === "notation") members.unshift({ name: "text", type: tRef("string"), doc: "The result as the chart prints it" });
    seen.set(name, { type: "interface", name, members, exported: true, doc: t.info.label });
    for (const f of t.info.fields) visit(f.type);
  };
  types.forEach(visit);
  return [...seen.values()];
}

/** What the runtime needs to know of a type to show and serialize values. */
export function typeTag(type: Type): TypeTag {
  switch (type.kind) {
    case "enum":
      return { t: "enum", labels: Object.fromEntries(type.info.members.map((m) => [m.name, m.label])) };
    case "number":
    case "integer":
    case "boolean":
    case "text":
    case "odds":
    case "range":
    case "notation":
      return { t: type.kind };
    case "list":
      return { t: "list", of: typeTag(type.of) };
    default:
      return { t: "record" };
  }
}

/** Does a value of this type need converting when it crosses in from wire form? */
export function wireConversion(type: Type): TsExpr | null {
  if (type.kind === "odds") return rt("oddsIn");
  if (type.kind === "range") return rt("rangeIn");
  // A JSON number 0.7 is the exact 7/10; a whole number is read as it is.
  if (type.kind === "number" || (type.kind === "integer" && type.orAll)) return rt("numberIn");
  return null;
}

/** A number the compiler read (a literal, a chart cell) as the exact number it was written as. */
export function numberValue(value: number): Num {
  const n = exact(value);
  if (n === null) throw new Error(`the number ${value} cannot be computed with exactly`);
  return n;
}
