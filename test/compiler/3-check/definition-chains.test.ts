/**
 * A chain of definitions, each reading the next, is as deep as an engine's call stack
 * and as the compiler's walks of dependencies (issue 23.4: 1,750 of them gave HX0901
 * "Maximum call stack size exceeded", with no place). Checking, dependencies, trace and
 * evaluation order walk any chain without recursion; a chain longer than the limit is
 * HX0037 at the definition where it passes the limit; one at the limit compiles, and its
 * engine resolves, traces and enumerates its dice.
 */
import { describe, expect, it } from "vitest";
import { compile, type CompileResult } from "../../../compiler/compile.ts";
import type { Diagnostic } from "../../../compiler/diagnostics/diagnostic.ts";
import { formatDiagnostic } from "../../../compiler/diagnostics/format.ts";
import { LIMITS } from "../../../compiler/language/limits.ts";
import { enginesOf } from "../../support/engines.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

const FILE = "rules/t/1/01-test.md";
/** The line of the block's first statement in `chapter`'s document. */
const FIRST_LINE = 17;

/** A chapter whose block declares `statements`, one a line, and a procedure giving `output`. */
function chapter(statements: string[], output: string): string {
  return `${frontMatter()}\n# 1.0 Test\n\n**1.1** Things.\n\n\`\`\`rules\n${[...statements, `procedure p { output "R": ${output} }`].join("\n")}\n\`\`\`\n`;
}

/** `let l0 = a + d`, then `let l<i> = l<i-1> + 1` for i < n. */
function chain(n: number): string[] {
  return ["let l0 = a + d", ...Array.from({ length: n - 1 }, (_, i) => `let l${i + 1} = l${i} + 1`)];
}
const DECLARED = ["input a: integer = 1", "dice d: 1d6"];

async function compileChapter(text: string): Promise<{ result: CompileResult; errors: Diagnostic[]; printed: string[] }> {
  const { root } = documentCorpus(text);
  try {
    const result = await compile({ root });
    const errors = result.diagnostics.filter((d) => d.severity === "error");
    return { result, errors, printed: errors.map((d) => formatDiagnostic(d, (file) => result.sources.get(file))) };
  } finally {
    removeTemp(root);
  }
}

describe("chains of definitions", () => {
  it("refuses a chain of 20,000 definitions with HX0037 where it passes the limit, in either order, without running out of stack", async () => {
    const lines = chain(20_000);
    for (const statements of [lines, [...lines].reverse()]) {
      const { errors, printed } = await compileChapter(chapter([...DECLARED, ...statements], "l19999"));
      expect(errors.map((d) => d.code)).toEqual(["HX0037"]);
      const at = statements.indexOf(`let l${LIMITS.definitionChain} = l${LIMITS.definitionChain - 1} + 1`);
      expect(errors[0].place).toMatchObject({ file: FILE, start: { line: FIRST_LINE + DECLARED.length + at, column: 5 } });
      expect(printed[0]).toContain(`error[HX0037]: \`l${LIMITS.definitionChain}\` is computed from a chain of more than ${LIMITS.definitionChain} definitions`);
      expect(printed[0]).toContain(`--> ${FILE}:`);
    }
  });

  it("reports a cycle through 20,000 definitions once, with its path shortened", async () => {
    const statements = ["let l0 = l19999 + 1", ...chain(20_000).slice(1)];
    const { errors } = await compileChapter(chapter([...DECLARED, ...statements], "l0"));
    const cycles = errors.filter((d) => d.code === "HX0305");
    expect(cycles).toHaveLength(1);
    expect(cycles[0].message).toMatch(/^`l\d+` depends on itself: (l\d+ → ){6}… \(19992 more\) … → (l\d+ → ){2}l\d+\.$/);
    expect(errors.map((d) => d.code).filter((code) => code !== "HX0305" && code !== "HX0037")).toEqual([]);
  });

  it("compiles a chain at the limit: its engine resolves, traces every step and enumerates the die", async () => {
    const n = LIMITS.definitionChain;
    const last = `l${n - 1}`;
    const example = `example "Through the chain" {\n  procedure p\n  given a = 1\n  dice d = 3\n  expect ${last} = ${1 + 3 + n - 1}\n}`;
    const { result, errors } = await compileChapter(chapter([...DECLARED, ...chain(n), example], last));
    expect(errors).toEqual([]);
    const engine = await enginesOf(result, "chain")[0].load();
    const resolved = engine.resolve({ a: 2 }, { d: 6 });
    expect(resolved.outputs[last]).toBe(2 + 6 + n - 1);
    expect(resolved.trace.filter((step) => step.kind === "let")).toHaveLength(n);
    const distribution = engine.distribution({ a: 2 });
    expect(distribution.outcomes).toHaveLength(6);
  });
});
