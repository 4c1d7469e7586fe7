import { createHash } from "node:crypto";
import type { EngineModule } from "../runtime/runtime.ts";
import { stringLiteral } from "../4-emit/ts/print.ts";

const RUNTIME = new URL("../runtime/runtime.ts", import.meta.url).href;

/**
 * Loads an engine from the JavaScript form the emitter prints beside the
 * TypeScript, so examples are checked against exactly the code `hexlaw build`
 * writes, before anything is written. Its runtime import points at the
 * compiler's copy of the runtime. A module loaded so is never freed: the compiler
 * calls this only in the engine worker (engine-host.ts), which is replaced in time.
 */
export async function loadEngine(javascript: string, runtimeImport: string): Promise<EngineModule> {
  const code = javascript.replace(stringLiteral(runtimeImport), stringLiteral(RUNTIME));
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as EngineModule;
}

/** Which engine a code is (the same code is loaded once per worker). */
export function engineKey(code: { javascript: string; runtimeImport: string }): string {
  return createHash("sha256").update(code.runtimeImport).update("\0").update(code.javascript).digest("hex");
}
