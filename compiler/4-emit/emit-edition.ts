import type { CheckedEdition } from "../3-check/types.ts";
import { emitEngine } from "./emit-engine.ts";
import type { EmittedEdition } from "./types.ts";

/** Phase 4: one engine module per procedure of the edition. */
export function emitEdition(checked: CheckedEdition): EmittedEdition {
  const ruleset = checked.resolved.ruleset.id;
  const edition = checked.resolved.edition.id;
  const runtimeImport = "../../runtime.ts";
  return {
    ruleset,
    edition,
    runtimeImport,
    engines: checked.procedures.map((procedure) => ({
      procedure: procedure.name,
      path: `${ruleset}/${edition}/${procedure.name}.ts`,
      source: emitEngine(procedure, checked, runtimeImport),
    })),
  };
}
