import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { readTree, recoverTree } from "../generated-files.ts";
import type { EngineModule } from "../runtime/runtime.ts";
import { runVector, showWire } from "../5-verify/run-vector.ts";
import type { VectorFile } from "../5-verify/vector.ts";
import { sameValue } from "../runtime/runtime.ts";

/** Runs every vector file under generated/ against its engine module. */
export async function test(root: string): Promise<number> {
  const dir = join(root, "generated");
  // A build killed between its two renames leaves the old tree beside generated/: put it back first.
  recoverTree(dir);
  const files = [...readTree(dir).keys()].filter((f) => f.endsWith(".vectors.json")).sort();
  let passed = 0;
  let failed = 0;
  for (const file of files) {
    const vectors = JSON.parse(readFileSync(join(dir, file), "utf8")) as VectorFile;
    const engine = (await import(pathToFileURL(join(dir, file.replace(/\.vectors\.json$/, ".ts"))).href)) as EngineModule;
    for (const vector of vectors.vectors) {
      const run = runVector(engine, vector);
      const problems = vector.disputed
        ? Object.entries(vector.actual ?? {}).filter(([name, value]) => !sameValue(run.actual[name], value)).map(([name, value]) => `${name}: the rules produced ${showWire(value)} when recorded, now ${run.actual[name] === undefined ? "nothing" : showWire(run.actual[name])}`)
        : run.findings.map((f) =>
            f.kind === "mismatch" ? `${f.name}: expected ${showWire(f.expected)}, the engine gives ${showWire(f.actual)}`
            : f.kind === "pending" ? `${f.name}: not computed (${f.reason})`
            : f.kind === "allowed" ? `expected ${f.expected ? "allowed" : "not allowed"}; violations: ${f.violations.join(", ") || "none"}`
            : `expected ${f.name} to be violated; violations: ${f.violations.join(", ") || "none"}`,
          );
      if (problems.length === 0) {
        passed++;
        continue;
      }
      failed++;
      process.stderr.write(`FAIL ${vectors.ruleset}/${vectors.edition}/${vectors.procedure} ${vector.id}\n  --> ${vector.source.file}:${vector.source.line}:${vector.source.column}\n${problems.map((p) => `  ${p}\n`).join("")}`);
    }
  }
  process.stdout.write(`${passed} vector(s) passed, ${failed} failed (${files.length} file(s)).\n`);
  return failed > 0 ? 1 : 0;
}
