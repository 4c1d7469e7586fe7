/// <reference types="vite/client" />
// The generated engines, for pages that show what an engine answers (the changes
// pages run both editions' engines on the report's situations at build time).
import type { EngineModule } from "../../compiler/runtime/runtime.ts";

export type Engine = EngineModule;

const modules = import.meta.glob<Engine>(["../../generated/*/*/*.ts", "!../../generated/*/*/*.d.ts"]);

/** The engine of a procedure in an edition, or null when the edition has none. */
export async function engineOf(ruleset: string, edition: string, procedure: string): Promise<Engine | null> {
  const load = modules[`../../generated/${ruleset}/${edition}/${procedure}.ts`];
  return load ? load() : null;
}
