/** Median of repeated timings, in milliseconds. */
export async function median(runs: number, task: () => unknown | Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await task();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export function ms(value: number): string {
  return value >= 100 ? `${Math.round(value)} ms` : `${value.toFixed(1)} ms`;
}

export function row(label: string, value: string, target?: string): void {
  process.stdout.write(`  ${label.padEnd(58)} ${value.padStart(14)}${target ? `   ${target}` : ""}\n`);
}
