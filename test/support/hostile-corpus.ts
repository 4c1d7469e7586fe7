/**
 * A small corpus whose every string position holds text chosen by a test: the
 * ruleset's and edition's titles, labels, descriptions, enum labels, a text
 * literal, a requirement's message, a dice label, a chart's caption and cell,
 * an output group, a summary's text, an example's title and dispute. Tests put hostile
 * text there and check that it stays text.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { copyCorpus, EMPTY } from "./repo.ts";

/** Where document text can go; `markdown` positions are read by the Markdown parser, the others are rules strings or YAML. */
export const STRING_POSITIONS = [
  "rulesetTitle", "editionTitle", "procedure", "input", "description", "record", "field", "fieldDescription", "enumLabel", "member",
  "let", "text", "message", "dice", "table", "group", "summary", "example", "reason",
] as const;
export const MARKDOWN_POSITIONS = ["caption", "cell"] as const;

export type Strings = Record<(typeof STRING_POSITIONS)[number] | (typeof MARKDOWN_POSITIONS)[number], string>;

/** A rules-language string literal: `"` and `\` escaped, a line feed written as a backslash and the line feed. */
export function rulesString(text: string): string {
  return `"${text.replace(/[\\"\n\r]/g, (c) => `\\${c}`)}"`;
}

/** A YAML double-quoted scalar (JSON's string syntax is YAML's). */
function yamlString(text: string): string {
  return JSON.stringify(text);
}

/** Markdown text that reads back as itself: every ASCII punctuation character backslash-escaped. */
function markdownText(text: string): string {
  return text.replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`);
}

/** A temporary root holding the corpus; the procedure is `attack`, in `rules/t/1/01-test.md`. */
export function hostileCorpus(s: Strings): string {
  const root = copyCorpus(EMPTY);
  const r = rulesString;
  writeFileSync(join(root, "rules/t/ruleset.yaml"), `id: t\ntitle: ${yamlString(s.rulesetTitle)}\n`);
  writeFileSync(
    join(root, "rules/t/1/edition.yaml"),
    `id: "1"\ntitle: ${yamlString(s.editionTitle)}\nsources:\n  - title: Written for the Hexlaw test suite\nnumbering:\n  paragraphs:\n    - pattern: '(?<n>\\d{1,2}\\.\\d{1,2}[a-z]?)(?=[\\s.]|$)'\n      id: '{n}'\n`,
  );
  writeFileSync(
    join(root, "rules/t/1/01-test.md"),
    `---
ruleset: t
edition: "1"
section: "1.0"
title: Test
order: 1
slug: 1-0-test
provenance:
  source: Written for the Hexlaw test suite.
---

# 1.0 Test

**1.1** Attacks are resolved on the chart.

\`\`\`rules
record unit ${r(s.record)} { strength ${r(s.field)}: number >= 0 ${r(s.fieldDescription)} }
enum side ${r(s.enumLabel)} { attacker ${r(s.member)}, defender "Defender" }
input units ${r(s.input)}: list of unit min 1 ${r(s.description)}
input winner: side = attacker
dice roll ${r(s.dice)}: 1d6
table results ${r(s.table)} = chart "hostile" { rows: integer, columns: integer, cells: text }
let total ${r(s.let)} = sum(u.strength for u in units)
let greeting = ${r(s.text)}
let cell = results[roll, 1]
let side_label = if winner == attacker then greeting else cell
require strong: total >= 0 else ${r(s.message)}
procedure attack ${r(s.procedure)} {
  check strong
  output ${r(s.group)}: total, greeting, side_label, cell
  summary ${r(s.summary)} total ${r(s.summary)} else ${r(s.summary)}
}
example ${r(s.example)} disputed ${r(s.reason)} {
  procedure attack
  given units = [{strength: 1}]
  dice roll = 1
  expect total = 2
}
\`\`\`

:::chart[${markdownText(s.caption)}]{#hostile}
| roll | 1 |
|------|---|
| 1-6  | ${markdownText(s.cell)} |
:::
`,
  );
  return root;
}
