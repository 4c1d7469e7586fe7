/**
 * The rulebook's worked examples as tests: every vector in every
 * generated/**\/*.vectors.json runs against its engine as its own test case, named
 * by the vector's id. A disputed vector must still produce what the rules
 * produced when it was recorded (the dispute is about the book, not the engine).
 * And generated/ must be what `hexlaw build` would write now.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { changedFiles, readTree } from "../../compiler/generated-files.ts";
import { runVector, showWire, type Finding } from "../../compiler/5-verify/run-vector.ts";
import type { EngineModule } from "../../compiler/runtime/runtime.ts";
import type { VectorFile } from "../../compiler/5-verify/vector.ts";
import { sameValue } from "../../compiler/runtime/runtime.ts";
import { compiledRepository, GENERATED } from "../support/repo.ts";

const files = [...readTree(GENERATED).keys()].filter((file) => file.endsWith(".vectors.json")).sort();

function explain(finding: Finding): string {
  switch (finding.kind) {
    case "mismatch":
      return `${finding.name}: the example says ${showWire(finding.expected)}, the engine gives ${showWire(finding.actual)}`;
    case "pending":
      return `${finding.name}: not computed (${finding.reason})`;
    case "allowed":
      return `expected ${finding.expected ? "allowed" : "not allowed"}; violations: ${finding.violations.join(", ") || "none"}`;
    case "violated":
      return `expected ${finding.name} to be violated; violations: ${finding.violations.join(", ") || "none"}`;
  }
}

describe.each(files)("%s", (file) => {
  const vectors = JSON.parse(readFileSync(join(GENERATED, file), "utf8")) as VectorFile;
  const load = async () => (await import(pathToFileURL(join(GENERATED, file.replace(/\.vectors\.json$/, ".ts"))).href)) as EngineModule;

  it("names its engine", () => {
    expect(file).toBe(`${vectors.ruleset}/${vectors.edition}/${vectors.procedure}.vectors.json`);
    expect(new Set(vectors.vectors.map((v) => v.id)).size, "vector ids are unique").toBe(vectors.vectors.length);
  });

  it.skipIf(vectors.vectors.length === 0).each(vectors.vectors.map((vector) => [vector.id, vector] as const))("%s", async (_, vector) => {
    const engine = await load();
    const run = runVector(engine, vector);
    const where = `${vector.source.file}:${vector.source.line}:${vector.source.column}`;
    if (vector.disputed) {
      expect(vector.actual, `${where}: a disputed vector records what the rules produce`).toBeDefined();
      expect(run.findings.length, `${where}: the rules do not produce what the disputed example says`).toBeGreaterThan(0);
      for (const [name, recorded] of Object.entries(vector.actual ?? {})) {
        expect(sameValue(run.actual[name], recorded), `${where}: ${name} was ${showWire(recorded)} when recorded, now ${showWire(run.actual[name] ?? null)}`).toBe(true);
      }
    } else {
      expect(run.findings.map(explain), where).toEqual([]);
    }
  });
});

describe("generated/", () => {
  // What `hexlaw check` does, in process, on the compile the unit tests share (the command itself: test/compiler/cli/).
  it("is what `hexlaw build` would write now", async () => {
    const result = await compiledRepository();
    expect(result.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.message}`), "warnings are allowed, errors are not").toEqual([]);
    expect(changedFiles(readTree(GENERATED), result.files), "run `hexlaw build` and commit generated/").toEqual([]);
  }, 120_000);

  it("holds vectors for the rulebooks' worked examples", () => {
    expect(files.length).toBeGreaterThan(0);
  });
});
