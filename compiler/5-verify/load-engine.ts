import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Engine } from "./run-vector.ts";

const RUNTIME = new URL("../runtime/runtime.ts", import.meta.url).href;
const DIR = join(tmpdir(), `hexlaw-engines-${process.pid}`);

/**
 * Loads an engine from its generated source, before anything is written to
 * generated/, so examples are checked against exactly the code `hexlaw build`
 * will write. The module goes to a temporary file named by its content (Node
 * caches modules by URL, so a changed engine gets a new one); its runtime
 * import points at the compiler's copy of the runtime.
 */
export async function loadEngine(source: string, runtimeImport: string): Promise<Engine> {
  const code = source.replace(JSON.stringify(runtimeImport), JSON.stringify(RUNTIME));
  const hash = createHash("sha256").update(code).digest("hex").slice(0, 16);
  mkdirSync(DIR, { recursive: true });
  const file = join(DIR, `engine-${hash}.ts`);
  writeFileSync(file, code);
  return (await import(pathToFileURL(file).href)) as Engine;
}
