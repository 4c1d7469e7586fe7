import type { EditionMutation, MutantResult } from "./types.ts";

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** One line per edition: its mutants by status and its kill rate. */
export function formatRate(report: EditionMutation): string {
  const { counts } = report;
  const indistinct = report.mutants.filter((m) => m.status === "survived" && m.distinguishable === false).length;
  const transcribed = report.mutants.filter((m) => m.byTranscription).length;
  return (
    `${report.ruleset}/${report.edition}: kill rate ${percent(report.killRate)} — ${report.mutants.length} mutants: ` +
    `${counts.killed} killed${transcribed > 0 ? ` (${counts.killed - transcribed} by vectors, ${transcribed} chart cells no vector reads by the charts' transcription)` : ""}, ${counts.survived} survived` +
    (indistinct > 0 ? ` (${indistinct} of them no sampled situation tells apart: probably equivalent; ${percent(report.killRateOfDistinguishable)} of the others killed)` : "") +
    `, ${counts.equivalent} equivalent (the engines do not change), ${counts.invalid} invalid (do not compile)`
  );
}

/** The survivors, paragraph by paragraph: the rules no vector pins. */
export function formatSurvivors(report: EditionMutation): string {
  const survivors = report.mutants.filter((m) => m.status === "survived");
  if (survivors.length === 0) return "Every mutant that changes an engine is killed by a vector.";
  const byParagraph = new Map<string, MutantResult[]>();
  for (const m of [...survivors].sort((a, b) => a.line - b.line || a.column - b.column)) byParagraph.set(m.paragraph, [...(byParagraph.get(m.paragraph) ?? []), m]);
  const lines = ["Mutants no vector kills, by paragraph:"];
  for (const [paragraph, list] of byParagraph) {
    lines.push(`  ${paragraph}:`);
    for (const m of list) {
      const note = m.distinguishable === false ? "  (probably equivalent: no sampled situation tells it apart)" : "";
      lines.push(`    ${m.file}:${m.line}:${m.column}  ${m.change}${note}`);
    }
  }
  return lines.join("\n");
}

export function formatMutation(report: EditionMutation): string {
  return `${formatRate(report)}\n${formatSurvivors(report)}`;
}
