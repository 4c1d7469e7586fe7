/**
 * Emitted expressions evaluate the way the rules read: test/fixtures/expressions
 * is a corpus whose worked examples pin down rounding (rule 4.2's 15 to 6 and
 * 9.75 against 2), precedence, all/none, sets, spans and aggregates. Phase 5 runs
 * them on the emitted engines, so any disagreement is an HX0506 here.
 */
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compile } from "../../../compiler/compile.ts";
import { formatDiagnostic } from "../../../compiler/diagnostics/format.ts";
import { copyCorpus, REPO, removeTemp } from "../../support/repo.ts";

const EXPRESSIONS = join(REPO, "test/fixtures/expressions");

async function compileClean(root: string) {
  const result = await compile({ root });
  const shown = result.diagnostics.map((d) => formatDiagnostic(d, (file) => result.sources.get(file))).join("\n\n");
  expect(result.diagnostics, shown).toEqual([]);
  return result;
}

describe("emitted expressions", () => {
  it("reproduce every worked example of the expressions corpus", async () => {
    const result = await compileClean(EXPRESSIONS);
    const vectors = [...result.files].filter(([path]) => path.endsWith(".vectors.json")).flatMap(([, text]) => JSON.parse(text).vectors);
    const written = [...result.sources].filter(([file]) => file.endsWith(".md")).flatMap(([, text]) => [...text.matchAll(/^example "/gm)]);
    expect(written.length).toBeGreaterThan(0);
    expect(vectors.length).toBe(written.length);
  });

  const roots: string[] = [];
  afterAll(() => roots.forEach(removeTemp));

  it("evaluate a negated negation", async () => {
    const root = copyCorpus(EXPRESSIONS);
    roots.push(root);
    appendFileSync(
      join(root, "rules/calc/1/01-arithmetic.md"),
      '\n**1.5** Negation.\n\n```rules\nlet twice_negated = -(-a) "Negation."\nlet negated_literal = -(-3) "Negation."\nprocedure negation { output twice_negated, negated_literal }\nexample "Twice" { procedure negation given a = 4 expect twice_negated = 4, negated_literal = 3 }\n```\n',
    );
    await compileClean(root);
  });
});
