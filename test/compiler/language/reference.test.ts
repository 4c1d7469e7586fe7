/**
 * The language reference (grammar/README.md) cannot drift from the language:
 *
 * - every example in it (a ````markdown block marked `example`) is compiled as a chapter
 *   of a throwaway edition of its own and must compile without a single diagnostic,
 *   and the worked examples it declares (`example "…" { … expect … }`) must all run
 *   and hold, so what the reference says an expression gives is what engines give;
 * - a block marked as showing a mistake (`example HX0203`) must be reported with
 *   exactly those codes, and the ```text block after it must be what the compiler
 *   prints for it (`UPDATE=1` rewrites those blocks, for a reviewer to read as a diff);
 * - every word of compiler/language/words.ts, every built-in function and comprehension
 *   of builtins.ts and every rounding mode is documented in the reference and used in one
 *   of its examples (derived from those lists: a new word or built-in without both fails).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { InlineCode, Heading, RootContent } from "mdast";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile, type CompileResult } from "../../../compiler/compile.ts";
import type { Diagnostic } from "../../../compiler/diagnostics/diagnostic.ts";
import { AGGREGATES, BUILTINS, ROUNDING_MODES } from "../../../compiler/language/builtins.ts";
import { CLAUSE_WORDS, CONSTANT_WORDS, EXPRESSION_WORDS, STATEMENT_WORDS, TYPE_WORDS } from "../../../compiler/language/words.ts";
import {
  editionOf, isChapterOf, parseReference, referenceExamples, referenceLine, shownDiagnostics, writeExampleCorpus, RULESET, type ReferenceExample,
} from "../../support/reference-examples.ts";
import { REPO, removeTemp, tempDir } from "../../support/repo.ts";

const UPDATE = Boolean(process.env.UPDATE) && process.env.UPDATE !== "0";
const REFERENCE = join(REPO, "grammar/README.md");
const text = readFileSync(REFERENCE, "utf8");
const { examples, strays } = referenceExamples(text);
const runnable = examples.filter((e) => e.codes.length === 0);
const mistakes = examples.filter((e) => e.codes.length > 0);
const title = (e: ReferenceExample) => `line ${e.line} (${e.section})`;

/** A diagnostic as a failure shows it: where it is in the reference, and what it says. */
function show(e: ReferenceExample, d: Diagnostic): string {
  return `grammar/README.md:${referenceLine(e, d.place)}: ${d.severity}[${d.code}] ${d.message} (hint: ${d.hint})`;
}

function concerns(e: ReferenceExample, d: Diagnostic): boolean {
  return isChapterOf(e, d.place?.file) || d.notes.some((n) => isChapterOf(e, n.place?.file));
}

describe("the language reference", () => {
  it("has examples, and every rules or Markdown block in it is one", () => {
    expect(runnable.length).toBeGreaterThan(0);
    expect(strays.map((s) => `line ${s.line}: a \`${s.lang}\` block that is not marked \`example\``)).toEqual([]);
  });
});

/** Compiles examples together, each an edition of its own, in a temporary root. */
async function compileExamples(list: readonly ReferenceExample[]): Promise<CompileResult> {
  const root = tempDir("hexlaw-reference-");
  try {
    writeExampleCorpus(root, list);
    return await compile({ root });
  } finally {
    removeTemp(root);
  }
}

describe("every example of the language reference", () => {
  let result: CompileResult;
  // A compile stops after a stage with errors: when some examples have them, the others are compiled again without them.
  let clean: CompileResult;
  beforeAll(async () => {
    result = await compileExamples(runnable);
    clean = result.ok ? result : await compileExamples(runnable.filter((e) => !result.diagnostics.some((d) => concerns(e, d))));
  });

  it.each(runnable.map((e) => [title(e), e] as const))("%s compiles without a diagnostic, and its worked examples hold", (_, e) => {
    expect(result.diagnostics.filter((d) => concerns(e, d)).map((d) => show(e, d))).toEqual([]);
    const elsewhere = result.diagnostics.filter((d) => !runnable.some((other) => concerns(other, d)));
    expect(elsewhere.map((d) => `${d.code} ${d.message}`), "diagnostics of no example").toEqual([]);

    const edition = clean.editions.find((c) => c.resolved.ruleset.id === RULESET && c.resolved.edition.id === editionOf(e));
    expect(edition, "the compile reached the check of this example").toBeDefined();
    const declared = edition!.resolved.symbols.examples.length;
    expect(declared, "a runnable example declares at least one worked example, which shows what the construct gives").toBeGreaterThan(0);
    const vectors = [...clean.files]
      .filter(([path]) => path.startsWith(`${RULESET}/${editionOf(e)}/`) && path.endsWith(".vectors.json"))
      .reduce((n, [, json]) => n + (JSON.parse(json) as { vectors: unknown[] }).vectors.length, 0);
    expect(vectors, "every worked example ran on its engine and held").toBe(declared);
  });
});

