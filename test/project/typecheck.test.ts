/**
 * The compiler, the generated engines, the site's scripts and the tests type-check
 * under TypeScript's strict mode (tsconfig.json), as `npm run typecheck` does.
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { expect, it } from "vitest";
import { REPO } from "../support/repo.ts";

it("type-checks in strict mode", () => {
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const run = spawnSync(process.execPath, [tsc, "--noEmit", "-p", REPO], { cwd: REPO, encoding: "utf8" });
  expect(run.stdout + run.stderr).toBe("");
  expect(run.status).toBe(0);
}, 120_000);
