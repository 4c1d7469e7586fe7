import { cpus } from "node:os";
import { realCorpus, scaling } from "./compile-bench.ts";
import { engines } from "./engine-bench.ts";

/**
 * `npm run bench`: prints the figures the issues set targets for, measured in
 * one run on this machine. Figures, not pass/fail: timed assertions flake.
 */
const only = process.argv.slice(2);
const want = (part: string) => only.length === 0 || only.includes(part);

process.stdout.write(`Hexlaw benchmark — ${new Date().toISOString()}, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "CPU"}\n\n`);
if (want("compile")) {
  await realCorpus();
  process.stdout.write("\n");
}
if (want("scaling")) {
  await scaling();
  process.stdout.write("\n");
}
if (want("engines")) {
  await engines();
  process.stdout.write("\n");
}
for (const part of ["site", "editions"]) {
  if (!want(part)) continue;
  try {
    const module = (await import(`./${part}-bench.ts`)) as { run(): Promise<void> };
    await module.run();
    process.stdout.write("\n");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND") continue;
    throw error;
  }
}
