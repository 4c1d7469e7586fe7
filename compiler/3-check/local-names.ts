import type { Symbols } from "../2-resolve/types.ts";
import type { Dependencies, ProcedureModel } from "./types.ts";

/**
 * What each definition is called in one procedure's engine: a definition that two chapters
 * make (keyed `ch9.final_column` in the edition) keeps its plain name (`final_column`) in an
 * engine that reads only one of them, so that another chapter defining the same name does not
 * rename an engine's outputs, trace steps and vectors. An engine that reads both calls each
 * by its chapter.
 */
export function localNames(procedure: ProcedureModel, symbols: Symbols): ProcedureModel {
  const keys = new Map<string, string>();
  const read = [...procedure.letsByKey.keys()];
  for (const key of read) {
    const dot = key.indexOf(".");
    const name = key.slice(dot + 1);
    if (dot < 0 || symbols.lets.get(key) === undefined) continue;
    const sharing = read.filter((other) => other === name || (other.endsWith(`.${name}`) && symbols.lets.has(other)));
    if (sharing.length === 1 && !procedure.inputs.some((i) => i.name === name) && !procedure.dice.some((d) => d.name === name)) keys.set(key, name);
  }
  if (keys.size === 0) return { ...procedure, keys };
  const local = (key: string) => keys.get(key) ?? key;
  const deps = (d: Dependencies): Dependencies => ({ ...d, lets: new Set([...d.lets].map(local)) });
  const lets = procedure.lets.map((l) => ({ ...l, key: local(l.key), deps: deps(l.deps) }));
  const steps = (names: string[]) => names.map(local);
  return {
    ...procedure,
    lets,
    letsByKey: new Map(lets.map((l) => [l.key, l])),
    requirements: procedure.requirements.map((r) => ({ ...r, deps: deps(r.deps) })),
    outputs: procedure.outputs.map((g) => ({ ...g, names: steps(g.names) })),
    outcome: steps(procedure.outcome),
    outputNames: steps(procedure.outputNames),
    summary: procedure.summary.map((part) => ({
      ...part,
      items: part.items.map((item) => ("value" in item ? { ...item, value: local(item.value) } : item)),
      ...(part.when ? { when: local(part.when) } : {}),
    })),
    decisive: {
      ...procedure.decisive,
      steps: steps(procedure.decisive.steps),
      checks: Object.fromEntries(Object.entries(procedure.decisive.checks).map(([name, read]) => [name, steps(read)])),
    },
    keys,
  };
}
