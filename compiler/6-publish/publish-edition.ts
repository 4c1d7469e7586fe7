import { editionFolder } from "../generated-files.ts";
import type { CheckedEdition } from "../3-check/types.ts";
import { jsonSchema } from "../4-emit/emit-schema.ts";
import { escapeLineSeparators } from "../4-emit/ts/print.ts";
import type { EmittedEdition } from "../4-emit/types.ts";
import type { VerifiedExample } from "../5-verify/verify-examples.ts";
import type { VectorFile } from "../5-verify/vector.ts";
import { ruleIndex } from "./rule-index.ts";

export type Files = Map<string, string>;

/** A file of generated/ in JSON: no raw line separators, so it can be embedded in any script. */
export function json(value: unknown): string {
  return `${escapeLineSeparators(JSON.stringify(value, null, 2))}\n`;
}

/** Phase 6: the files of one edition under generated/: engines, schemas, vectors, rule index. */
export function publishEdition(checked: CheckedEdition, emitted: EmittedEdition, examples: VerifiedExample[], files: Files): ReturnType<typeof ruleIndex> {
  const { ruleset, edition } = emitted;
  const { folder, toTop } = editionFolder(ruleset, edition);
  for (const engine of emitted.engines) files.set(engine.path, engine.source);
  for (const procedure of checked.procedures) {
    const title = `${checked.resolved.ruleset.title} ${checked.resolved.edition.title}: ${procedure.label}`;
    files.set(`${folder}/${procedure.name}.input.schema.json`, json(jsonSchema(procedure, `hexlaw:${folder}/${procedure.name}/input`, title)));
    const vectors: VectorFile = {
      $schema: toTop("vectors.schema.json"),
      ruleset,
      edition,
      procedure: procedure.name,
      vectors: examples.filter((e) => e.procedure === procedure.name).map((e) => e.vector),
    };
    files.set(`${folder}/${procedure.name}.vectors.json`, json(vectors));
  }
  const index = ruleIndex(checked, examples);
  files.set(`${folder}/index.json`, json(index));
  return index;
}
