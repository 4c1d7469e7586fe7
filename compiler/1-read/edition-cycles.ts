import type { Session } from "../diagnostics/session.ts";
import { fieldPlace } from "./load-metadata.ts";
import type { SourcePlaces } from "./source-places.ts";

/**
 * The circles of a relation in which each edition names at most one other (`supersedes`,
 * `extends`): each circle as its editions in order, starting at the one of them that
 * comes first in `ids`, its last naming its first again (`["1"]` for an edition naming
 * itself). Each edition is walked once, so a long chain costs no more than its length.
 */
export function editionCycles(ids: readonly string[], next: (id: string) => string | undefined): string[][] {
  const order = new Map(ids.map((id, i) => [id, i]));
  const state = new Map<string, "walking" | "done">();
  const cycles: string[][] = [];
  for (const id of ids) {
    const walk: string[] = [];
    let at: string | undefined = id;
    while (at !== undefined && order.has(at) && !state.has(at)) {
      state.set(at, "walking");
      walk.push(at);
      at = next(at);
    }
    if (at !== undefined && state.get(at) === "walking") {
      const cycle = walk.slice(walk.indexOf(at));
      const first = cycle.reduce((best, e, i) => (order.get(e)! < order.get(cycle[best])! ? i : best), 0);
      cycles.push([...cycle.slice(first), ...cycle.slice(0, first)]);
    }
    for (const walked of walk) state.set(walked, "done");
  }
  return cycles;
}

/** `a → b → a`: a circle as a reader follows it. */
export const circleText = (cycle: readonly string[]) => [...cycle, cycle[0]].join(" → ");

/**
 * Reports each circle of `relation` among a ruleset's editions (HX0008), at the key in
 * the edition.yaml of its first edition, with the keys of the others beside it.
 */
export function reportEditionCycles(
  ids: readonly string[],
  relation: "supersedes" | "extends",
  next: (id: string) => string | undefined,
  placesOf: (id: string) => SourcePlaces,
  session: Session,
): string[][] {
  const cycles = editionCycles(ids, next);
  for (const cycle of cycles) {
    const others = cycle.slice(1).map((id) => ({ message: `${id} ${relation} \`${next(id)}\``, place: fieldPlace(placesOf(id), relation) }));
    const problem = cycle.length === 1 ? "which is itself" : `which leads back to it: ${circleText(cycle)}`;
    session.report("HX0008", { edition: cycle[0], relation, target: next(cycle[0]) ?? "", problem }, fieldPlace(placesOf(cycle[0]), relation), others);
  }
  return cycles;
}
