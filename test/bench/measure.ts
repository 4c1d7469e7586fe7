import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
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

/** What a build leaves that a fresh clone has not: its output and the build caches (Astro's, and node_modules/.cache, where Hexlaw keeps parsed documents). */
const OUTPUTS = ["dist", "node_modules/.astro", "node_modules/.cache", ".astro"];

/** Where `coldBuild` moves the earlier outputs of a build in `dir`, until `dropAside`. */
const asideOf = (dir: string) => join(dir, "node_modules", ".hexlaw-bench-aside");
let asideCount = 0;

/**
 * A cold build in `dir`, in milliseconds: none of its earlier outputs there, as after
 * a fresh clone: `npm run build` run there.
 * The earlier outputs are moved aside, not deleted, until the measurements are over
 * (`dropAside`): a fresh clone has not just deleted thousands of files, and deleting
 * them just before the build slows the build down by its number of files, not by its
 * work. On a file system without a journal (this machine's ext4), Linux does not
 * reuse the inode of a file deleted in the last one to six minutes, and looks past
 * each such inode for every file it creates: writing the 1,722 search fragments
 * this site then had took 1.2–1.3 s of kernel time just after deleting the earlier
 * ones, 0.23 s otherwise. Both sites the bench compares are measured this same way.
 */
export function coldBuild(dir: string): number {
  for (const output of OUTPUTS) moveAside(dir, output);
  const start = performance.now();
  execFileSync("npm", ["run", "build"], { cwd: dir, stdio: "pipe", timeout: 20 * 60_000 });
  return performance.now() - start;
}

function moveAside(dir: string, output: string): void {
  const from = join(dir, output);
  if (!existsSync(from)) return;
  const aside = asideOf(dir);
  mkdirSync(aside, { recursive: true });
  try {
    renameSync(from, join(aside, `${output.replace(/[^\w.-]/g, "_")}-${process.pid}-${asideCount++}`));
  } catch {
    // Elsewhere than node_modules (another file system): deleted, as before.
    rmSync(from, { recursive: true, force: true });
  }
}

/** Deletes the outputs `coldBuild` moved aside in `dir`, once the measurements are over. */
export function dropAside(dir: string): void {
  rmSync(asideOf(dir), { recursive: true, force: true });
}