describe("every mistake the language reference shows", () => {
  const rewrites: { start: number; end: number; text: string }[] = [];
  afterAll(() => {
    if (!UPDATE || rewrites.length === 0) return;
    let updated = text;
    for (const r of rewrites.sort((a, b) => b.start - a.start)) updated = updated.slice(0, r.start) + r.text + updated.slice(r.end);
    writeFileSync(REFERENCE, updated);
  });

  it.each(mistakes.map((e) => [title(e), e] as const))("%s is reported with its code, as the reference shows", async (_, e) => {
    const result = await compileExamples([e]);
    expect([...new Set(result.diagnostics.map((d) => d.code))].sort(), result.diagnostics.map((d) => show(e, d)).join("\n")).toEqual([...e.codes].sort());
    expect(e.shown, "a ```text block right after the example shows what the compiler prints").not.toBeNull();
    const printed = shownDiagnostics(e, result.diagnostics);
    if (UPDATE && e.shown!.text !== printed) rewrites.push({ start: e.shown!.start, end: e.shown!.end, text: `\`\`\`text\n${printed}\n\`\`\`` });
    else expect(e.shown!.text).toBe(printed);
  });
});

describe("the language reference documents every word of the language", () => {
  const tree = parseReference(text);
  const inline: string[] = [];
  const headings: string[] = [];
  const visit = (node: RootContent, heading: boolean) => {
    if (node.type === "inlineCode") (heading ? headings : inline).push((node as InlineCode).value);
    if ("children" in node) for (const child of node.children as RootContent[]) visit(child, heading || node.type === "heading");
  };
  for (const node of tree.children) visit(node, (node as Heading).type === "heading");
  /** Code that has the word as a word of its own: `then` in `if … then … else …`, `round` in `round(x, mode)`. */
  const names = (codes: string[], word: string) => codes.some((c) => Array.from(c.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g), (m) => m[0]).includes(word));

  // The words of the rules blocks of the runnable examples, without strings and comments.
  const used = new Set(
    runnable.flatMap((e) => rulesBlocks(e.body))
      .map((code) => code.replace(/"(?:\\.|[^"\\\n])*"/g, " ").replace(/#[^\n]*/g, " "))
      .flatMap((code) => code.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []),
  );

  const words: [string, readonly string[]][] = [
    ["statement", STATEMENT_WORDS], ["expression word", EXPRESSION_WORDS], ["constant", CONSTANT_WORDS], ["clause word", CLAUSE_WORDS],
    ["type", TYPE_WORDS], ["built-in function", Object.keys(BUILTINS)], ["comprehension", AGGREGATES], ["rounding mode", ROUNDING_MODES],
  ];
  const cases = words.flatMap(([kind, list]) => list.map((word) => [kind, word] as const));

  it.each(cases)("the %s `%s` is written about and used in an example", (_, word) => {
    expect(names([...headings, ...inline], word), `\`${word}\` in inline code of the reference`).toBe(true);
    expect(used.has(word), `\`${word}\` in the rules of a runnable example`).toBe(true);
  });

  it.each(STATEMENT_WORDS.map((w) => [w]))("the statement `%s` has a section of its own", (word) => {
    expect(names(headings, word)).toBe(true);
  });

  it.each(Object.entries(BUILTINS))("the built-in `%s` has a section headed by its signature", (name, description) => {
    const signature = description.split(" — ")[0];
    expect(signature.startsWith(`${name}(`)).toBe(true);
    expect(headings).toContain(signature);
  });

  it.each(ROUNDING_MODES.map((m) => [m]))("the rounding mode `%s` is in the table of rounding modes", (mode) => {
    expect(text).toMatch(new RegExp(`^\\| \`${mode}\` \\|`, "m"));
  });
});

/** The contents of the rules blocks of a chapter body. */
function rulesBlocks(body: string): string[] {
  const blocks: string[] = [];
  let current: string[] | null = null;
  for (const line of body.split("\n")) {
    if (current === null && /^\s*```rules\s*$/.test(line)) current = [];
    else if (current !== null && /^\s*```\s*$/.test(line)) {
      blocks.push(current.join("\n"));
      current = null;
    } else current?.push(line);
  }
  return blocks;
}
