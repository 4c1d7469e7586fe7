import type { Corpus } from "../1-read/types.ts";
import type { CheckedEdition } from "../3-check/types.ts";
import type { EmittedEdition } from "../4-emit/types.ts";
import { runEngineTask, type SideCode } from "../5-verify/engine-host.ts";
import { buildVector } from "../5-verify/build-vectors.ts";
import { diffFormal } from "./diff-formal.ts";
import { diffText } from "./diff-text.ts";
import type { EditionDiff, ProcedureComparison } from "./types.ts";
import type { RecentMap } from "../cache.ts";
import { fingerprint } from "../cache-files.ts";
import { importsKey } from "../4-emit/emit-edition.ts";

interface DiffOptions {
  samples: number;
  seed: number;
}

/** The behaviour sample of the published changes reports and of `hexlaw diff` by default (fixed, so reports are deterministic). */
export const DIFF_DEFAULTS: DiffOptions = { samples: 200, seed: 1 };

export interface EditionBuild {
  checked: CheckedEdition;
  emitted: EmittedEdition;
}

/**
 * Compares two editions of a ruleset: their text, their formal rules, and their engines' answers.
 * `comparisons` keeps each procedure's comparison by what it was made from (both engines, their
 * vectors, the formal changes and the sample): a rebuild runs again only the procedures an edit changed.
 */
export async function diffEditions(from: EditionBuild, to: EditionBuild, sources: Corpus["sources"], options: DiffOptions, comparisons?: RecentMap<ProcedureComparison>): Promise<EditionDiff> {
  const formal = diffFormal(from.checked, to.checked, sources);
  const sidesA = sides(from);
  const sidesB = sides(to);
  const procedures = [...new Set([...sidesA.keys(), ...sidesB.keys()])].sort();
  const formalText = comparisons ? JSON.stringify(formal) : "";
  const modules = comparisons ? [importsKey(from.emitted), importsKey(to.emitted)] : [];
  // The engines run in the engine worker (see 5-verify/engine-host.ts).
  const behaviour = await Promise.all(
    procedures.map(async (procedure) => {
      const task = { kind: "behaviour" as const, procedure, from: sidesA.get(procedure), to: sidesB.get(procedure), formal, samples: options.samples, seed: options.seed };
      if (!comparisons) return runEngineTask(task);
      const key = fingerprint("behaviour", procedure, sideKey(task.from, modules[0]), sideKey(task.to, modules[1]), formalText, String(options.samples), String(options.seed));
      let comparison = comparisons.get(key);
      if (comparison === undefined) comparisons.set(key, (comparison = await runEngineTask(task)));
      return comparison;
    }),
  );
  return {
    ruleset: from.checked.resolved.ruleset.id,
    from: from.checked.resolved.edition.id,
    to: to.checked.resolved.edition.id,
    errata: to.checked.resolved.edition.extends === from.checked.resolved.edition.id ? to.checked.resolved.edition.documents.flatMap((d) => d.amends).map(({ place: _place, ...erratum }) => erratum) : [],
    text: diffText(from.checked.resolved.paragraphs, to.checked.resolved.paragraphs),
    formal,
    behaviour,
    behaviourChanged: behaviour.some((p) => p.status !== "compared" || p.differences.length > 0),
  };
}

/** What a side of a comparison runs: its engine, the modules it imports (hashed once for the edition, `modules`) and its vectors. */
function sideKey(side: SideCode | undefined, modules: string): string {
  return side ? fingerprint(side.engine.javascript, modules, JSON.stringify(side.vectors)) : "none";
}

/** Each procedure's engine and its vectors. */
function sides({ checked, emitted }: EditionBuild): Map<string, SideCode> {
  const out = new Map<string, SideCode>();
  for (const engine of emitted.engines) {
    out.set(engine.procedure, {
      engine: { javascript: engine.javascript, runtimeImport: emitted.runtimeImport, modules: emitted.modules },
      vectors: checked.examples.filter((e) => e.procedure === engine.procedure).map(buildVector),
    });
  }
  return out;
}
