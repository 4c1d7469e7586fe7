import type { Dependencies, ProcedureModel } from "../3-check/types.ts";
import { runDeep, type Deep } from "../deep.ts";

/**
 * The grounds of a procedure's ruling: the definitions its requirements read,
 * directly or through other definitions (keys, `list.name` for per-unit ones).
 * When a requirement fails, these are still given — they say why — and every
 * other output is withheld as not applicable (see grammar/README.md).
 */
export function groundsOf(procedure: ProcedureModel): Set<string> {
  const grounds = new Set<string>();
  function* visit(deps: Dependencies): Deep {
    for (const key of [...deps.lets, ...deps.elementLets]) {
      const model = procedure.letsByKey.get(key);
      if (!model || grounds.has(key)) continue;
      grounds.add(key);
      yield visit(model.deps);
    }
  }
  for (const requirement of procedure.requirements) runDeep(visit(requirement.deps));
  return grounds;
}
