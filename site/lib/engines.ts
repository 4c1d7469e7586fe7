// The generated engines, for pages that show what an engine answers (the changes
// pages run both editions' engines on the report's situations at build time).
// Node loads each as the compiler wrote it (generated/…/<procedure>.js, which
// imports generated/runtime/), so the site's server bundle does not carry them:
// bundling the engines of every edition for a few pages took the build ~0.3 s.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { EngineModule } from "../../compiler/runtime/runtime.ts";
import { root } from "./corpus.ts";

export type Engine = EngineModule;

/** A name of the rule index (a ruleset, an edition, a procedure): one folder or file name, nothing that climbs. */
const NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** The engine of a procedure in an edition, or null when the edition has none. */
export async function engineOf(ruleset: string, edition: string, procedure: string): Promise<Engine | null> {
  if (![ruleset, edition, procedure].every((name) => NAME.test(name) && !name.includes(".."))) return null;
  const file = join(root, "generated", ruleset, edition, `${procedure}.js`);
  return existsSync(file) ? ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as Engine) : null;
}
