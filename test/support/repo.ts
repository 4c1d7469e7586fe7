/** Shared by the tests: where things are, temporary corpora, and running the CLI. */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const REPO = fileURLToPath(new URL("../..", import.meta.url));
export const CLI = join(REPO, "compiler/cli/hexlaw.ts");
export const GENERATED = join(REPO, "generated");
/** A small valid corpus with one procedure, a chart, a notation, dice and examples. */
export const DEMO = join(REPO, "test/fixtures/demo");

/** A fresh temporary folder; remove it with `rmSync(dir, { recursive: true })` or `removeTemp`. */
export function tempDir(prefix = "hexlaw-test-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function removeTemp(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** A temporary repository root holding a copy of a fixture's rules/ (and generated/, if it has one). */
export function copyCorpus(fixture: string): string {
  const root = tempDir();
  cpSync(join(fixture, "rules"), join(root, "rules"), { recursive: true });
  return root;
}

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `hexlaw …` in a child process with the same Node as the tests. */
export function hexlaw(args: string[], options: { cwd?: string } = {}): Run {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd: options.cwd ?? REPO,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export interface EngineEntry {
  /** The module's path under generated/: `ocs/4.3/overrun.ts` */
  module: string;
  ruleset: string;
  edition: string;
  procedure: string;
}

/** Every engine that generated/index.json lists, so new engines are tested without editing tests. */
export function listedEngines(): EngineEntry[] {
  const index = JSON.parse(readFileSync(join(GENERATED, "index.json"), "utf8")) as {
    rulesets: { id: string; editions: { id: string; procedures: { name: string; module: string }[] }[] }[];
  };
  return index.rulesets.flatMap((ruleset) =>
    ruleset.editions.flatMap((edition) =>
      edition.procedures.map((p) => ({ module: p.module.endsWith(".ts") ? p.module : `${p.module}.ts`, ruleset: ruleset.id, edition: edition.id, procedure: p.name })),
    ),
  );
}
