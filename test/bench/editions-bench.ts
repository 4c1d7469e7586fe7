import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BuildCache } from "../../compiler/cache.ts";
import { cacheDir } from "../../compiler/cli/build.ts";
import { compile, editionBuild } from "../../compiler/compile.ts";
import { DIFF_DEFAULTS, diffEditions } from "../../compiler/diff/diff-editions.ts";
import { median, medianOf, ms, row, time } from "./measure.ts";
import { syntheticChapters, writeSyntheticCorpus, writeSyntheticPair } from "../support/synthetic-corpus.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const CLI = join(ROOT, "compiler/cli/hexlaw.ts");
const CHAPTER = "rules/synth/1.0/001-chapter.md";

/** Chapter 1 with the MP cost of 1.2 (in its text, its rules block and its example) set to `amount`: each edit is new text. */
function edit(amount: number): string {
  return syntheticChapters({ sections: 1000, variant: "edited", amount }).get("001-chapter.md")!;
}

async function rebuild(): Promise<void> {
  const root = writeSyntheticCorpus(join(tmpdir(), "hexlaw-bench-rebuild"), { sections: 1000 });
  mkdirSync(join(root, "generated"), { recursive: true });
  const coldProcesses: number[] = [];
  for (let i = 0; i < 3; i++) {
    rmSync(cacheDir(root), { recursive: true, force: true });
    coldProcesses.push(await time(() => execFileSync(process.execPath, [CLI, "build", "--root", root], { stdio: "ignore" })));
  }
  const coldProcess = medianOf(coldProcesses);
  await compile({ root });
  const coldCompile = await median(3, () => compile({ root }));
  const cache = new BuildCache();
  await compile({ root, cache });
  // Each edit is new text, made before the clock starts.
  const edits = [4, 5, 6, 7, 8].map(edit);
  const warm = await median(edits.length, async () => {
    writeFileSync(join(root, CHAPTER), edits.shift()!);
    const result = await compile({ root, cache });
    if (!result.ok) throw new Error("the edited synthetic corpus does not compile");
  });
  row("1,000 sections: cold `hexlaw build` (fresh process, no cache)", ms(coldProcess));
  row("1,000 sections: cold compile in a warm process (no cache)", ms(coldCompile));
  row("rebuild after editing one paragraph (cached, as --watch does)", ms(warm));
  row("rebuild / cold build", (warm / coldProcess).toFixed(3), "target ≤ 0.1");
  row("rebuild / cold compile in a warm process", (warm / coldCompile).toFixed(3));
}

/** Save a chapter, wait until `hexlaw build --watch` has rewritten the engine it feeds. */
async function watchLatency(): Promise<void> {
  const root = writeSyntheticCorpus(join(tmpdir(), "hexlaw-bench-watch"), { sections: 1000 });
  mkdirSync(join(root, "generated"), { recursive: true });
  const child = spawn(process.execPath, [CLI, "build", "--watch", "--root", root], { stdio: ["ignore", "pipe", "pipe"] });
  await new Promise<void>((resolve) => child.stdout.on("data", (chunk: Buffer) => String(chunk).includes("Watching") && resolve()));
  const engine = join(root, "generated/synth/1.0/chapter_1.ts");
  const read = () => {
    try {
      return readFileSync(engine, "utf8");
    } catch {
      return "";
    }
  };
  const latencies: number[] = [];
  for (const text of [4, 5, 6, 7, 8, 9, 10].map(edit)) {
    const before = read();
    const start = performance.now();
    writeFileSync(join(root, CHAPTER), text);
    while (read() === before) {
      await new Promise((r) => setTimeout(r, 2));
      if (performance.now() - start > 20_000) throw new Error("watch did not rebuild within 20 s");
    }
    latencies.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  row(`watch: save → regenerated engine on disk (median of ${latencies.length})`, ms(medianOf(latencies)), "target ≤ 300 ms");
}

async function diffTimes(): Promise<void> {
  const real = await compile({ root: ROOT });
  const [earlier, later] = ["second-front", "later"].map((id) => editionBuild(real, "europa", id));
  if (earlier && later) {
    const europa = await median(3, () => diffEditions(earlier, later, real.sources, DIFF_DEFAULTS));
    row(`diff europa second-front → later (real corpus, ${DIFF_DEFAULTS.samples} random inputs)`, ms(europa));
  }
  const root = writeSyntheticPair(join(tmpdir(), "hexlaw-bench-pair"), 1000);
  const pair = await compile({ root });
  if (!pair.ok) throw new Error("the synthetic edition pair does not compile");
  const [a, b] = ["1.0", "2.0"].map((id) => editionBuild(pair, "synth", id)!);
  const synthetic = await median(3, () => diffEditions(a, b, pair.sources, DIFF_DEFAULTS));
  row("diff of a 1,000-section synthetic pair (in process, after compile)", ms(synthetic));
  // Exit code 1 means "behaviour changed", which this pair does.
  const cli = await median(3, () => {
    const run = spawnSync(process.execPath, [CLI, "diff", "synth", "1.0", "2.0", "--root", root], { stdio: "ignore" });
    if (run.status !== 1) throw new Error(`hexlaw diff exited with ${run.status}`);
  });
  row("`hexlaw diff` on the same pair (fresh process, compile included)", ms(cli));
}

export async function run(): Promise<void> {
  process.stdout.write("Editions: rebuilds, watch and diff\n");
  await rebuild();
  await watchLatency();
  await diffTimes();
}
