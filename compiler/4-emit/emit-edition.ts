import type { BuildCache } from "../cache.ts";
import type { CheckedEdition } from "../3-check/types.ts";
import { emitEngine, javaScriptSpecifier } from "./emit-engine.ts";
import { jsonSchema } from "./emit-schema.ts";
import { procedureFingerprint } from "./fingerprint.ts";
import type { EmittedEdition } from "./types.ts";
import { editionFolder, notationModule, RUNTIME_ENTRY } from "../generated-files.ts";
import { fingerprint } from "../cache-files.ts";

/** Phase 4: one engine module per procedure of the edition (reused from the cache when unchanged). */
export function emitEdition(checked: CheckedEdition, cache?: BuildCache): EmittedEdition {
  const ruleset = checked.resolved.ruleset.id;
  const edition = checked.resolved.edition.id;
  const title = `${checked.resolved.ruleset.title} ${checked.resolved.edition.title}`;
  const { folder, toTop } = editionFolder(ruleset, edition);
  const runtimeImport = toTop(RUNTIME_ENTRY);
  const notationImport = (grammar: string) => toTop(notationModule(grammar));
  return {
    ruleset,
    edition,
    runtimeImport,
    runtimeJavaScriptImport: javaScriptSpecifier(runtimeImport),
    modules: [...checked.parsers].map(([grammar, javascript]) => ({ path: notationModule(grammar), specifier: notationImport(grammar), javascript })),
    engines: checked.procedures.map((procedure) => {
      const key = cache ? procedureFingerprint(procedure, checked, runtimeImport) : "";
      let code = key ? cache?.engines.get(key) : undefined;
      if (code === undefined) {
        code = emitEngine(procedure, checked, runtimeImport, notationImport);
        if (key) cache?.engines.set(key, code);
      }
      const inputSchema = jsonSchema(procedure, `hexlaw:${folder}/${procedure.name}/input`, `${title}: ${procedure.label}`);
      return { procedure: procedure.name, path: `${folder}/${procedure.name}.ts`, inputSchema, ...code };
    }),
  };
}

/**
 * What an edition's engines import, hashed: where the runtime is and the notation parsers. An
 * engine's answers depend on them as on its own text (a grammar can change and leave that text
 * as it was), so what is kept of a run of the engine is keyed by both.
 */
export function importsKey(emitted: EmittedEdition): string {
  return fingerprint(emitted.runtimeImport, JSON.stringify(emitted.modules));
}
