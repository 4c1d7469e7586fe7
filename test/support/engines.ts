/** Engines to test: every engine generated/index.json lists, plus those of the test fixtures' corpora. */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { compile } from "../../compiler/compile.ts";
import { emitEdition } from "../../compiler/4-emit/emit-edition.ts";
import { loadEngine } from "../../compiler/5-verify/load-engine.ts";
import type { CheckResult, Distribution, EngineSchema, Resolution, Wire } from "../../compiler/runtime/runtime.ts";
import { GENERATED, listedEngines, REPO } from "./repo.ts";

/** What every generated engine module exports. */
export interface EngineModule {
  metadata: { ruleset: string; edition: string; procedure: string; outcome: readonly string[]; outputs: readonly { label: string; names: readonly string[] }[] };
  schema: EngineSchema;
  check(value: unknown): CheckResult<Record<string, Wire>>;
  checkDice(value: unknown): CheckResult<Record<string, number>>;
  resolve(input: unknown, dice?: unknown, options?: { trace?: boolean; assume?: Record<string, Wire>; also?: readonly string[] }): Resolution<Record<string, Wire>>;
  distribution(input: unknown): Distribution<Record<string, Wire>>;
}

export interface NamedEngine {
  /** `ocs/4.3/overrun`, or `fixture:demo/1.0/attack` */
  name: string;
  load(): Promise<EngineModule>;
}

export const FIXTURE_CORPORA = ["test/fixtures/demo", "test/fixtures/expressions"];

export function generatedEngines(): NamedEngine[] {
  return listedEngines().map((entry) => ({
    name: entry.module.replace(/\.ts$/, ""),
    load: async () => (await import(pathToFileURL(join(GENERATED, entry.module)).href)) as EngineModule,
  }));
}

/** Engines of the fixture corpora, compiled in memory (so they exist whatever generated/ holds). */
export async function fixtureEngines(): Promise<NamedEngine[]> {
  const engines: NamedEngine[] = [];
  for (const fixture of FIXTURE_CORPORA) {
    const result = await compile({ root: join(REPO, fixture) });
    if (!result.ok) throw new Error(`${fixture} does not compile: ${result.diagnostics.map((d) => d.message).join("; ")}`);
    for (const edition of result.editions) {
      const emitted = emitEdition(edition);
      for (const engine of emitted.engines) {
        engines.push({
          name: `fixture:${engine.path.replace(/\.ts$/, "")}`,
          load: async () => (await loadEngine(engine.source, emitted.runtimeImport)) as unknown as EngineModule,
        });
      }
    }
  }
  return engines;
}
