import type { RuleIndex } from "../markdown/rulebook-context.ts";
import { FORMATS } from "../runtime/formats.ts";
import type { EngineSchema, FieldSchema, SchemaType, Wire } from "../runtime/runtime.ts";
import { sourceNotice } from "../text-licence.ts";
import { OLDEST_NODE, PACKED_SCHEMAS, type PackedProcedure } from "./edition-package.ts";

interface ReadmeOptions {
  name: string;
  version: string;
  hexlawVersion: string;
  procedures: PackedProcedure[];
}

/** Text from the rules inside a Markdown table cell or line: no raw HTML, no line breaks, no cell separators. */
function inline(text: string): string {
  return text.replace(/\s+/g, " ").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/\|/g, "\\|").replace(/`/g, "'");
}

/**
 * The README of an edition's package, from the edition's metadata and its engines:
 * what it is, a usage example that is true (it resolves one of the rulebook's worked
 * examples; the tests run it from the installed package and compare what it prints),
 * each procedure's inputs, dice and outputs, the formats, and where the text comes from.
 */
export function packageReadme(index: RuleIndex, options: ReadmeOptions): string {
  const { ruleset, edition } = index;
  const facts = [edition.publisher, edition.date, edition.version].filter(Boolean).join(", ");
  const example = usageExample(options.name, options.procedures);
  return `# ${options.name}

The rules engines of **${inline(edition.title)}** (${inline(ruleset.title)}${facts ? `; ${inline(facts)}` : ""}), made by
Hexlaw ${options.hexlawVersion} from the edition's rule documents: one engine per
procedure of the rules, each with its input schema and the rulebook's worked examples
as test vectors. Every answer comes with its trace: each step's value, the paragraph
of the rules it comes from and the words it quotes.${edition.supersedes ? ` This edition supersedes ${inline(edition.supersedes)}.` : ""}

No dependencies: ES modules for Node ${OLDEST_NODE} or later and for browsers, with TypeScript
declarations.

\`\`\`sh
npm install ${options.name}
\`\`\`

## Use

\`\`\`js
${example.code}\`\`\`

It prints:

\`\`\`text
${example.prints}
\`\`\`

Each engine exports \`metadata\` (what it is and answers), \`schema\` (its inputs and dice,
to build a form from), \`check(value)\` (never throws: \`{ ok: true, value }\` or
\`{ ok: false, errors }\`, each error with its path), \`checkDice\`, \`checkAssume\`,
\`resolve(input, dice, { assume })\` (whether the action is allowed, the violated
requirements, every output the dice allow, why each other output is pending, and the
trace) and \`distribution(input)\` (the exact probability of every outcome over all
dice). \`import * as engines from "${options.name}"\` gives them all by procedure;
\`${options.name}/runtime\` holds what they share (odds, exact numbers).

## Procedures

${options.procedures.map((p) => procedureSection(options.name, p)).join("\n")}
## Formats

Engine format ${FORMATS.engine} (\`metadata.formats\`), wire values ${FORMATS.wire}, resolutions and traces ${FORMATS.trace},
vectors ${FORMATS.vectors}, rule index ${FORMATS.ruleIndex}. Each has a JSON Schema:
${PACKED_SCHEMAS.map((file) => `\`${options.name}/schemas/${file}\``).join(", ")}.
The rule index of the edition (its paragraphs, references both ways, charts and what
formalizes each paragraph) is \`${options.name}/rule-index.json\`. The major version of
this package (${options.version}) is the engine format; the minor one is the release of the
edition's formal rules (\`release\` in its edition.yaml).

## Where the text comes from

${edition.sources.length === 0 ? "- Not stated.\n" : edition.sources.map((s) => `- ${inline(sourceNotice(s))}\n`).join("")}
The code is under the MIT licence; the rules text it quotes is under its own (see LICENSE.md).
`;
}

/** A program that resolves one of the rulebook's own worked examples, and what it prints. */
export function usageExample(name: string, procedures: PackedProcedure[]): { code: string; prints: string } {
  for (const { name: procedure, engine, vectors } of procedures) {
    const vector = vectors.vectors.find((v) => !v.disputed && Object.keys(v.assume).length === 0 && Object.keys(v.expect.outputs).length > 0);
    if (!vector) continue;
    const input = withoutDefaults(vector.input, engine.schema);
    const checked = engine.check(input);
    if (!checked.ok) continue;
    const ruling = engine.resolve(checked.value, vector.dice);
    const shown = Object.keys(vector.expect.outputs).slice(0, 3);
    const read = (output: string) => `ruling.outputs${/^[A-Za-z_$][\w$]*$/.test(output) ? `.${output}` : `[${JSON.stringify(output)}]`}`;
    const code =
      `import * as ${procedure} from "${name}/${procedure}";\n\n` +
      `// ${inline(vector.title)} (${vector.paragraph})\n` +
      `const checked = ${procedure}.check(${JSON.stringify(input)});\n` +
      `if (!checked.ok) throw new Error(JSON.stringify(checked.errors));\n` +
      `const ruling = ${procedure}.resolve(checked.value, ${JSON.stringify(vector.dice)});\n` +
      `console.log(JSON.stringify({ allowed: ruling.allowed, ${shown.map((o) => `${JSON.stringify(o)}: ${read(o)}`).join(", ")} }));\n`;
    const prints = JSON.stringify({ allowed: ruling.allowed, ...Object.fromEntries(shown.map((o) => [o, (ruling.outputs as Record<string, Wire>)[o]])) });
    return { code, prints };
  }
  const [first] = procedures;
  return { code: `import * as ${first.name} from "${name}/${first.name}";\n\nconsole.log(${first.name}.metadata.title);\n`, prints: first.engine.metadata.title };
}

