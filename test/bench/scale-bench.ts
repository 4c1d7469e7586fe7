// Growth with the size of a book (issue 23.4): a synthetic book (test/support/synthetic-corpus.ts)
// of as many bytes of Markdown as the OCS 4.3 edition's chapters, and 10× and 100× that,
// each compiled (`hexlaw build`) and built into a site (`astro build`) in a fresh process.
// Prints for each size the time and peak memory of both, and their ratio to 1×.
// HEXLAW_SCALE=1,10,100 chooses the sizes; HEXLAW_SCALE_SITE=10 the largest one whose
// site is built (a site of 100× takes longer than this machine has for a bench).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { syntheticChapters, writeSyntheticCorpus } from "../support/synthetic-corpus.ts";
import { ms, row } from "./measure.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const HOOK = join(ROOT, "test/bench/peak-memory.mjs");

const markdownBytes = (files: Iterable<string>) => [...files].reduce((n, text) => n + Buffer.byteLength(text), 0);

/** Sections of the synthetic book with as many bytes of Markdown as the real edition's chapters. */
function sectionsAsLargeAs(edition: string): number {
  const dir = join(ROOT, "rules", edition);
  const real = markdownBytes(readdirSync(dir).filter((f) => f.endsWith(".md")).map((f) => readFileSync(join(dir, f), "utf8")));
  const sample = markdownBytes(syntheticChapters({ sections: 100 }).values());
  return Math.round((100 * real) / sample);
}

interface Run {
  ms: number;
  /** The largest peak resident memory of the command's Node processes, in bytes. */
  peak: number;
}

/** Runs a Node command in a fresh process and measures its time and its processes' peak memory. */
function measured(args: string[], env: Record<string, string> = {}): Run {
  const peakFile = join(tmpdir(), `hexlaw-peak-${process.pid}-${Date.now()}`);
  const start = performance.now();
  execFileSync(process.execPath, args, {
    cwd: ROOT,
    stdio: "pipe",
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, ...env, HEXLAW_PEAK_FILE: peakFile, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${HOOK}`.trim() },
  });
  const elapsed = performance.now() - start;
  const peaks = readFileSync(peakFile, "utf8").trim().split("\n").map(Number);
  rmSync(peakFile, { force: true });
  return { ms: elapsed, peak: Math.max(...peaks) * 1024 };
}

/** How many HTML pages a built site has. */
function pages(dir: string): number {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".html")).length;
}

const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;
const ratio = (value: number, base: number | undefined) => (base ? `${(value / base).toFixed(1)}×` : "");

export async function run(): Promise<void> {
  const factors = (process.env.HEXLAW_SCALE ?? "1,10,100").split(",").map(Number);
  const siteUpTo = Number(process.env.HEXLAW_SCALE_SITE ?? 10);
  const unit = sectionsAsLargeAs("ocs/4.3");
  process.stdout.write(`Scaling: a synthetic book of 1× the OCS 4.3 chapters' Markdown (${unit} sections) up to ${Math.max(...factors)}×, each step in a fresh process\n`);
  let base: { compile: Run; site?: Run } | undefined;
  for (const factor of factors) {
    const root = writeSyntheticCorpus(join(tmpdir(), `hexlaw-scale-${factor}`), { sections: unit * factor });
    const dir = join(root, "rules/synth/1.0");
    const bytes = readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
    const compile = measured([join(ROOT, "compiler/cli/hexlaw.ts"), "build", "--root", root]);
    const site = factor <= siteUpTo ? measured([join(ROOT, "node_modules/astro/bin/astro.mjs"), "build", "--silent"], { HEXLAW_ROOT: root, HEXLAW_OUT: join(root, "dist") }) : undefined;
    base ??= { compile, site };
    const label = `${factor}× (${(bytes / 2 ** 20).toFixed(1)} MB of Markdown)`;
    row(`${label}: compile`, `${ms(compile.ms)} ${ratio(compile.ms, base.compile.ms)}`.trim(), `peak ${mb(compile.peak)} ${ratio(compile.peak, base.compile.peak)}`.trim());
    if (site) row(`${label}: site build, ${pages(join(root, "dist"))} pages`, `${ms(site.ms)} ${ratio(site.ms, base.site?.ms)}`.trim(), `peak ${mb(site.peak)} ${ratio(site.peak, base.site?.peak)}`.trim());
    else row(`${label}: site build`, "not run", `HEXLAW_SCALE_SITE=${factor} builds it`);
    rmSync(root, { recursive: true, force: true });
  }
  process.stdout.write("  goal: time grows linearly; memory under 2 GB at 10×\n");
}
