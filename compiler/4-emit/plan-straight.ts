import type { Dependencies, ProcedureModel } from "../3-check/types.ts";
import { elementName } from "./names.ts";
import { readOrder, type TraceNode } from "./trace-order.ts";

/**
 * The plan of the straight-line function (emit-straight.ts prints it): which steps it computes,
 * in what order, which per-unit definitions share a loop over their units (`schedule`), and which
 * of those keep their value in a local of the loop instead of an array (`loopLocals`). Both are
 * decided from the procedure and from the values its comprehensions read (by definition, as the
 * expression emitter names them: `capturedBy`, `capturedAnywhere`).
 */

/** One step of the straight-line function: an input, a die, a requirement, a definition, or the per-unit definitions of one list computed in one loop. */
export type Step = TraceNode | { kind: "units"; list: string; variable: string; keys: string[] };

/** What a step reads, as `needed` names it. */
function readsOf(procedure: ProcedureModel, node: TraceNode): string[] {
  const keys = (deps: Dependencies) => [...[...deps.inputs].map((n) => `in:${n}`), ...[...deps.dice].map((n) => `die:${n}`), ...[...deps.lets, ...deps.elementLets].filter((k) => procedure.letsByKey.has(k)).map((k) => `let:${k}`)];
  if (node.kind === "check") return keys(procedure.requirements[node.index].deps);
  if (node.kind !== "let") return [];
  const l = procedure.letsByKey.get(node.key)!;
  return [...keys(l.deps), ...(l.each ? [`in:${l.each.list}`] : [])];
}

/**
 * The order of the straight-line function: the trace's order (each step after what it reads) of
 * what the requirements and outputs need, except that per-unit definitions wait until a step
 * reads one of them; then every per-unit definition of that list waiting by then is computed,
 * in order, in one loop over the units.
 */
export function schedule(procedure: ProcedureModel, capturedBy: ReadonlyMap<string, ReadonlySet<string>>): Step[] {
  const steps: Step[] = [];
  const waiting = new Map<string, { variable: string; keys: string[] }>();
  const listOf = (key: string) => procedure.letsByKey.get(key)?.each;
  const flushReads = (node: TraceNode): void => {
    for (const key of readsOf(procedure, node)) {
      const each = key.startsWith("let:") ? listOf(key.slice(4)) : undefined;
      if (each && waiting.get(each.list)?.keys.includes(key.slice(4))) flush(each.list);
    }
  };
  const flush = (list: string): void => {
    const group = waiting.get(list);
    if (!group) return;
    waiting.delete(list);
    // What the group reads of other lists' waiting definitions comes first.
    for (const key of group.keys) flushReads({ kind: "let", key });
    steps.push({ kind: "units", list, variable: group.variable, keys: group.keys });
  };
  for (const node of readOrder(procedure)) {
    const each = node.kind === "let" ? listOf(node.key) : undefined;
    if (each && node.kind === "let") {
      // A definition reading every unit's value of a waiting one (through a comprehension) needs them all first: a loop of its own.
      const l = procedure.letsByKey.get(node.key)!;
      const reads = capturedBy.get(`straight$${elementName(each.list, l.name)}`);
      if (waiting.get(each.list)?.keys.some((key) => reads?.has(elementName(each.list, procedure.letsByKey.get(key)!.name)))) flush(each.list);
      const group = waiting.get(each.list) ?? { variable: each.variable, keys: [] };
      group.keys.push(node.key);
      waiting.set(each.list, group);
      continue;
    }
    flushReads(node);
    steps.push(node);
  }
  for (const list of [...waiting.keys()]) flush(list);
  return steps;
}

/**
 * The per-unit definitions kept in a local of their loop instead of an array: not an output, not
 * read by a comprehension (`capturedAnywhere`), and read only by definitions of the same loop.
 */
export function loopLocals(procedure: ProcedureModel, steps: Step[], capturedAnywhere: ReadonlySet<string>): Set<string> {
  const outputs = new Set(procedure.outputNames);
  const readers = new Map<string, string[]>();
  const readBy = (deps: Dependencies, reader: string) => deps.elementLets.forEach((key) => readers.set(key, [...(readers.get(key) ?? []), reader]));
  procedure.lets.forEach((l) => readBy(l.deps, l.key));
  procedure.requirements.forEach((r) => readBy(r.deps, `check:${r.name}`));
  const scalars = new Set<string>();
  for (const step of steps) {
    if (step.kind !== "units") continue;
    const group = new Set(step.keys);
    for (const key of step.keys) {
      const l = procedure.letsByKey.get(key)!;
      const name = elementName(l.each!.list, l.name);
      if (outputs.has(key) || capturedAnywhere.has(name)) continue;
      if ((readers.get(key) ?? []).every((reader) => group.has(reader))) scalars.add(name);
    }
  }
  return scalars;
}
