/**
 * A rule name may be any name the generated engine itself declares at its top level
 * (`outputs`, `TRACE`, `check`, `State`, …): the emitter renames the rule's, so the
 * engine still loads, defaults still apply and numbers stay numbers (issue 8.4).
 * The names are read from an engine in generated/, so a name a later change to the
 * emitter adds is tried too.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { RESERVED, INTERNAL_WORDS } from "../../../compiler/language/words.ts";
import type { EngineModule } from "../../../compiler/runtime/runtime.ts";
import { builtCorpus, EMPTY, frontMatter, GENERATED, removeTemp } from "../../support/repo.ts";
import { writeFileSync } from "node:fs";

/** Every top-level name of the generated engines of one edition, without `$` (the emitter's helpers have one). */
function engineTopLevelNames(): string[] {
  const folder = join(GENERATED, "ocs/4.3");
  const names = new Set<string>();
  for (const file of readdirSync(folder).filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))) {
    const text = readFileSync(join(folder, file), "utf8");
    for (const m of text.matchAll(/^(?:export\s+)?(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|interface|type|enum)\s+([A-Za-z_][A-Za-z0-9_]*)\b/gm)) names.add(m[1]);
    for (const m of text.matchAll(/^import\s+\*\s+as\s+([A-Za-z_][A-Za-z0-9_]*)/gm)) names.add(m[1]);
  }
  return [...names].filter((n) => !RESERVED.has(n) && !INTERNAL_WORDS.has(n)).sort();
}

describe("rule names equal to the engine's own names", () => {
  it("compile to an engine that loads, with defaults applied and numbers added as numbers", async () => {
    const names = engineTopLevelNames();
    expect(names).toEqual(expect.arrayContaining(["outputs", "resolve", "check", "schema", "metadata", "State", "TRACE", "rt"]));
    // Inputs with defaults and definitions alternate: each definition adds to the input before it.
    const inputs = names.filter((_, i) => i % 2 === 0);
    const lets = names.filter((_, i) => i % 2 === 1);
    const rules = [
      ...inputs.map((n, i) => `input ${n}: integer = ${i + 1}`),
      ...lets.map((n, i) => `let ${n} = ${inputs[i]} + 7`),
      // A record and an enum whose type names are the engine's own (State, Outputs).
      "record state { strength: integer }",
      "enum outputs_kind { first, second }",
      "input units: list of state",
      "let unit_count = count(units)",
      `procedure p { output "R": ${[...lets, "unit_count"].join(", ")} }`,
    ].join("\n");
    const { root } = await builtCorpus(EMPTY, "hexlaw-names-", (dir) => {
      writeFileSync(join(dir, "rules/t/1/01-test.md"), `${frontMatter()}\n# 1.0 Test\n\n**1.1** Things.\n\n\`\`\`rules\n${rules}\n\`\`\`\n`);
    });
    try {
      const engine = (await import(pathToFileURL(join(root, "generated/t/1/p.ts")).href)) as EngineModule;
      const checked = engine.check({ units: [{ strength: 1 }] });
      expect(checked.ok).toBe(true);
      if (!checked.ok) return;
      const outputs = engine.resolve(checked.value, {}).outputs as Record<string, unknown>;
      lets.forEach((n, i) => expect(outputs[n], n).toBe(i + 1 + 7));
      expect(outputs.unit_count).toBe(1);
    } finally {
      removeTemp(root);
    }
  });
});
