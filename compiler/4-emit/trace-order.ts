import type { Dependencies, ProcedureModel } from "../3-check/types.ts";
import { runDeep, type Deep } from "../deep.ts";

/** One line of a trace: an input, a die, a definition (`name` or `list.name`) or a requirement. */
export type TraceNode =
  | { kind: "input"; name: string }
  | { kind: "dice"; name: string }
  | { kind: "let"; key: string }
  | { kind: "check"; index: number };

/**
 * The order of a procedure's trace, fixed at compile time: every step after the
 * steps it reads, requirements first and then the outputs, as `resolve` asks for
 * them, then whatever `also` or an example may add. The engine records nothing
 * while it resolves; the trace lists the steps in this order that were computed.
 */
export function traceOrder(procedure: ProcedureModel): TraceNode[] {
  return walk(procedure, true);
}

/**
 * The part of the trace's order that the requirements and the outputs read, directly or
 * through definitions: what `resolve` computes in the usual case (see emit-straight.ts).
 */
export function readOrder(procedure: ProcedureModel): TraceNode[] {
  return walk(procedure, false);
}

function walk(procedure: ProcedureModel, everything: boolean): TraceNode[] {
  const order: TraceNode[] = [];
  const seen = new Set<string>();
  const input = (name: string) => {
    if (!seen.has(`in:${name}`)) order.push({ kind: "input", name });
    seen.add(`in:${name}`);
  };
  const die = (name: string) => {
    if (!seen.has(`die:${name}`)) order.push({ kind: "dice", name });
    seen.add(`die:${name}`);
  };
  // Each definition after what it reads (a chain of any length is walked without recursion).
  function* definition(key: string): Deep {
    const model = procedure.letsByKey.get(key);
    if (!model || seen.has(`let:${key}`)) return;
    seen.add(`let:${key}`);
    if (model.each) input(model.each.list);
    yield reads(model.deps);
    order.push({ kind: "let", key });
  }
  function* reads(deps: Dependencies): Deep {
    for (const name of deps.inputs) input(name);
    for (const name of deps.dice) die(name);
    for (const key of deps.lets) yield definition(key);
    for (const key of deps.elementLets) yield definition(key);
  }

  procedure.requirements.forEach((requirement, index) => {
    runDeep(reads(requirement.deps));
    order.push({ kind: "check", index });
  });
  for (const name of procedure.outputNames) runDeep(definition(name));
  if (!everything) return order;
  for (const l of procedure.lets) runDeep(definition(l.key));
  for (const i of [...procedure.inputs, ...procedure.fixedInputs]) input(i.name);
  for (const d of procedure.dice) die(d.name);
  return order;
}
