import type { Session } from "../diagnostics/session.ts";
import type { CheckedEdition, EmittedEdition } from "../4-emit/types.ts";
import { buildVector } from "./build-vectors.ts";
import { runEngineTask } from "./engine-host.ts";
import { showWire, type Finding, type VectorRun } from "./run-vector.ts";
import type { BuildCache } from "../cache.ts";
import { fingerprint } from "../cache-files.ts";
import { importsKey } from "../4-emit/emit-edition.ts";
import type { Vector } from "./vector.ts";

type ExampleStatus = "checked" | "disputed" | "failed";

export interface VerifiedExample {
  vector: Vector;
  procedure: string;
  status: ExampleStatus;
}

/**
 * Phase 5: runs every worked example on the engines just emitted. An example the
 * rules do not reproduce is an error, unless it is marked disputed; a disputed
 * example records what the rules produce instead.
 */
export async function verifyExamples(checked: CheckedEdition, emitted: EmittedEdition, session: Session, cache?: BuildCache): Promise<VerifiedExample[]> {
  const engines = new Map(emitted.engines.map((e) => [e.procedure, e]));
  // Each engine's source hashed once, not once per example (an engine is up to hundreds of kilobytes),
  // with the notation parsers it imports (a grammar can change and leave the engine's own text as it was).
  const modules = cache ? importsKey(emitted) : "";
  const engineKeys = new Map(cache ? emitted.engines.map((e) => [e.procedure, fingerprint(e.source, modules)]) : []);
  const examples = checked.examples.filter((example) => engines.has(example.procedure)).map((example) => {
    const vector = buildVector(example);
    // The same engine on the same vector gives the same result: only new pairs are run.
    const key = cache ? fingerprint(engineKeys.get(example.procedure)!, JSON.stringify(vector)) : "";
    return { example, vector, key, run: cache?.examples.get(key) as VectorRun | undefined };
  });
  // The rest run in the engine worker, one task per engine.
  for (const [procedure, engine] of engines) {
    const todo = examples.filter((e) => e.example.procedure === procedure && !e.run);
    if (todo.length === 0) continue;
    const runs = await runEngineTask({ kind: "vectors", engine: { javascript: engine.javascript, runtimeImport: emitted.runtimeImport, modules: emitted.modules }, vectors: todo.map((e) => e.vector) });
    for (const [i, e] of todo.entries()) {
      e.run = runs[i];
      cache?.examples.set(e.key, e.run);
    }
  }
  const verified: VerifiedExample[] = [];
  for (const { example, vector, run: ran } of examples) {
    const run = ran!;
    const place = example.place;
    if (example.disputed) {
      vector.actual = run.actual;
      if (run.findings.length === 0) session.report("HX0507", { title: example.title }, place);
      verified.push({ vector, procedure: example.procedure, status: "disputed" });
      continue;
    }
    // "Not allowed" is implied by each requirement the example says is violated: report those only.
    const violatedFindings = run.findings.some((f) => f.kind === "violated");
    for (const finding of run.findings) {
      if (finding.kind === "allowed" && violatedFindings) continue;
      reportFinding(finding, example.title, example.expect, place, session);
    }
    verified.push({ vector, procedure: example.procedure, status: run.findings.length === 0 ? "checked" : "failed" });
  }
  return verified;
}

function reportFinding(finding: Finding, title: string, expectations: CheckedEdition["examples"][number]["expect"], fallback: Parameters<Session["report"]>[2], session: Session): void {
  const placeOf = (name?: string) => expectations.find((e) => e.kind !== "allowed" && e.name === name)?.place ?? fallback;
  switch (finding.kind) {
    case "mismatch":
      session.report("HX0506", { title, name: finding.name, actual: showWire(finding.actual), expected: showWire(finding.expected) }, placeOf(finding.name));
      return;
    case "pending":
      session.report("HX0508", { title, name: finding.name, reason: finding.reason }, placeOf(finding.name));
      return;
    case "allowed":
      session.report("HX0506", { title, name: "allowed", actual: finding.expected ? `not allowed (${finding.violations.join(", ")})` : "allowed", expected: String(finding.expected) }, expectations.find((e) => e.kind === "allowed")?.place ?? fallback);
      return;
    case "violated":
      session.report("HX0506", { title, name: `violated ${finding.name}`, actual: finding.violations.length ? `violations: ${finding.violations.join(", ")}` : "no violation", expected: `${finding.name} violated` }, placeOf(finding.name));
      return;
  }
}
