import { fingerprint } from "../cache-files.ts";
import type { Expr } from "../language/ast.ts";
import type { Binding } from "../language/bindings.ts";
import { isExpression } from "../language/visit.ts";
import type { ExpressionFacts } from "../3-check/facts.ts";
import type { CheckedEdition, ProcedureModel } from "../3-check/types.ts";

/**
 * What a procedure's engine is made from, hashed: the procedure's checked model as the
 * emitter reads it (every definition, requirement, input, die and table of its closure,
 * with their types, citations and labels; each expression with what checking found about
 * it), the edition's titles, the notation parsers there are, and where the runtime is.
 * The same fingerprint always gives the same engine, so a rebuild can reuse it. Places in
 * the source are left out (an engine never says where a rule is written, only its file and
 * paragraph), so an edit above a block does not make its engines new; anything the emitter
 * can read is in, so no change to the rules can leave an engine stale.
 */
export function procedureFingerprint(procedure: ProcedureModel, edition: CheckedEdition, runtimeImport: string): string {
  const { ruleset, edition: meta } = edition.resolved;
  const context = { ruleset: ruleset.id, rulesetTitle: ruleset.title, edition: meta.id, title: meta.title, supersedes: meta.supersedes ?? null, parsers: [...edition.parsers.keys()], runtimeImport };
  // The enums, records, notations and tables types refer to are written once each, by name, after the procedure.
  const infos = new Map<string, unknown>();
  const replacer = modelReplacer(edition.facts, infos);
  const parts = [JSON.stringify(context), JSON.stringify(procedure, replacer)];
  for (let written = 0; written < infos.size; written++) parts.push(JSON.stringify([...infos][written], replacer));
  return fingerprint(...parts);
}

/**
 * Declarations and places are the parse tree's, not the model's (what emit reads of them is in the
 * model already); `letsByKey` holds the procedure's `lets` again.
 */
const LEFT_OUT = new Set(["decl", "loc", "nameLoc", "fieldLoc", "calleeLoc", "place", "letsByKey"]);

/** JSON of the model: maps and sets as lists, expressions with their facts, no places. */
function modelReplacer(facts: ExpressionFacts, infos: Map<string, unknown>) {
  return function (this: unknown, key: string, value: unknown): unknown {
    if (LEFT_OUT.has(key)) return undefined;
    // A type's enum, record, notation or table, by kind and name (its content is written once, see above).
    if (key === "info" && typeof value === "object" && value !== null) {
      const kind = (this as { kind?: string }).kind ?? "";
      const name = `${kind}:${(value as { name: string }).name}`;
      if (!infos.has(name)) infos.set(name, value);
      return name;
    }
    // JSON would write Infinity and -Infinity (the ends of open ranges) both as null.
    if (typeof value === "number" && !Number.isFinite(value)) return { number: String(value) };
    if (value instanceof Map) return [...value];
    if (value instanceof Set) return [...value];
    if (isExpression(value)) return withFacts(value, facts);
    return value;
  };
}

/** An expression node as the emitter reads it: its fields, its type, and what its name or field stands for. */
function withFacts(expr: Expr, facts: ExpressionFacts): object {
  const found: Record<string, unknown> = { type: facts.type(expr), narrowed: facts.narrowed(expr) || undefined };
  if (expr.type === "Name") found.binding = bindingKey(facts.binding(expr));
  if (expr.type === "Field") {
    found.elementLet = facts.elementLet(expr)?.name;
    found.binding = bindingKey(facts.binding(expr));
  }
  return { ...expr, facts: found };
}

function bindingKey(binding: Binding | undefined): unknown {
  switch (binding?.kind) {
    case undefined:
      return undefined;
    case "let":
      return { kind: binding.kind, name: binding.key };
    case "input":
    case "dice":
    case "table":
      return { kind: binding.kind, name: binding.decl.name };
    case "member":
      return { kind: binding.kind, enum: binding.info.name, member: binding.member };
    case "rounding":
      return binding;
    case "local":
      return { kind: binding.kind, name: binding.name, type: binding.type, list: binding.list?.name, index: binding.index };
  }
}
