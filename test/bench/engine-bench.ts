import { median, ms, row } from "./measure.ts";

const ENGINE = new URL("../../generated/ocs/4.3/overrun.ts", import.meta.url).href;

/** The 9.8 example: AR 5 overruns AR 0 at 4:1 in the open. */
const INPUT = {
  attackers: [{ strength: 4, ar: 5 }],
  defenders: [{ strength: 1, ar: 0 }],
  terrain: "open",
  entry_cost: 1,
  stack_mp_left: 8,
  attacker_supply: 4,
};
const DICE = { surprise_roll: 8, shift_roll: 3, combat_roll: 7 };

interface Engine {
  check(value: unknown): { ok: true; value: object } | { ok: false };
  resolve(input: object, dice?: object, options?: object): { trace: unknown[] };
  distribution(input: object): { total: number; outcomes: { ways: number }[] };
}

function callsPerSecond(call: () => unknown): number {
  for (let i = 0; i < 20_000; i++) call();
  const rates: number[] = [];
  for (let run = 0; run < 5; run++) {
    let calls = 0;
    const start = performance.now();
    while (performance.now() - start < 300) {
      for (let i = 0; i < 1000; i++) call();
      calls += 1000;
    }
    rates.push(calls / ((performance.now() - start) / 1000));
  }
  return rates.sort((a, b) => a - b)[2];
}

export async function engines(): Promise<void> {
  process.stdout.write("Engines (OCS 4.3 overrun, the 9.8 example)\n");
  const engine = (await import(ENGINE)) as Engine;
  const checked = engine.check(INPUT);
  if (!checked.ok) throw new Error("the benchmark input does not pass check()");
  const input = checked.value;
  const withTrace = callsPerSecond(() => engine.resolve(input, DICE));
  const noTrace = callsPerSecond(() => engine.resolve(input, DICE, { trace: false }));
  row("resolve() with its trace (made when read), calls per second (median of 5)", Math.round(withTrace).toLocaleString("en"), "target ≥ 1,000,000/s");
  row("resolve() without trace, calls per second (median of 5)", Math.round(noTrace).toLocaleString("en"));
  const steps = engine.resolve(input, DICE).trace.length;
  const readTrace = callsPerSecond(() => engine.resolve(input, DICE).trace);
  row(`resolve() and reading its ${steps}-step trace, calls per second (median of 5)`, Math.round(readTrace).toLocaleString("en"));
  for (let i = 0; i < 50; i++) engine.distribution(input);
  const distribution = engine.distribution(input);
  const sum = distribution.outcomes.reduce((n, o) => n + o.ways, 0);
  row(`distribution(): ${distribution.outcomes.length} outcomes, ${sum}/${distribution.total} ways (median of 50)`, ms(await median(50, () => engine.distribution(input))), "target ≤ 5 ms");
}
