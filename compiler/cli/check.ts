import { join } from "node:path";
import { BuildCache } from "../cache.ts";
import { compile } from "../compile.ts";
import { staleFiles } from "../generated-files.ts";
import { cacheDir } from "./build.ts";
import { printDiagnostics } from "./report.ts";

export async function check(root: string): Promise<number> {
  // What earlier builds and checks made is reused, keyed by content (compiler/cache.ts), as `hexlaw build` does.
  const cache = BuildCache.load(cacheDir(root));
  const result = await compile({ root, cache });
  const errors = printDiagnostics(result.diagnostics, result.sources);
  if (errors > 0) return 1;
  cache.save(cacheDir(root));
  const stale = staleFiles(join(root, "generated"), result.files);
  if (stale.length > 0) {
    const shown = stale.slice(0, 10).join(", ") + (stale.length > 10 ? `, and ${stale.length - 10} more` : "");
    process.stderr.write(`error[HX0902]: generated/ is out of date: ${shown}.\n   = hint: run \`hexlaw build\` and commit generated/.\n`);
    return 1;
  }
  process.stdout.write("No errors; generated/ is up to date.\n");
  return 0;
}
