import type { Dependencies, ProcedureModel } from "../3-check/types.ts";
import { runDeep, type Deep } from "../deep.ts";

/**
 * The dice each definition may read, directly or through other definitions (by key,
 * `list.name` for per-unit ones), in the procedure's dice order. `distribution()`
 * computes a definition only below a branch on every die it reads: one that may read
 * a die not yet rolled waits for it, without being tried.
 */
export function diceRead(procedure: ProcedureModel): Map<string, string[]> {
  const memo = new Map<string, Set<string>>();
  function* visit(key: string): Deep<Set<string>> {
    let dice = memo.get(key);
    if (dice) return dice;
    dice = new Set();
    memo.set(key, dice);
    const model = procedure.letsByKey.get(key);
    if (model) yield collect(model.deps, dice);
    return dice;
  }
  function* collect(deps: Dependencies, into: Set<string>): Deep {
    for (const die of deps.dice) into.add(die);
    for (const key of [...deps.lets, ...deps.elementLets]) for (const die of (yield visit(key)) as Set<string>) into.add(die);
  }
  const order = procedure.dice.map((d) => d.name);
  return new Map(procedure.lets.map((l) => {
    const dice = runDeep(visit(l.key));
    return [l.key, order.filter((name) => dice.has(name))];
  }));
}
