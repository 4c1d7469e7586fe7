import { readFileSync } from "node:fs";
import type { VectorFile } from "../../compiler/5-verify/vector.ts";
import type { EngineModule } from "../../compiler/runtime/runtime.ts";
import { median, medianOf, ms, row } from "./measure.ts";

const ENGINE = new URL("../../generated/ocs/4.3/overrun.ts", import.meta.url);
const VECTORS = new URL("../../generated/ocs/4.3/overrun.vectors.json", import.meta.url);
/** The 9.8 example: AR 5 overruns AR 0 at 4:1 in the open, surprise, three shifts. */
const EXAMPLE = "9.8-ar-5-overruns-ar-0-surprise-three-shifts-9-1";

/** Calls per second of wall time. */
function callsPerSecond(call: () => unknown): number {
  return rates(call).wall;
}

/** …and per second of this process's CPU time (all its threads): a figure a shared machine's other load disturbs less. */
function rates(call: () => unknown): { wall: number; cpu: number } {
  for (let i = 0; i < 20_000; i++) call();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < 5; run++) {
    let calls = 0;
    const start = performance.now();
    const used = process.cpuUsage();
    while (performance.now() - start < 300) {
      for (let i = 0; i < 1000; i++) call();
      calls += 1000;
    }
    const { user, system } = process.cpuUsage(used);
    wall.push(calls / ((performance.now() - start) / 1000));
    cpu.push(calls / ((user + system) / 1e6));
  }
  return { wall: medianOf(wall), cpu: medianOf(cpu) };
}

export async function engines(): Promise<void> {
  process.stdout.write("Engines (OCS 4.3 overrun, the 9.8 example)\n");
  const engine = (await import(ENGINE.href)) as EngineModule;
  const example = (JSON.parse(readFileSync(VECTORS, "utf8")) as VectorFile).vectors.find((v) => v.id === EXAMPLE);
  if (!example) throw new Error(`generated/ocs/4.3/overrun.vectors.json has no vector ${EXAMPLE}`);
  const checked = engine.check(example.input);
  if (!checked.ok) throw new Error("the benchmark input does not pass check()");
  const input = checked.value;
  const dice = example.dice;
  const withTrace = rates(() => engine.resolve(input, dice));
  const noTrace = callsPerSecond(() => engine.resolve(input, dice, { trace: false }));
  row("resolve(), trace made only when read (median of 5)", `${Math.round(withTrace.wall).toLocaleString("en")}/s`, "target ≥ 1,000,000/s");
  row("  … per second of CPU time (the machine's other load aside)", `${Math.round(withTrace.cpu).toLocaleString("en")}/s`);
  row("resolve() with { trace: false } (median of 5)", `${Math.round(noTrace).toLocaleString("en")}/s`);
  const steps = engine.resolve(input, dice).trace.length;
  const readTrace = callsPerSecond(() => engine.resolve(input, dice).trace);
  row(`resolve() and reading its ${steps}-step trace (median of 5)`, `${Math.round(readTrace).toLocaleString("en")}/s`);
  for (let i = 0; i < 50; i++) engine.distribution(input);
  const distribution = engine.distribution(input);
  const sum = distribution.outcomes.reduce((n, o) => n + o.ways, 0);
  row(`distribution(): ${distribution.outcomes.length} outcomes, ${sum}/${distribution.total} ways (median of 50)`, ms(await median(50, () => engine.distribution(input))), "target ≤ 1 ms");
}
