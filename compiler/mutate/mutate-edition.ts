import { checkEdition } from "../3-check/check-edition.ts";
import { emitEdition } from "../4-emit/emit-edition.ts";
import { buildVector } from "../5-verify/build-vectors.ts";
import { loadEngine } from "../5-verify/load-engine.ts";
import { runVector } from "../5-verify/run-vector.ts";
import type { Vector } from "../5-verify/vector.ts";
import { diffBehaviour } from "../5-verify/diff-behaviour.ts";
import type { EditionBuild } from "../diff/diff-editions.ts";
import { Session } from "../diagnostics/session.ts";
import type { EngineModule } from "../runtime/runtime.ts";
import type { SharedModule } from "../4-emit/types.ts";
import { findMutants } from "./find-mutants.ts";
import { chartDifferences, type Transcription } from "./transcription.ts";
import type { EditionMutation, Mutant, MutantResult, MutantStatus } from "./types.ts";

export interface MutateOptions {
  /** Situations sampled for each survivor to tell whether it is probably equivalent (0: none). */
  samples: number;
  seed: number;
  /**
   * The printed charts as transcribed apart from the rules (see transcription.ts): a chart
   * cell's mutant that makes its chart differ from it is killed by it, as a test checking the
   * charts against their print would kill it, whether or not a vector reads the cell.
   */
  transcription?: Transcription;
  /** Called after each mutant, for progress. */
  progress?: (done: number, total: number) => void;
}

export const MUTATE_DEFAULTS: MutateOptions = { samples: 60, seed: 1 };

/**
 * Mutation testing of one edition's formal rules: each mutant (see findMutants)
 * is made in the parsed rules, the edition is checked and emitted again in
 * process, and every vector of each procedure whose engine changed is replayed.
 * A mutant is killed when some vector's answer differs from the answer of the
 * rules as written; one that no vector kills is a rule no worked example pins.
 */
