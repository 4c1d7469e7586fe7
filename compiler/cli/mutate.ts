import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { compile, editionBuild } from "../compile.ts";
import { formatMutation, formatRate } from "../mutate/format-report.ts";
import { MUTATE_DEFAULTS, mutateEdition } from "../mutate/mutate-edition.ts";
import type { EditionMutation } from "../mutate/types.ts";
import { readTranscription, type Transcription } from "../mutate/transcription.ts";
import { MAX_SAMPLES, MAX_SEED, type Parsed, readArgumentFile, UsageError, wholeNumberFlag } from "./args.ts";
import { printDiagnostics } from "./report.ts";

/** This command's own entry point, for the process each edition is mutated in. */
const CLI = fileURLToPath(new URL("./hexlaw.ts", import.meta.url));

/**
 * One edition mutated by a `hexlaw mutate` process of its own: every mutated engine is a
 * module, which a process cannot unload, so one process for all the editions runs out
 * of memory.
 */
function mutateApart(root: string, name: string, samples: number, seed: number, transcription: string | undefined): EditionMutation {
  const also = transcription === undefined ? [] : ["--transcription", transcription];
  const json = execFileSync(process.execPath, [CLI, "mutate", name, "--json", "--samples", String(samples), "--seed", String(seed), "--root", root, ...also], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return JSON.parse(json) as EditionMutation;
}

/** `hexlaw mutate [<ruleset>/<edition>]`: mutation testing of the formal rules; exit 0 whatever survives. */
export async function mutate(root: string, parsed: Parsed): Promise<number> {
  const [target, ...extra] = parsed.positionals;
  if (extra.length > 0) throw new UsageError("name one edition: hexlaw mutate <ruleset>/<edition> (or none for every edition)");
  const samples = wholeNumberFlag(parsed, "samples", MUTATE_DEFAULTS.samples, MAX_SAMPLES);
  const seed = wholeNumberFlag(parsed, "seed", MUTATE_DEFAULTS.seed, MAX_SEED);
  const given = parsed.flags.get("transcription");
  const transcriptionFile = typeof given === "string" ? given : undefined;
  const transcription = transcriptionOf(transcriptionFile);
  const result = await compile({ root });
  if (printDiagnostics(result.diagnostics.filter((d) => d.severity === "error"), result.sources) > 0) {
    process.stderr.write("The corpus has errors; fix them before mutation testing.\n");
    return 2;
  }
  const all = result.editions.map((e) => `${e.resolved.ruleset.id}/${e.resolved.edition.id}`);
  if (target !== undefined && !all.includes(target)) throw new UsageError(`there is no edition \`${target}\`; editions: ${all.join(", ")}`);
  const reports: EditionMutation[] = [];
  const tell = process.stderr.isTTY && !parsed.flags.has("json");
  if (target) {
    const [ruleset, edition] = target.split("/");
    const progress = tell ? (done: number, total: number) => process.stderr.write(`\r${target}: ${done}/${total} mutants`) : undefined;
    reports.push(await mutateEdition(editionBuild(result, ruleset, edition)!, result.sources, { samples, seed, progress, transcription }));
    if (progress) process.stderr.write("\n");
  } else {
    for (const name of all) {
      if (tell) process.stderr.write(`${name}: mutating…\n`);
      reports.push(mutateApart(root, name, samples, seed, transcriptionFile));
    }
  }
  if (parsed.flags.has("json")) {
    process.stdout.write(`${JSON.stringify(target ? reports[0] : reports, null, 2)}\n`);
  } else {
    const summary = reports.length > 1 ? ["Kill rates:", ...reports.map((r) => `  ${formatRate(r)}`), ""] : [];
    process.stdout.write(`${[...summary, ...reports.map(formatMutation)].join("\n\n")}\n`);
  }
  return 0;
}

/** `--transcription <file>`: the printed charts transcribed apart from the rules (`#### <chart id>` above each chart's table). */
function transcriptionOf(file: string | undefined): Transcription | undefined {
  if (file === undefined) return undefined;
  const tables = readTranscription(readArgumentFile("transcription", file), file);
  if (tables.size === 0) throw new UsageError(`--transcription: ${file} has no chart's table (each under a heading \`#### <chart id>\`)`);
  return tables;
}