/** An input without the values its defaults give (check() fills them in again), so that the example shows what matters. */
function withoutDefaults(input: Record<string, Wire>, schema: EngineSchema): Record<string, Wire> {
  const same = (a: Wire | undefined, b: Wire | undefined) => b !== undefined && JSON.stringify(a) === JSON.stringify(b);
  const strip = (value: Record<string, Wire>, fields: readonly FieldSchema[]): Record<string, Wire> =>
    Object.fromEntries(
      Object.entries(value).flatMap(([key, v]): [string, Wire][] => {
        const field = fields.find((f) => f.name === key);
        if (field && same(v, field.default)) return [];
        if (field?.type.kind === "list" && Array.isArray(v)) {
          const record = schema.records[field.type.of];
          return [[key, record ? v.map((item) => (item && typeof item === "object" && !Array.isArray(item) ? strip(item, record.fields) : item)) : v]];
        }
        return [[key, v]];
      }),
    );
  return strip(input, schema.inputs);
}

function procedureSection(name: string, { name: procedure, engine, vectors }: PackedProcedure): string {
  const { metadata, schema } = engine;
  const inputs = schema.inputs.map((f) => `| \`${f.name}\` | ${inline(f.label)} | ${typeText(f.type, schema)} | ${f.default === undefined ? (f.optional ? "may be left out" : "required") : `\`${inline(JSON.stringify(f.default))}\``} | ${inline(f.paragraph ?? "")} | ${inline(f.description)} |\n`).join("");
  const records = Object.entries(schema.records).map(([record, { label, fields }]) => `- \`${record}\` (${inline(label)}): ${fields.map((f) => `\`${f.name}\` ${typeText(f.type, schema)}${f.default === undefined ? "" : ` = \`${inline(JSON.stringify(f.default))}\``}`).join(", ")}\n`).join("");
  const dice = schema.dice.map((d) => `\`${d.name}\` (${inline(d.label)}, ${d.count}d${d.sides}, ${inline(d.paragraph)})`).join(", ");
  const outputs = metadata.outputs.map((group) => `- ${inline(group.label)}: ${group.names.map((n) => `\`${n}\``).join(", ")}\n`).join("");
  return `### \`${procedure}\`: ${inline(metadata.title)} (${inline(metadata.paragraph)})

\`import * as ${procedure} from "${name}/${procedure}"\`; its input schema is \`${name}/${procedure}.input.schema.json\`,
its ${vectors.vectors.length} vector(s) \`${name}/${procedure}.vectors.json\`.

| Input | Label | Type | Default | Paragraph | Description |
|---|---|---|---|---|---|
${inputs}${records ? `\nUnits:\n\n${records}` : ""}
Dice: ${dice || "none"}.

Outputs:

${outputs}`;
}

/** A field's type in words: `number ≥ 0 or all`, `integer 1–6`, `one of open, close`, `list of attacking_unit (at least 1)`. */
function typeText(type: SchemaType, schema: EngineSchema): string {
  const none = "orNone" in type && type.orNone ? " or none" : "";
  switch (type.kind) {
    case "number":
    case "integer": {
      const lower = type.min !== undefined ? `${type.minExclusive ? ">" : "≥"} ${type.min}` : "";
      const upper = type.max !== undefined ? `${type.maxExclusive ? "<" : "≤"} ${type.max}` : "";
      const range = type.min !== undefined && type.max !== undefined && !type.minExclusive && !type.maxExclusive ? ` ${type.min}–${type.max}` : [lower, upper].filter(Boolean).map((b) => ` ${b}`).join(",");
      return `${type.kind}${range}${type.orAll ? " or all" : ""}${none}`;
    }
    case "enum":
      return `one of ${type.members.map((m) => `\`${m.name}\``).join(", ")}${none}`;
    case "list": {
      const bounds = [type.minItems !== undefined ? `at least ${type.minItems}` : "", type.maxItems !== undefined ? `at most ${type.maxItems}` : ""].filter(Boolean).join(", ");
      return `list of \`${type.of}\`${schema.records[type.of] ? "" : " records"}${bounds ? ` (${bounds})` : ""}`;
    }
    case "record":
    case "notation":
      return `\`${type.name}\`${none}`;
    default:
      return `${type.kind}${none}`;
  }
}
