import type { Expr } from "../language/ast.ts";
import { dispatch, nodesOf, type Cases } from "../language/visit.ts";
import type { ExpressionFacts } from "./facts.ts";
import type { Dependencies } from "./types.ts";

const nothing = () => {};

/** What each kind of node adds to what an expression reads (a field after its object). */
const READS: Cases<void, { deps: Dependencies; facts: ExpressionFacts }> = {
  Name: (e, { deps, facts }) => {
    const b = facts.binding(e);
    if (b?.kind === "input") deps.inputs.add(b.decl.name);
    else if (b?.kind === "let") deps.lets.add(b.key);
    else if (b?.kind === "dice") deps.dice.add(b.decl.name);
    else if (b?.kind === "table") deps.tables.add(b.decl.name);
    else if (b?.kind === "local" && b.list) deps.inputs.add(b.list.name);
  },
  Field: (e, { deps, facts }) => {
    const qualified = facts.binding(e);
    if (qualified?.kind === "let") deps.lets.add(qualified.key);
    if (qualified) return;
    const b = e.object.type === "Name" ? facts.binding(e.object) : undefined;
    const element = facts.elementLet(e);
    const object = facts.type(e.object);
    if (element && b?.kind === "local" && b.list) deps.elementLets.add(`${b.list.name}.${element.name}`);
    else if (!element && object?.kind === "record") deps.fields.add(`${object.info.name}.${e.field}`);
  },
  Literal: nothing,
  Lookup: nothing,
  Index: nothing,
  Binary: nothing,
  Unary: nothing,
  Ratio: nothing,
  In: nothing,
  Set: nothing,
  Span: nothing,
  If: nothing,
  Aggregate: nothing,
  Call: nothing,
  List: nothing,
  RecordLiteral: nothing,
};

/** What a checked expression reads, from what the checker found its names stand for. */
export function collectDependencies(expr: Expr, facts: ExpressionFacts): Dependencies {
  const deps: Dependencies = { inputs: new Set(), fields: new Set(), lets: new Set(), elementLets: new Set(), dice: new Set(), tables: new Set() };
  for (const node of nodesOf(expr, "children first")) dispatch(READS, node, { deps, facts });
  return deps;
}
