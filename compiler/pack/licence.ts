import { readFileSync } from "node:fs";
import type { RuleIndex } from "../markdown/rulebook-context.ts";
import { sourceNotice } from "../text-licence.ts";

/** Hexlaw's own licence (MIT), which its runtime and the engines it generates are under. */
export function codeLicence(): string {
  return readFileSync(new URL("../../LICENSE", import.meta.url), "utf8");
}

/**
 * LICENSE.md of an edition's package: the code's licence, and the rules text's as its
 * sources state it. The engines quote that text (labels, descriptions, the words each
 * trace step cites), and the rule index and vectors hold more of it.
 */
export function licenceFile(index: RuleIndex): string {
  return `# Licences

This package holds two kinds of work.

## The rules text

The engines quote the text of ${index.ruleset.title}, ${index.edition.title} (the labels and
descriptions of their inputs and outputs, the words of the rules each step of a trace
cites), and the rule index (\`rule-index.json\`) and the vectors hold more of it. That
text is not Hexlaw's: it is its authors' and publishers', under the licence its source
states. Its sources, with their credit and licence (“none stated” where a source states none):

${index.edition.sources.length === 0 ? "- Not stated.\n" : index.edition.sources.map((s) => `- ${sourceNotice(s)}\n`).join("")}
## The code

The JavaScript, the declarations and the schemas (the runtime, the engines Hexlaw
generated, and the formats' JSON Schemas) are under Hexlaw's licence:

\`\`\`text
${codeLicence().trimEnd()}
\`\`\`
`;
}
