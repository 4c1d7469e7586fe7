/**
 * The compiler's import graph keeps to its phases (issue 24.1): data flows one way,
 * rules/ → 1-read → 2-resolve → 3-check → 4-emit → 5-verify → 6-publish, and each phase
 * consumes the previous phase's output. Read from the import statements of compiler/:
 *
 * - a phase imports from no later phase, and from no earlier one but the phase just
 *   before it (what it needs of earlier phases comes in that phase's output);
 * - a phase imports none of the tools built on the phases (cli/, diff/, mutate/, lsp/,
 *   import/, compile.ts);
 * - the foundations every phase uses (language/, diagnostics/, runtime/) import no phase
 *   and no tool.
 *
 * Where the code breaks the rule today, EXCEPTIONS says so and why; an exception that
 * no longer occurs fails the test too, so the list only shrinks.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, posix, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../support/repo.ts";

const COMPILER = join(REPO, "compiler");
const TOOLS = ["cli", "diff", "mutate", "import", "lsp", "compile.ts"];
const FOUNDATIONS = ["language", "diagnostics", "runtime"];

/** Imports that break the rule today, as `importer → imported` (paths under compiler/), with the reason. */
const EXCEPTIONS: Record<string, string> = {
  "6-publish/build-inputs.ts → 1-read/read-source.ts": "the record of generated/'s inputs hashes files decoded as the reader decodes them (decodeSource); to move to a shared module of its own",
  "6-publish/rule-index.ts → 1-read/numbering.ts": "the rule index publishes the edition's numbering as the reader compiled it (publishNumbering); to come with 2-resolve's output",
  "6-publish/rule-index.ts → 1-read/types.ts": "the types of amendments and charts, which the rule index publishes",
  "6-publish/publish-edition.ts → 3-check/types.ts": "the checked edition, whose procedures and examples publish-edition writes",
  "6-publish/rule-index.ts → 3-check/types.ts": "the checked edition the rule index is made from",
  "6-publish/chart-lookups.ts → 3-check/types.ts": "the procedures whose chart lookups the rule index lists",
  "6-publish/publish-edition.ts → 4-emit/emit-schema.ts": "each engine's input JSON schema is made at publishing (jsonSchema); to be part of 4-emit's output",
  "6-publish/publish-edition.ts → 4-emit/emit-engine.ts": "an engine's JavaScript imports the runtime's JavaScript (javaScriptSpecifier); to be part of 4-emit's output",
  "6-publish/publish-edition.ts → 4-emit/share-engines.ts": "a module sharing another edition's engine is printed at publishing (sharingEngine); to be printed by 4-emit",
  "6-publish/publish-edition.ts → 4-emit/types.ts": "the emitted engines publish-edition writes",
  "5-verify/build-vectors.ts → 3-check/types.ts": "the worked examples a vector is made of (ExampleModel)",
  "5-verify/verify-examples.ts → 3-check/types.ts": "the checked edition whose examples are verified",
  "5-verify/engine-host.ts → diff/types.ts": "the engine worker also runs `hexlaw diff`'s comparisons of two editions' engines",
  "5-verify/engine-worker.ts → diff/diff-behaviour.ts": "the engine worker also runs `hexlaw diff`'s comparisons of two editions' engines",
  "3-check/bind-tables.ts → 1-read/types.ts": "the charts a table is bound to, as the reader found them (carried by 2-resolve's output)",
  "3-check/check-chart-keys.ts → 1-read/types.ts": "the charts whose keys are checked, as the reader found them (carried by 2-resolve's output)",
  "6-publish/build-inputs.ts → 1-read/figure-file.ts": "the record of generated/'s inputs lists the figures the reader accepts (figure files and their headers); to move to a shared module of its own",
  "6-publish/rule-index.ts → 1-read/figure-file.ts": "the rule index lists an edition's figures as the reader accepts them; to move to a shared module of its own",
  "3-check/quotes.ts → 1-read/types.ts": "the paragraphs a quote is looked for in, as the reader found them (carried by 2-resolve's output)",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

/** Every relative import and re-export of a file, as paths under compiler/ (type-only ones too). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+"(\.[^"]+)"/gms)].map((m) => m[1]);
  return specifiers.map((s) => posix.normalize(posix.join(relative(COMPILER, dirname(file)).split("\\").join("/"), s))).filter((p) => !p.startsWith(".."));
}

/** `3-check/types.ts` → 3; a file outside the phases → null. */
function phaseOf(path: string): number | null {
  const match = /^(\d)-/.exec(path);
  return match ? Number(match[1]) : null;
}
const topOf = (path: string) => path.split("/")[0];

const GRAPH = sourceFiles(COMPILER).map((file) => {
  const from = relative(COMPILER, file).split("\\").join("/");
  return { from, imports: importsOf(file) };
});

function broken(): string[] {
  const found: string[] = [];
  for (const { from, imports } of GRAPH) {
    const phase = phaseOf(from);
    for (const to of imports) {
      const target = phaseOf(to);
      const edge = `${from} → ${to}`;
      if (phase !== null && target !== null && target !== phase && target !== phase - 1) found.push(edge);
      if (phase !== null && TOOLS.includes(topOf(to))) found.push(edge);
      if (FOUNDATIONS.includes(topOf(from)) && (target !== null || TOOLS.includes(topOf(to)))) found.push(edge);
    }
  }
  return [...new Set(found)].sort();
}

describe("the import rule of compiler/", () => {
  it("reads the imports of every file", () => {
    expect(GRAPH.length).toBeGreaterThan(100);
    expect(GRAPH.find((f) => f.from === "compile.ts")?.imports).toContain("3-check/check-edition.ts");
  });

  it("is kept: no phase imports from a later one, reaches back more than one phase or imports a tool; foundations import no phase", () => {
    expect(broken().filter((edge) => !(edge in EXCEPTIONS))).toEqual([]);
  });

  it("lists as exceptions only imports that still break it", () => {
    const edges = new Set(broken());
    expect(Object.keys(EXCEPTIONS).filter((edge) => !edges.has(edge))).toEqual([]);
  });
});
