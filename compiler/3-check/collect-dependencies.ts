import type { Expr } from "../language/ast.ts";
import type { Dependencies } from "./types.ts";

/** What a checked expression reads, from the bindings the checker attached to its names. */
export function collectDependencies(expr: Expr): Dependencies {
  const deps: Dependencies = { inputs: new Set(), fields: new Set(), lets: new Set(), elementLets: new Set(), dice: new Set(), tables: new Set() };
  const visit = (e: Expr | null | undefined): void => {
    if (!e) return;
    switch (e.type) {
      case "Name": {
        const b = e.binding;
        if (b?.kind === "input") deps.inputs.add(b.decl.name);
        else if (b?.kind === "let") deps.lets.add(b.decl.name);
        else if (b?.kind === "dice") deps.dice.add(b.decl.name);
        else if (b?.kind === "table") deps.tables.add(b.decl.name);
        else if (b?.kind === "local" && b.list) deps.inputs.add(b.list.name);
        return;
      }
      case "Field":
        visit(e.object);
        if (e.elementLet && e.object.type === "Name" && e.object.binding?.kind === "local" && e.object.binding.list) {
          deps.elementLets.add(`${e.object.binding.list.name}.${e.elementLet.name}`);
        } else if (!e.elementLet && e.object.ty?.kind === "record") {
          deps.fields.add(`${e.object.ty.info.name}.${e.field}`);
        }
        return;
      case "Lookup":
        visit(e.object);
        visit(e.row);
        visit(e.column);
        return;
      case "Index":
        visit(e.object);
        visit(e.index);
        return;
      case "Binary":
      case "Ratio":
        visit(e.left);
        visit(e.right);
        return;
      case "Unary":
        visit(e.operand);
        return;
      case "In":
        visit(e.value);
        visit(e.set);
        return;
      case "Set":
      case "List":
        e.items.forEach(visit);
        return;
      case "Span":
        visit(e.low);
        visit(e.high);
        return;
      case "If":
        visit(e.test);
        visit(e.consequent);
        visit(e.alternate);
        return;
      case "Aggregate":
        visit(e.list);
        visit(e.value);
        visit(e.filter);
        return;
      case "Call":
        e.args.forEach(visit);
        return;
      case "RecordLiteral":
        e.entries.forEach((entry) => visit(entry.value));
        return;
      case "Literal":
        return;
    }
  };
  visit(expr);
  return deps;
}
