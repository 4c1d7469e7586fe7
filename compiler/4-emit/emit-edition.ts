import type { BuildCache } from "../cache.ts";
import type { CheckedEdition } from "../3-check/types.ts";
import { emitEngine } from "./emit-engine.ts";
import { procedureFingerprint } from "./fingerprint.ts";
import type { EmittedEdition } from "./types.ts";

/** Phase 4: one engine module per procedure of the edition (reused from the cache when unchanged). */
export function emitEdition(checked: CheckedEdition, cache?: BuildCache): EmittedEdition {
  const ruleset = checked.resolved.ruleset.id;
  const edition = checked.resolved.edition.id;
  const runtimeImport = "../../runtime.ts";
  return {
    ruleset,
    edition,
    runtimeImport,
    engines: checked.procedures.map((procedure) => {
      const key = cache ? procedureFingerprint(procedure, checked, runtimeImport) : "";
      let code = cache?.engines.get(key);
      if (code === undefined) {
        code = emitEngine(procedure, checked, runtimeImport);
        cache?.engines.set(key, code);
      }
      return { procedure: procedure.name, path: `${ruleset}/${edition}/${procedure.name}.ts`, ...code };
    }),
  };
}
