import { join } from "node:path";
import { compile } from "../compile.ts";
import { staleFiles, writeTree } from "../generated-files.ts";
import { printDiagnostics } from "./report.ts";

export async function build(root: string): Promise<number> {
  const started = performance.now();
  const result = await compile({ root });
  const errors = printDiagnostics(result.diagnostics, result.sources);
  if (errors > 0) {
    process.stderr.write("Build failed; generated/ was not changed.\n");
    return 1;
  }
  const dir = join(root, "generated");
  const changed = staleFiles(dir, result.files);
  if (changed.length > 0) writeTree(dir, result.files);
  const engines = [...result.files.keys()].filter((f) => f.endsWith(".ts") && f !== "runtime.ts").length;
  const ms = Math.round(performance.now() - started);
  process.stdout.write(`Built ${engines} engine(s) in ${ms} ms; ${changed.length === 0 ? "generated/ was already up to date" : `${changed.length} file(s) changed`}.\n`);
  return 0;
}
