import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";

/** The median of some figures. */
export function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Milliseconds one run of a task takes. */
export async function time(task: () => unknown | Promise<unknown>): Promise<number> {
  const start = performance.now();
  await task();
  return performance.now() - start;
}

/** Median of repeated timings, in milliseconds. */
export async function median(runs: number, task: () => unknown | Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await time(task));
  return medianOf(times);
}

export function ms(value: number): string {
  return value >= 100 ? `${Math.round(value)} ms` : `${value.toFixed(1)} ms`;
}

export function row(label: string, value: string, target?: string): void {
  process.stdout.write(`  ${label.padEnd(58)} ${value.padStart(14)}${target ? `   ${target}` : ""}\n`);
}

/**
 * A cold build in `dir`, in milliseconds: no dist/ and no build cache before it
 * (Astro's, and node_modules/.cache, where Hexlaw keeps parsed documents), as after
 * a fresh clone: `npm run build` run there.
 */
export function coldBuild(dir: string): number {
  for (const cache of ["dist", "node_modules/.astro", "node_modules/.cache", ".astro"]) rmSync(join(dir, cache), { recursive: true, force: true });
  const start = performance.now();
  execFileSync("npm", ["run", "build"], { cwd: dir, stdio: "pipe", timeout: 20 * 60_000 });
  return performance.now() - start;
}
