import { cpus } from "node:os";
import { realCorpus, scaling } from "./compile-bench.ts";
import { engines } from "./engine-bench.ts";
import { limits } from "./limits-bench.ts";
import { mutation } from "./mutate-bench.ts";
import { run as editions } from "./editions-bench.ts";
import { run as site } from "./site-bench.ts";
import { run as corpus } from "./corpus-bench.ts";
import { run as starlight } from "./starlight.ts";
import { run as lighthouse } from "./lighthouse.ts";
import { run as scale } from "./scale-bench.ts";
import { run as editing } from "./dev-bench.ts";
import { run as lsp } from "./lsp-bench.ts";

/**
 * `npm run bench`: prints the figures the issues set targets for, measured in
 * one run on this machine. Figures, not pass/fail: timed assertions flake.
 */
const only = process.argv.slice(2);
const want = (part: string) => only.length === 0 || only.includes(part);

process.stdout.write(`Hexlaw benchmark — ${new Date().toISOString()}, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "CPU"}\n\n`);
const parts: Record<string, () => Promise<unknown>> = { compile: realCorpus, editing, lsp, scaling: () => scaling(), limits, engines, site, lighthouse, starlight, corpus, editions, mutation, scale };
for (const [name, run] of Object.entries(parts)) {
  if (!want(name)) continue;
  await run();
  process.stdout.write("\n");
}