export async function mutateEdition(build: EditionBuild, sources: ReadonlyMap<string, string>, options: MutateOptions = MUTATE_DEFAULTS): Promise<EditionMutation> {
  const { checked, emitted } = build;
  // Mutants never touch notation grammars, so every engine shares the edition's notation parsers.
  const engines = new EngineCache(emitted.runtimeImport, emitted.modules);
  const original = new Map(emitted.engines.map((e) => [e.procedure, e.javascript]));
  const vectors = new Map<string, Vector[]>();
  for (const example of checked.examples) vectors.set(example.procedure, [...(vectors.get(example.procedure) ?? []), buildVector(example)]);
  // The answers of the rules as written, which a mutant must change to be killed.
  const answers = new Map<Vector, string>();
  for (const [procedure, list] of vectors) {
    const engine = await engines.load(original.get(procedure)!);
    for (const vector of list) answers.set(vector, answerOf(engine, vector));
  }

  const mutants = findMutants(checked, sources);
  // What each chart already differs from its transcription in (an amended edition's charts may): a mutant, which changes
  // one cell, is killed by the transcription when it makes that cell differ too.
  const { transcription } = options;
  const differing = new Map<string, Set<string>>();
  for (const { chart } of mutants) {
    const table = chart && transcription?.get(chart.id);
    if (chart && table && !differing.has(chart.id)) differing.set(chart.id, new Set(chartDifferences(chart, table)));
  }
  const newDifference = (mutant: Mutant): string | undefined => {
    const table = mutant.chart && transcription?.get(mutant.chart.id);
    const before = mutant.chart && differing.get(mutant.chart.id);
    if (!mutant.chart || !table || !before) return undefined;
    const now = chartDifferences(mutant.chart, table);
    return now.length > before.size ? now.find((d) => !before.has(d)) : undefined;
  };
  const results: MutantResult[] = [];
  for (const mutant of mutants) {
    const undo = mutant.apply();
    try {
      results.push(await judge(mutant));
    } finally {
      undo();
    }
    options.progress?.(results.length, mutants.length);
  }
  return summarize(checked.resolved.ruleset.id, checked.resolved.edition.id, results);

  async function judge(mutant: Mutant): Promise<MutantResult> {
    const base = { id: mutant.id, operator: mutant.operator, paragraph: mutant.paragraph, file: mutant.file, line: mutant.line, column: mutant.column, change: mutant.change };
    const session = new Session();
    let changed: { procedure: string; javascript: string }[];
    try {
      const mutated = checkEdition(checked.resolved, session);
      const error = session.sorted().find((d) => d.severity === "error");
      if (error) return { ...base, status: "invalid", detail: `${error.code}: ${error.message}` };
      changed = emitEdition(mutated).engines.filter((e) => e.javascript !== original.get(e.procedure));
    } catch (error) {
      return { ...base, status: "invalid", detail: String((error as Error)?.message ?? error).split("\n")[0] };
    }
    if (changed.length === 0) return { ...base, status: "equivalent" };
    for (const { procedure, javascript } of changed) {
      const engine = await engines.load(javascript);
      for (const vector of vectors.get(procedure) ?? []) {
        if (answerOf(engine, vector) !== answers.get(vector)) return { ...base, status: "killed", detail: `${procedure}: ${vector.title}` };
      }
    }
    // A change no vector notices may still make a chart differ from its print.
    const differs = newDifference(mutant);
    if (differs) return { ...base, status: "killed", detail: `the transcription: ${differs}`, byTranscription: true };
    if (options.samples === 0) return { ...base, status: "survived" };
    // Does any sampled situation tell the mutant apart? If none does, it is probably equivalent.
    let distinguishable = false;
    for (const { procedure, javascript } of changed) {
      const side = async (code: string) => ({ engine: await engines.load(code), vectors: vectors.get(procedure) ?? [] });
      const comparison = diffBehaviour(procedure, await side(original.get(procedure)!), await side(javascript), [], options.samples, options.seed);
      if (comparison.differences.length > 0) distinguishable = true;
    }
    return { ...base, status: "survived", distinguishable };
  }
}

/** A vector's answer, as text: allowed, violations, each expected output's value or why it has none. */
function answerOf(engine: EngineModule, vector: Vector): string {
  try {
    const run = runVector(engine, vector);
    return JSON.stringify(run);
  } catch (error) {
    // A mutant can make an engine throw (a value of the wrong kind where the rules never put one).
    return `throws: ${String((error as Error)?.message ?? error)}`;
  }
}

function summarize(ruleset: string, edition: string, mutants: MutantResult[]): EditionMutation {
  const counts: Record<MutantStatus, number> = { killed: 0, survived: 0, equivalent: 0, invalid: 0 };
  for (const m of mutants) counts[m.status]++;
  const indistinct = mutants.filter((m) => m.status === "survived" && m.distinguishable === false).length;
  const rate = (killed: number, of: number) => (of === 0 ? 1 : killed / of);
  return {
    ruleset,
    edition,
    mutants,
    counts,
    killRate: rate(counts.killed, counts.killed + counts.survived),
    killRateOfDistinguishable: rate(counts.killed, counts.killed + counts.survived - indistinct),
  };
}

/** Engines loaded once per distinct code (a module cannot be unloaded, so the same code is never loaded twice). */
class EngineCache {
  private readonly loaded = new Map<string, Promise<EngineModule>>();
  private readonly runtimeImport: string;
  private readonly shared: readonly SharedModule[];

  constructor(runtimeImport: string, shared: readonly SharedModule[]) {
    this.runtimeImport = runtimeImport;
    this.shared = shared;
  }

  load(javascript: string): Promise<EngineModule> {
    let module = this.loaded.get(javascript);
    if (!module) {
      module = loadEngine(javascript, this.runtimeImport, this.shared);
      this.loaded.set(javascript, module);
    }
    return module;
  }
}
