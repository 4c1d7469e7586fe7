import type { EngineModule } from "../runtime/runtime.ts";
import { stringLiteral } from "../4-emit/ts/print.ts";

const RUNTIME = new URL("../runtime/runtime.ts", import.meta.url).href;

/**
 * Loads an engine in-process from the JavaScript form the emitter prints beside
 * the TypeScript, so examples are checked against exactly the code `hexlaw build`
 * writes, before anything is written. Its runtime import points at the
 * compiler's copy of the runtime.
 */
export async function loadEngine(javascript: string, runtimeImport: string): Promise<EngineModule> {
  const code = javascript.replace(stringLiteral(runtimeImport), stringLiteral(RUNTIME));
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as EngineModule;
}
