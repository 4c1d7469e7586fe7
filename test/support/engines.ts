/** Engines to test: every engine generated/index.json lists, plus those of the test fixtures' corpora. */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { compile, type CompileResult } from "../../compiler/compile.ts";
import type { Vector, VectorFile } from "../../compiler/5-verify/vector.ts";
import type { EngineModule, Resolution, Wire } from "../../compiler/runtime/runtime.ts";
import { GENERATED, listedEngines, REPO } from "./repo.ts";

export type { EngineModule };

export interface NamedEngine {
  /** `ocs/4.3/overrun`, or `fixture:demo/1.0/attack` */
  name: string;
  load(): Promise<EngineModule>;
  /** For engines compiled by the tests: the temporary generated/ folder holding them. */
  dir?: string;
  /** The engine's vectors (the rulebook's worked examples and constructed cases), from the file beside it; none if there is none. */
  vectors(): Vector[];
}

/** The vectors of the file beside an engine, read once. */
function vectorsIn(path: string): () => Vector[] {
  let read: Vector[] | undefined;
  return () => (read ??= existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as VectorFile).vectors : []);
}

/** What an engine answers for a vector: its input, dice and assumed results. */
export function resolveVector(engine: EngineModule, vector: Vector): Resolution<Record<string, Wire>> {
  return engine.resolve(vector.input, vector.dice, vector.assume ? { assume: vector.assume } : undefined) as Resolution<Record<string, Wire>>;
}

export const FIXTURE_CORPORA = ["test/fixtures/demo", "test/fixtures/expressions"];

export function generatedEngines(): NamedEngine[] {
  return listedEngines().map((entry) => ({
    name: entry.module.replace(/\.ts$/, ""),
    load: async () => (await import(pathToFileURL(join(GENERATED, entry.module)).href)) as EngineModule,
    vectors: vectorsIn(join(GENERATED, entry.module.replace(/\.ts$/, ".vectors.json"))),
  }));
}

/** Compiles a corpus and returns its engines (see `enginesOf`). */
export async function compiledEngines(root: string, label: string): Promise<NamedEngine[]> {
  return enginesOf(await compile({ root }), label);
}

/**
 * Writes what compile() returned for a corpus to a temporary generated/ and
 * returns the engines in it, loaded like any TypeScript module. Only the public
 * result of compile() is used, so this works whatever the compiler's internals.
 */
export function enginesOf(result: CompileResult, label: string): NamedEngine[] {
  if (!result.ok) throw new Error(`${label} does not compile: ${result.diagnostics.map((d) => d.message).join("; ")}`);
  const hash = createHash("sha256");
  for (const [path, text] of result.files) hash.update(path).update(text);
  const dir = join(tmpdir(), `hexlaw-test-engines-${hash.digest("hex").slice(0, 16)}`, "generated");
  for (const [path, text] of result.files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const index = JSON.parse(result.files.get("index.json")!) as { rulesets: { editions: { procedures: { module: string }[] }[] }[] };
  return index.rulesets.flatMap((r) => r.editions.flatMap((e) => e.procedures)).map(({ module }) => {
    const path = module.endsWith(".ts") ? module : `${module}.ts`;
    return {
      name: `${label}:${path.replace(/\.ts$/, "")}`,
      dir: dirname(dir),
      load: async () => (await import(pathToFileURL(join(dir, path)).href)) as EngineModule,
      vectors: vectorsIn(join(dir, path.replace(/\.ts$/, ".vectors.json"))),
    };
  });
}

/** Engines of the fixture corpora, compiled afresh (so they exist whatever generated/ holds). */
export async function fixtureEngines(): Promise<NamedEngine[]> {
  const engines: NamedEngine[] = [];
  for (const fixture of FIXTURE_CORPORA) engines.push(...(await compiledEngines(join(REPO, fixture), "fixture")));
  return engines;
}
