import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { compile } from "../../compiler/compile.ts";
import { median, medianOf, ms, row, time } from "./measure.ts";
import { writeSyntheticCorpus } from "../support/synthetic-corpus.ts";

const ROOT = new URL("../..", import.meta.url).pathname;

/** Compile time of the real corpus: in a fresh process (cold), and again in the same one (warm). */
export async function realCorpus(): Promise<void> {
  process.stdout.write("Real corpus (rules/)\n");
  const script = `const t0 = performance.now(); const { compile } = await import(${JSON.stringify(join(ROOT, "compiler/compile.ts"))}); const t1 = performance.now(); const r = await compile({ root: ${JSON.stringify(ROOT)} }); const t2 = performance.now(); if (!r.ok) process.exit(1); console.log(JSON.stringify({ load: t1 - t0, compile: t2 - t1 }));`;
  const cold: { load: number; compile: number }[] = [];
  for (let i = 0; i < 5; i++) {
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8" });
    cold.push(JSON.parse(out.trim().split("\n").at(-1)!));
  }
  row("cold: first compile in a fresh process (median of 5)", ms(medianOf(cold.map((c) => c.compile))));
  row("cold: loading the compiler's modules (median of 5)", ms(medianOf(cold.map((c) => c.load))));
  await compile({ root: ROOT });
  row("warm: compile again in the same process (median of 5)", ms(await median(5, () => compile({ root: ROOT }))));
}

/**
 * Compile time against plain remark parsing of the same Markdown, at growing sizes.
 * The two are timed in alternation, so that both meet the same conditions on a shared
 * machine; the ratio is the median of the ratios of each pair.
 */
export async function scaling(sizes = [250, 500, 1000, 2000]): Promise<Map<number, number>> {
  process.stdout.write("Synthetic corpus: compile vs plain remark parsing (timed in alternation, medians of 5 pairs)\n");
  const parser = unified().use(remarkParse);
  const compileTimes = new Map<number, number>();
  for (const sections of sizes) {
    const root = writeSyntheticCorpus(join(tmpdir(), `hexlaw-bench-${sections}`), { sections });
    const dir = join(root, "rules/synth/1.0");
    const texts = readdirSync(dir).filter((f) => f.endsWith(".md")).map((f) => readFileSync(join(dir, f), "utf8"));
    const first = await compile({ root });
    if (!first.ok) throw new Error(`synthetic corpus of ${sections} sections does not compile`);
    texts.forEach((text) => parser.parse(text));
    const pairs: { compile: number; parse: number }[] = [];
    for (let i = 0; i < 5; i++) {
      const compileMs = await time(() => compile({ root }));
      const parseMs = await time(() => texts.forEach((text) => parser.parse(text)));
      pairs.push({ compile: compileMs, parse: parseMs });
    }
    const compileMs = medianOf(pairs.map((p) => p.compile));
    const parseMs = medianOf(pairs.map((p) => p.parse));
    const ratio = medianOf(pairs.map((p) => p.compile / p.parse));
    compileTimes.set(sections, compileMs);
    row(`${sections} sections: compile ${ms(compileMs)}, remark parse ${ms(parseMs)}`, `${ratio.toFixed(2)}×`, sections === 1000 ? "target ≤ 2× at 1,000" : undefined);
  }
  if (compileTimes.has(1000) && compileTimes.has(2000)) {
    row("time(2,000) / time(1,000)", (compileTimes.get(2000)! / compileTimes.get(1000)!).toFixed(2), "target ≤ 2.3");
  }
  return compileTimes;
}
