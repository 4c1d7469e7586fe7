import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BuildCache } from "../../compiler/cache.ts";
import { cacheDir } from "../../compiler/cli/build.ts";
import { compile } from "../../compiler/compile.ts";
import { emitEdition } from "../../compiler/4-emit/emit-edition.ts";
import { diffEditions } from "../../compiler/diff/diff-editions.ts";
import { median, ms, row } from "./measure.ts";
import { syntheticChapters, writeSyntheticCorpus, writeSyntheticPair } from "./synthetic-corpus.ts";

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
  const coldProcess: number[] = [];
  for (let i = 0; i < 3; i++) {
    rmSync(cacheDir(root), { recursive: true, force: true });
    const start = performance.now();
    execFileSync(process.execPath, [CLI, "build", "--root", root], { stdio: "ignore" });
    coldProcess.push(performance.now() - start);
  }
  coldProcess.sort((a, b) => a - b);
  await compile({ root });
  const coldCompile = await median(3, () => compile({ root }));
  const cache = new BuildCache();
  await compile({ root, cache });
  let amount = 3;
  const warm = await median(5, async () => {
    writeFileSync(join(root, CHAPTER), edit(++amount));
    const result = await compile({ root, cache });
    if (!result.ok) throw new Error("the edited synthetic corpus does not compile");
  });
  row("1,000 sections: cold `hexlaw build` (fresh process, no cache)", ms(coldProcess[1]));
  row("1,000 sections: cold compile in a warm process (no cache)", ms(coldCompile));
  row("rebuild after editing one paragraph (cached, as --watch does)", ms(warm));
  row("rebuild / cold build", (warm / coldProcess[1]).toFixed(3), "target ≤ 0.1");
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
  for (let i = 0; i < 7; i++) {
    const before = read();
    const text = edit(4 + i);
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
  latencies.sort((a, b) => a - b);
  row("watch: save → regenerated engine on disk (median of 7)", ms(latencies[3]), "target ≤ 300 ms");
}

async function diffTimes(): Promise<void> {
  const real = await compile({ root: ROOT });
  const europa = (id: string) => real.editions.find((e) => e.resolved.ruleset.id === "europa" && e.resolved.edition.id === id);
  if (europa("second-front") && europa("later")) {
    const a = europa("second-front")!;
    const b = europa("later")!;
    const time = await median(3, () => diffEditions({ checked: a, emitted: emitEdition(a) }, { checked: b, emitted: emitEdition(b) }, real.sources, { samples: 200, seed: 1 }));
    row("diff europa second-front → later (real corpus, 200 random inputs)", ms(time));
  }
  const root = writeSyntheticPair(join(tmpdir(), "hexlaw-bench-pair"), 1000);
  const pair = await compile({ root });
  if (!pair.ok) throw new Error("the synthetic edition pair does not compile");
  const [a, b] = ["1.0", "2.0"].map((id) => pair.editions.find((e) => e.resolved.edition.id === id)!);
  const time = await median(3, () => diffEditions({ checked: a, emitted: emitEdition(a) }, { checked: b, emitted: emitEdition(b) }, pair.sources, { samples: 200, seed: 1 }));
  row("diff of a 1,000-section synthetic pair (in process, after compile)", ms(time));
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
