/**
 * The compiler, the generated engines, the site's scripts and the tests type-check
 * under TypeScript's strict mode (tsconfig.json), and the site's .astro files and
 * astro.config.mjs under `astro check` (tsconfig.astro.json), as `npm run typecheck` does.
 * tsc keeps what it learnt in node_modules/.cache/hexlaw/ (tsconfig.json's
 * `incremental`), so after a change it checks again only what the change can affect.
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { expect, it } from "vitest";
import { REPO } from "../support/repo.ts";

const resolve = createRequire(import.meta.url).resolve;

/** Limits, not measures: a cold check on a busy two-core machine takes minutes (it reads ~1,300 files). */
const BOUND = 10 * 60_000;

function run(script: string, args: string[]): string {
  const done = spawnSync(process.execPath, [script, ...args], { cwd: REPO, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } });
  return `${done.stdout}${done.stderr}`.trim() + (done.status === 0 ? "" : `\n(exit ${done.status})`);
}

it("type-checks in strict mode", () => {
  expect(run(resolve("typescript/bin/tsc"), ["--noEmit", "-p", REPO])).toBe("");
}, BOUND);

it("type-checks the .astro files and astro.config.mjs (astro check)", () => {
  const output = run(join(REPO, "node_modules/astro/bin/astro.mjs"), ["check", "--tsconfig", "tsconfig.astro.json"]);
  expect(output).toMatch(/Result \(\d+ files\):\s+- 0 errors\s+- 0 warnings/);
  expect(output).not.toContain("(exit");
}, BOUND);
