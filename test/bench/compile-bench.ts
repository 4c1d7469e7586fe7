import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { compile } from "../../compiler/compile.ts";
import { median, ms, row } from "./measure.ts";
import { writeSyntheticCorpus } from "./synthetic-corpus.ts";

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
  const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  row("cold: first compile in a fresh process (median of 5)", ms(mid(cold.map((c) => c.compile))));
  row("cold: loading the compiler's modules (median of 5)", ms(mid(cold.map((c) => c.load))));
  await compile({ root: ROOT });
  row("warm: compile again in the same process (median of 5)", ms(await median(5, () => compile({ root: ROOT }))));
}

/** Compile time against plain remark parsing of the same Markdown, at growing sizes. */
export async function scaling(sizes = [250, 500, 1000, 2000]): Promise<Map<number, number>> {
  process.stdout.write("Synthetic corpus: compile vs plain remark parsing (medians of 3, same process)\n");
  const parser = unified().use(remarkParse);
  const compileTimes = new Map<number, number>();
  for (const sections of sizes) {
    const root = writeSyntheticCorpus(join(tmpdir(), `hexlaw-bench-${sections}`), { sections });
    const dir = join(root, "rules/synth/1.0");
    const texts = readdirSync(dir).filter((f) => f.endsWith(".md")).map((f) => readFileSync(join(dir, f), "utf8"));
    const first = await compile({ root });
    if (!first.ok) throw new Error(`synthetic corpus of ${sections} sections does not compile`);
    const compileMs = await median(3, () => compile({ root }));
    const parseMs = await median(3, () => texts.forEach((text) => parser.parse(text)));
    compileTimes.set(sections, compileMs);
    const ratio = compileMs / parseMs;
    row(`${sections} sections: compile ${ms(compileMs)}, remark parse ${ms(parseMs)}`, `${ratio.toFixed(2)}×`, sections === 1000 ? "target ≤ 2× at 1,000" : undefined);
  }
  if (compileTimes.has(1000) && compileTimes.has(2000)) {
    row("time(2,000) / time(1,000)", (compileTimes.get(2000)! / compileTimes.get(1000)!).toFixed(2), "target ≤ 2.3");
  }
  return compileTimes;
}
