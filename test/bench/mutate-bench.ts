import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { EditionMutation } from "../../compiler/mutate/types.ts";
import { row } from "./measure.ts";

/** The kill rate each edition's vectors must reach (issue 9.6: OCS 4.3 at least 95%). */
const TARGETS: Record<string, number> = { "ocs/4.3": 0.95 };

const REPO = new URL("../..", import.meta.url).pathname;

/**
 * Mutation testing of every edition's formal rules (`hexlaw mutate`): too slow for
 * the test suite (OCS 4.3 alone has several hundred mutants, each rechecked and
 * re-emitted), so its kill rates are figures here, next to their targets. Each
 * edition is tested by a `hexlaw mutate` process of its own: every mutated engine is
 * loaded as a module, which a process cannot unload, so one process for all the
 * editions ran out of memory.
 */
/** The OCS charts PDF transcribed apart from the rules: a chart cell's mutant it tells apart is killed by it. */
const TRANSCRIPTION = `${REPO}test/fixtures/sources/ocs-4.3-charts-pdf.md`;

export async function mutation(): Promise<void> {
  process.stdout.write("Mutation testing (hexlaw mutate, a process per edition, without sampling survivors)\n");
  const index = JSON.parse(readFileSync(`${REPO}generated/index.json`, "utf8")) as { rulesets: { id: string; editions: { id: string }[] }[] };
  for (const name of index.rulesets.flatMap((r) => r.editions.map((e) => `${r.id}/${e.id}`))) {
    const started = performance.now();
    const json = execFileSync(process.execPath, [`${REPO}compiler/cli/hexlaw.ts`, "mutate", name, "--json", "--samples", "0", "--seed", "1", "--transcription", TRANSCRIPTION], { cwd: REPO, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
    const report = JSON.parse(json) as EditionMutation;
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    const target = TARGETS[name];
    row(
      `${name}: ${report.counts.killed} of ${report.counts.killed + report.counts.survived} mutants killed, ${report.mutants.filter((m) => m.byTranscription).length} by the charts' transcription (${seconds} s)`,
      `${(report.killRate * 100).toFixed(1)}%`,
      target ? `target ≥ ${target * 100}%` : undefined,
    );
  }
}
