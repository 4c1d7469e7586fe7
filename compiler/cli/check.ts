import { join } from "node:path";
import { compile } from "../compile.ts";
import { staleFiles } from "../generated-files.ts";
import { printDiagnostics } from "./report.ts";

export async function check(root: string): Promise<number> {
  const result = await compile({ root });
  const errors = printDiagnostics(result.diagnostics, result.sources);
  if (errors > 0) return 1;
  const stale = staleFiles(join(root, "generated"), result.files);
  if (stale.length > 0) {
    const shown = stale.slice(0, 10).join(", ") + (stale.length > 10 ? `, and ${stale.length - 10} more` : "");
    process.stderr.write(`error[HX0902]: generated/ is out of date: ${shown}.\n   = hint: run \`hexlaw build\` and commit generated/.\n`);
    return 1;
  }
  process.stdout.write("No errors; generated/ is up to date.\n");
  return 0;
}
