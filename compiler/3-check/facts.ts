import type { Expr, FieldAccess, LetDecl, NameRef } from "../language/ast.ts";
import type { Binding } from "../language/bindings.ts";
import type { Type } from "../language/types.ts";

/**
 * What checking an edition concluded about its expressions, kept beside the parse tree
 * (which is never written to after parsing): the type of each expression, what each
 * name stands for, where a test above proved a `| none` value is not none, and which
 * per-element definition a field reads. Later phases read it; a new check of the same
 * (cached) tree makes new facts instead of clearing old ones.
 */
export interface ExpressionFacts {
  type(expr: Expr): Type | undefined;
  /** What a name stands for; for a field access, only `enum_name.member` (a member) and `ch9.name` (a definition) have one. */
  binding(name: NameRef | FieldAccess): Binding | undefined;
  narrowed(expr: Expr): boolean;
  /** `u.attack` of `let u.attack for u in attackers = …`: the per-element definition the field reads. */
  elementLet(field: FieldAccess): LetDecl | undefined;
}

/** The facts as phase 3 records them (see ExpressionFacts). */
export class CheckedFacts implements ExpressionFacts {
  private readonly types = new Map<Expr, Type>();
  private readonly bindings = new Map<NameRef | FieldAccess, Binding>();
  private readonly narrowedExprs = new Set<Expr>();
  private readonly elementLets = new Map<FieldAccess, LetDecl>();

  type(expr: Expr): Type | undefined {
    return this.types.get(expr);
  }

  binding(name: NameRef | FieldAccess): Binding | undefined {
    return this.bindings.get(name);
  }

  narrowed(expr: Expr): boolean {
    return this.narrowedExprs.has(expr);
  }

  elementLet(field: FieldAccess): LetDecl | undefined {
    return this.elementLets.get(field);
  }

  /** An expression is checked (again): what an earlier check of it concluded no longer holds. */
  forget(expr: Expr): void {
    this.narrowedExprs.delete(expr);
    if (expr.type === "Name" || expr.type === "Field") this.bindings.delete(expr);
    if (expr.type === "Field") this.elementLets.delete(expr);
  }

  setType(expr: Expr, type: Type): void {
    this.types.set(expr, type);
  }

  bind(name: NameRef | FieldAccess, binding: Binding): void {
    this.bindings.set(name, binding);
  }

  markNarrowed(expr: Expr): void {
    this.narrowedExprs.add(expr);
  }

  readsElement(field: FieldAccess, definition: LetDecl): void {
    this.elementLets.set(field, definition);
  }

  /** A node made from another (a procedure's simplified copy, see specialize.ts) has the other's facts. */
  derive(node: Expr, from: Expr): void {
    const type = this.types.get(from);
    if (type) this.types.set(node, type);
    if (this.narrowedExprs.has(from)) this.narrowedExprs.add(node);
    if (node.type === from.type && (node.type === "Name" || node.type === "Field") && this.bindings.has(from as NameRef | FieldAccess)) this.bindings.set(node, this.bindings.get(from as NameRef | FieldAccess)!);
    if (node.type === "Field" && from.type === "Field" && this.elementLets.has(from)) this.elementLets.set(node, this.elementLets.get(from)!);
  }
}
