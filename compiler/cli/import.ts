import { importPages, type DocumentReport } from "../import/import-pages.ts";
import { SourceError } from "../import/read-pages.ts";
import { printable } from "../diagnostics/format.ts";
import { UsageError, type Parsed } from "./args.ts";
import { printDiagnostics } from "./report.ts";

/** `hexlaw import <source> <ruleset>/<edition>`: exit 0, or 1 when a paragraph conflicts or the source cannot be imported. */
export function importCommand(root: string, parsed: Parsed): number {
  const [source, target, extra] = parsed.positionals;
  if (!source || !target || extra !== undefined) throw new UsageError("import needs a source and a target: hexlaw import <hugo-folder-or-git-dir> <ruleset>/<edition>");
  const [ruleset, edition, more] = target.split("/");
  if (!ruleset || !edition || more !== undefined) throw new UsageError(`the target must be <ruleset>/<edition>, not \`${target}\``);
  const text = (name: string) => {
    const value = parsed.flags.get(name);
    return typeof value === "string" ? value : undefined;
  };
  let result: ReturnType<typeof importPages>;
  try {
    result = importPages({ root, ruleset, edition, source, revision: text("revision"), pagesPath: text("pages"), base: text("base"), sourceTitle: text("source-title") });
  } catch (error) {
    if (!(error instanceof SourceError)) throw error;
    if (error.argument) throw new UsageError(error.message);
    // The source or the edition cannot be imported: one line, and nothing was written.
    process.stderr.write(`hexlaw: ${printable(error.message.replace(/\.$/, ""))} (nothing was imported)\n`);
    return 1;
  }
  // Names come from the source: shown escaped, so that no file name drives the terminal.
  for (const document of result.documents) process.stdout.write(`${printable(describe(`rules/${ruleset}/${edition}/${document.file}`, document))}\n`);
  const errors = printDiagnostics(result.diagnostics, result.sources);
  return errors > 0 ? 1 : 0;
}

function describe(file: string, report: DocumentReport): string {
  if (report.status === "created") return `created   ${file}`;
  const changes = [
    report.updated.length ? `updated ${report.updated.join(", ")}` : "",
    report.added.length ? `added ${report.added.join(", ")}` : "",
    report.removed.length ? `removed ${report.removed.join(", ")}` : "",
  ].filter(Boolean);
  return `${report.status === "merged" ? "merged   " : "unchanged"} ${file}${changes.length ? `: ${changes.join("; ")}` : ""}`;
}
