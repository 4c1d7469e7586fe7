import { stripTypeScriptTypes } from "node:module";
import type { Engine } from "./run-vector.ts";

const RUNTIME = new URL("../runtime/runtime.ts", import.meta.url).href;

/**
 * Loads an engine from its generated source without writing it anywhere, so
 * examples are checked against exactly the code that `hexlaw build` will write.
 * Its runtime import is pointed at the compiler's copy of the runtime.
 */
export async function loadEngine(source: string, runtimeImport: string): Promise<Engine> {
  const code = stripTypeScriptTypes(source.replace(JSON.stringify(runtimeImport), JSON.stringify(RUNTIME)), { mode: "strip" });
  const url = `data:text/javascript;base64,${Buffer.from(code).toString("base64")}`;
  return (await import(url)) as Engine;
}
