import { createHash } from "node:crypto";
import type { EngineModule } from "../runtime/runtime.ts";
import type { SharedModule } from "../4-emit/types.ts";
import { stringLiteral } from "../4-emit/ts/print.ts";

const RUNTIME = new URL("../runtime/runtime.ts", import.meta.url).href;

/**
 * Loads an engine from the JavaScript form the emitter prints beside the
 * TypeScript, so examples are checked against exactly the code `hexlaw build`
 * writes, before anything is written. Its runtime import points at the
 * compiler's copy of the runtime, its notation parsers' at their code in memory.
 * A module loaded so is never freed: the compiler
 * calls this only in the engine worker (engine-host.ts), which is replaced in time.
 */
export async function loadEngine(javascript: string, runtimeImport: string, modules: readonly SharedModule[] = []): Promise<EngineModule> {
  let code = javascript.replace(stringLiteral(runtimeImport), stringLiteral(RUNTIME));
  for (const m of modules) code = code.replace(stringLiteral(m.specifier), stringLiteral(dataUrl(m.javascript)));
  return (await import(dataUrl(code))) as EngineModule;
}

function dataUrl(javascript: string): string {
  return `data:text/javascript;base64,${Buffer.from(javascript).toString("base64")}`;
}

/** Which engine a code is (the same code is loaded once per worker). */
export function engineKey(code: { javascript: string; runtimeImport: string; modules: readonly SharedModule[] }): string {
  const hash = createHash("sha256").update(code.runtimeImport).update("\0").update(code.javascript);
  for (const m of code.modules) hash.update("\0").update(m.specifier).update("\0").update(m.javascript);
  return hash.digest("hex");
}
