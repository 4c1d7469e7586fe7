import type { Session } from "../diagnostics/session.ts";
import { LIMITS } from "../language/limits.ts";
import { runDeep, type Deep } from "../deep.ts";
import type { LetModel } from "./types.ts";

/**
 * HX0037: a definition at the end of a chain of more than LIMITS.definitionChain
 * definitions, each reading the next (`let l2 = l1 + 1`, `let l3 = l2 + 1`, …). An engine
 * computes a definition inside the computation of each one reading it, so such a chain
 * would exhaust its stack; the walks of the compiler after this one are bounded by it.
 * Each chain is reported once, at the definition where it passes the limit. Measured
 * without recursion; a cycle (HX0305) counts once around.
 */
export function checkDefinitionChains(letsByKey: ReadonlyMap<string, LetModel>, session: Session): void {
  const length = new Map<string, number>();
  const visiting = new Set<string>();
  const reads = (model: LetModel) => [...model.deps.lets, ...model.deps.elementLets].filter((key) => letsByKey.has(key));
  function* measure(key: string): Deep<number> {
    const known = length.get(key);
    if (known !== undefined) return known;
    if (visiting.has(key)) return 0;
    visiting.add(key);
    let longest = 0;
    for (const read of reads(letsByKey.get(key)!)) longest = Math.max(longest, (yield measure(read)) as number);
    visiting.delete(key);
    length.set(key, longest + 1);
    return longest + 1;
  }
  for (const [key, model] of letsByKey) {
    if (runDeep(measure(key)) !== LIMITS.definitionChain + 1) continue;
    const next = reads(model).find((read) => length.get(read) === LIMITS.definitionChain)!;
    session.report("HX0037", { name: key, reads: next, limit: LIMITS.definitionChain }, model.citation.place);
  }
}
