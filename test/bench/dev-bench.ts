// The editor's loop for `npm run bench` (issue 25): after a one-line edit of one rules block
// (a quote of 9.7's, in the real corpus), how long `hexlaw build` and `hexlaw check` take in a
// warm process (`--watch`, `npm run dev`) and as one-shot commands (with the cache on disk an
// earlier run left); and, against `npm run dev` in Chromium, how long a save takes to reach an
// open calculator. Every timed run follows an edit of its own. Targets: ≤ 1 s medians.
import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { buildOnce, cacheDir } from "../../compiler/cli/build.ts";
import { BuildCache } from "../../compiler/cache.ts";
import { compile } from "../../compiler/compile.ts";
import { staleFiles, TreeSnapshot } from "../../compiler/generated-files.ts";
import { startDevServer } from "../support/dev-server.ts";
import { REPO, removeTemp, tempDir } from "../support/repo.ts";
import { launch, openPage } from "../site/helpers/site.ts";
import { medianOf, ms, row, time } from "./measure.ts";

const RUNS = 5;
const CHAPTER = "rules/ocs/4.3/09-ground-combat.md";
const QUOTE = "Find the odds determined above on the correct row";
/** The n-th one-line edit: the quote's spacing, changed back and forth (what the engines cite changes each time). */
const edited = (text: string, n: number) => text.replace(QUOTE, n % 2 === 0 ? QUOTE.replace("on the correct", "on  the correct") : QUOTE);

export async function run(): Promise<void> {
  await incremental();
  await saveToCalculator();
}

async function incremental(): Promise<void> {
  process.stdout.write(`After a one-line edit of one rules block (a quote in ${CHAPTER}), medians of ${RUNS}; ${load()}\n`);
  const root = tempDir("hexlaw-bench-edit-");
  try {
    cpSync(join(REPO, "rules"), join(root, "rules"), { recursive: true });
    cpSync(join(REPO, "generated"), join(root, "generated"), { recursive: true });
    const file = join(root, CHAPTER);
    const original = readFileSync(file, "utf8");
    const cache = new BuildCache();
    const snapshot = new TreeSnapshot();
    await buildOnce(root, cache, snapshot);
    // Wall time, and the CPU time of this process (the compiler and its engine worker), which a busy machine inflates less.
    const builds: number[] = [];
    const checks: number[] = [];
    const cpu = { builds: [] as number[], checks: [] as number[] };
    const timed = async (task: () => Promise<unknown>, into: number[]) => {
      const before = process.cpuUsage();
      const wall = await time(task);
      const { user, system } = process.cpuUsage(before);
      into.push((user + system) / 1000);
      return wall;
    };
    // Each build and each check after an edit of its own (the text the one before did not see).
    let edits = 0;
    for (let n = 0; n < RUNS; n++) {
      writeFileSync(file, edited(original, edits++));
      builds.push(await timed(() => buildOnce(root, cache, snapshot), cpu.builds));
      writeFileSync(file, edited(original, edits++));
      checks.push(await timed(async () => staleFiles(join(root, "generated"), (await compile({ root, cache })).files), cpu.checks));
    }
    row("hexlaw build, warm process (--watch, npm run dev)", ms(medianOf(builds)), `target ≤ 1 s (CPU ${ms(medianOf(cpu.builds))})`);
    row("hexlaw check, warm process", ms(medianOf(checks)), `target ≤ 1 s (CPU ${ms(medianOf(cpu.checks))})`);
    // `npx hexlaw`, as an editor runs it.
    const command = (args: string[]) => () => spawnSync(process.execPath, [join(REPO, "compiler/cli/hexlaw.mjs"), ...args, "--root", root], { stdio: "ignore" });
    // The cache on disk a first build leaves (node_modules/.cache/hexlaw), as an editor's clone has.
    writeFileSync(file, edited(original, edits++));
    command(["build"])();
    const oneShot = async (args: string[]) => {
      const times: number[] = [];
      for (let n = 0; n < 3; n++) {
        writeFileSync(file, edited(original, edits++));
        times.push(await time(command(args)));
      }
      return medianOf(times);
    };
    row("hexlaw build, one-shot process (median of 3)", ms(await oneShot(["build"])), "target ≤ 1 s");
    row("hexlaw check, one-shot process (median of 3)", ms(await oneShot(["check"])), "target ≤ 1 s");
    process.stdout.write(`  (${load()})\n`);
  } finally {
    removeTemp(root);
    removeTemp(cacheDir(root));
  }
}

/** Save to updated calculator: the overrun calculator open on a worked example, its summary's words edited back and forth. */
async function saveToCalculator(): Promise<void> {
  process.stdout.write(`npm run dev: a save in 08-overrun.md's rules block to the open calculator showing it, in Chromium, median of ${RUNS}\n`);
  const dev = await startDevServer((root) => {
    cpSync(join(REPO, "rules"), join(root, "rules"), { recursive: true });
    cpSync(join(REPO, "generated"), join(root, "generated"), { recursive: true });
  });
  const browser = await launch();
  try {
    const { page } = await openPage(browser, { width: 1366, height: 900 });
    await page.goto(`${dev.url}/ocs/4.3/calculators/overrun/`);
    const presets = page.locator("hexlaw-calculator select").first();
    await presets.waitFor({ timeout: 300_000 });
    await presets.selectOption({ index: 1 });
    const summary = (text: string) => page.locator("hexlaw-calculator .calc-ruling .calc-summary", { hasText: text }).waitFor({ timeout: 120_000 });
    await summary("MP left ");
    const words = ["MP left ", "MP remaining "];
    const latencies: number[] = [];
    for (let n = 0; n < RUNS; n++) {
      const [from, to] = n % 2 === 0 ? words : [...words].reverse();
      latencies.push(
        await time(async () => {
          dev.edit("rules/ocs/4.3/08-overrun.md", `"${from}" mp_left_after`, `"${to}" mp_left_after`);
          // The page reloads; the worked example stays in its address.
          await summary(to);
        }),
      );
    }
    row("save → updated calculator", ms(medianOf(latencies)), "target ≤ 1 s");
    process.stdout.write(`  (${load()})\n`);
  } finally {
    await browser.close();
    await dev.close();
  }
}

/** The machine's load average (1, 5 and 15 minutes), printed with the figures: they mean little on a busy machine. */
function load(): string {
  return `load average ${loadavg().map((l) => l.toFixed(2)).join(", ")} on ${cpus().length} cores`;
}
