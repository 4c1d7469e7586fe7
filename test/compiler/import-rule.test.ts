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
 * A phase names what later phases read of its input in its own types.ts (`export type … from`),
 * so that what phase N needs of phase N − 2 comes through phase N − 1's output.
 * No exceptions: what several phases share lives outside them (build-inputs.ts, formats/).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, posix, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../support/repo.ts";

const COMPILER = join(REPO, "compiler");
const TOOLS = ["cli", "diff", "mutate", "import", "lsp", "compile.ts"];
const FOUNDATIONS = ["language", "diagnostics", "runtime"];

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
    expect(broken()).toEqual([]);
  });
});
