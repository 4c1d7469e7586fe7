// A rebuild in a long-running process (`--watch`, `npm run dev`) reuses what did not change
// (documents, engines, example runs, comparisons of two editions' engines, digests of files),
// and must still write exactly what a cold build of the same sources writes. A sequence of
// edits to one rules block and its chapter, a failed build among them: after each, the
// warm build's files and diagnostics equal a cold build's.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { BuildCache } from "../../compiler/cache.ts";
import { compile, type CompileResult } from "../../compiler/compile.ts";
import { formatDiagnostic } from "../../compiler/diagnostics/format.ts";
import { copyCorpus, removeTemp } from "../support/repo.ts";

const root = copyCorpus(new URL("../editions/fixture", import.meta.url).pathname);
afterAll(() => removeTemp(root));

const CHAPTER = join(root, "rules/fx/v2/01-moves.md");
const original = readFileSync(CHAPTER, "utf8");

/** Each edit, applied to the chapter as the one before left it. */
const EDITS: [string, string, string][] = [
  ["prose only", "at full speed, never faster", "at full speed and never faster"],
  ["a constant, which its example contradicts", `let charge_cost "Charge cost" = 2`, `let charge_cost "Charge cost" = 3`],
  ["the example follows", "expect charge_cost = 2, mp_after = 3", "expect charge_cost = 3, mp_after = 2"],
  ["a label", `"Charge cost" = 3`, `"Cost of a charge" = 3`],
];

const shown = (result: CompileResult) => ({
  ok: result.ok,
  files: result.files,
  diagnostics: result.diagnostics.map((d) => formatDiagnostic(d, (file) => result.sources.get(file))),
});

test("after each edit, the rebuild with everything earlier builds kept writes what a cold build writes", async () => {
  const cache = new BuildCache();
  expect((await compile({ root, cache })).ok).toBe(true);
  const steps = [...EDITS.map(([name, from, to]) => ({ name, change: (text: string) => text.replace(from, to) })), { name: "back to the start", change: () => original }];
  const outcomes: string[] = [];
  for (const step of steps) {
    const before = readFileSync(CHAPTER, "utf8");
    const after = step.change(before);
    expect(after, step.name).not.toBe(before);
    writeFileSync(CHAPTER, after);
    const warm = shown(await compile({ root, cache }));
    const cold = shown(await compile({ root }));
    expect(warm, step.name).toEqual(cold);
    outcomes.push(`${step.name}: ${warm.ok ? "built" : [...new Set(warm.diagnostics.filter((d) => d.startsWith("error")).map((d) => d.slice(0, 13)))].join(", ")}`);
  }
  // The sequence went through a failed build and out of it again.
  expect(outcomes).toEqual([
    "prose only: built",
    "a constant, which its example contradicts: error[HX0506]",
    "the example follows: built",
    "a label: built",
    "back to the start: built",
  ]);
});
