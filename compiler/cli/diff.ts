import { compile, editionBuild } from "../compile.ts";
import { changesFile } from "../diff/changes-file.ts";
import { DIFF_DEFAULTS, diffEditions } from "../diff/diff-editions.ts";
import type { EditionDiff } from "../diff/types.ts";
import { formatReport } from "../diff/format-report.ts";
import { MAX_SAMPLES, MAX_SEED, type Parsed, UsageError, wholeNumberFlag } from "./args.ts";
import { printDiagnostics } from "./report.ts";

/** `hexlaw diff <ruleset> <from> <to>`: exit 0 if no answer differs, 1 if behaviour changed. */
export async function diff(root: string, parsed: Parsed): Promise<number> {
  const [ruleset, from, to] = editionsOf(parsed.positionals);
  if (!ruleset || !from || !to) throw new UsageError("give a ruleset and two of its editions: hexlaw diff <ruleset> <from-edition> <to-edition> (or <ruleset>/<from> <ruleset>/<to>)");
  const samples = wholeNumberFlag(parsed, "samples", DIFF_DEFAULTS.samples, MAX_SAMPLES);
  const seed = wholeNumberFlag(parsed, "seed", DIFF_DEFAULTS.seed, MAX_SEED);
  const result = await compile({ root });
  if (printDiagnostics(result.diagnostics.filter((d) => d.severity === "error"), result.sources) > 0) {
    process.stderr.write("The corpus has errors; fix them before comparing editions.\n");
    return 2;
  }
  const editions = result.editions.filter((e) => e.resolved.ruleset.id === ruleset).map((e) => e.resolved.edition.id);
  if (editions.length === 0) throw new UsageError(`there is no ruleset \`${ruleset}\`; rulesets: ${[...new Set(result.editions.map((e) => e.resolved.ruleset.id))].join(", ")}`);
  for (const edition of [from, to]) {
    if (!editions.includes(edition)) throw new UsageError(`${ruleset} has no edition \`${edition}\`; its editions: ${editions.join(", ")}`);
  }
  // The build already compared each edition with the one it supersedes, on the default sample.
  const published = samples === DIFF_DEFAULTS.samples && seed === DIFF_DEFAULTS.seed ? result.files.get(changesFile(ruleset, from, to)) : undefined;
  const report: EditionDiff = published
    ? JSON.parse(published)
    : await diffEditions(editionBuild(result, ruleset, from)!, editionBuild(result, ruleset, to)!, result.sources, { samples, seed });
  process.stdout.write(parsed.flags.has("json") ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report)}\n`);
  return report.behaviourChanged ? 1 : 0;
}

/** `ocs 4.3 4.3-errata-2019`, or the same as `ocs/4.3 ocs/4.3-errata-2019` (two editions of one ruleset). */
function editionsOf(positionals: string[]): [string?, string?, string?] {
  if (positionals.length === 3) return positionals as [string, string, string];
  if (positionals.length !== 2) return [];
  const [a, b] = positionals.map((p) => /^([^/]+)\/([^/]+)$/.exec(p));
  if (!a || !b) return [];
  if (a[1] !== b[1]) throw new UsageError(`compare two editions of one ruleset, not ${a[1]} and ${b[1]}`);
  return [a[1], a[2], b[2]];
}
