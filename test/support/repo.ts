/** Shared by the tests: where things are, temporary corpora, and running the CLI. */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { compile, type CompileResult } from "../../compiler/compile.ts";

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

/** An edition with no chapters (ruleset `t`, edition `1`), for tests that write their own. */
export const EMPTY = join(REPO, "test/fixtures/empty");

/** The front matter of a chapter of the empty edition. */
export function frontMatter(title = "Test", section = "1.0"): string {
  const slug = `${section.replace(/\./g, "-")}-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return `---\nruleset: t\nedition: "1"\nsection: "${section}"\ntitle: ${title}\norder: 1\nslug: ${slug}\nprovenance:\n  source: Written for the Hexlaw test suite.\n---\n`;
}

/** A temporary root holding the empty edition and one chapter; returns the root and the chapter's path. */
export function documentCorpus(document: string): { root: string; file: string } {
  const root = copyCorpus(EMPTY);
  const file = join(root, "rules/t/1/01-test.md");
  writeFileSync(file, document);
  return { root, file };
}

/**
 * A temporary root holding a copy of a fixture's rules/ and the grammars, compiled
 * and its generated/ written as `hexlaw build` would (for the site's libraries);
 * `edit` may change the copy before it is compiled.
 */
export async function builtCorpus(fixture: string, prefix = "hexlaw-test-", edit?: (root: string) => void): Promise<{ root: string; result: CompileResult }> {
  const root = tempDir(prefix);
  cpSync(join(fixture, "rules"), join(root, "rules"), { recursive: true });
  cpSync(join(REPO, "grammar"), join(root, "grammar"), { recursive: true });
  edit?.(root);
  const result = await compile({ root });
  if (!result.ok) throw new Error(`${fixture} does not compile: ${result.diagnostics.map((d) => d.message).join("; ")}`);
  for (const [path, content] of result.files) {
    mkdirSync(dirname(join(root, "generated", path)), { recursive: true });
    writeFileSync(join(root, "generated", path), content);
  }
  return { root, result };
}

let repository: Promise<CompileResult> | undefined;

/**
 * The repository's own corpus compiled once for every test file that runs in the same worker
 * (the unit tests share their workers: test/vitest.config.ts). Read it; never change it.
 */
export function compiledRepository(): Promise<CompileResult> {
  repository ??= compile({ root: REPO });
  return repository;
}

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `hexlaw …` in a child process with the same Node as the tests (killed after `timeout` ms, if given). */
export function hexlaw(args: string[], options: { cwd?: string; timeout?: number } = {}): Run {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd: options.cwd ?? REPO,
    encoding: "utf8",
    timeout: options.timeout,
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

/**
 * How many bytes this process reads while `run` runs (Linux's /proc/self/io `rchar`:
 * every read system call, from the page cache or not), or null where there is no such
 * count. How a test shows that a large file was never read, without timing anything.
 */
export function bytesRead<T>(run: () => T): { value: T; read: number | null } {
  const count = (): number | null => {
    try {
      return Number(/^rchar: (\d+)$/m.exec(readFileSync("/proc/self/io", "utf8"))?.[1]);
    } catch {
      return null;
    }
  };
  const before = count();
  const value = run();
  const after = count();
  return { value, read: before === null || after === null ? null : after - before };
}

/** A file of `size` bytes that takes no room on disk (a sparse file): a "1.5 GB page" for a test. */
export function sparseFile(path: string, size: number): void {
  writeFileSync(path, "");
  truncateSync(path, size);
}
