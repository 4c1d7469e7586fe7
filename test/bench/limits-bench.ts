import { join } from "node:path";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { cpSync } from "node:fs";
import { compile } from "../../compiler/compile.ts";
import { ms, row, time } from "./measure.ts";

const ROOT = new URL("../..", import.meta.url).pathname;

/** A root holding the empty test edition and one chapter whose rules block is `rules`. */
function corpusOf(name: string, rules: string): string {
  const root = join(tmpdir(), `hexlaw-bench-limits-${name}`);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  cpSync(join(ROOT, "test/fixtures/empty/rules"), join(root, "rules"), { recursive: true });
  const front = `---\nruleset: t\nedition: "1"\nsection: "1.0"\ntitle: Test\norder: 1\nslug: 1-0-test\nprovenance:\n  source: Written for the Hexlaw benchmark.\n---\n`;
  writeFileSync(join(root, "rules/t/1/01-test.md"), `${front}\n# 1.0 Test\n\n**1.1** Things.\n\n\`\`\`rules\n${rules}\n\`\`\`\n`);
  return root;
}

/**
 * Hostile documents compile in bounded time (issue 8.4): thousands of unknown names
 * (quadratic before: 3,000 took 10 s, 20,000 over 3 min), and nesting that once ran
 * the compiler out of stack. Each is refused with its diagnostics; the figure is the time.
 */
export async function limits(): Promise<void> {
  process.stdout.write("Hostile documents (each refused with diagnostics)\n");
  for (const count of [2_000, 20_000]) {
    const root = corpusOf(`names-${count}`, Array.from({ length: count }, (_, i) => `let known_${i} = missing_${i}`).join("\n"));
    row(`${count} unknown names in one file`, ms(await time(() => compile({ root }))), count === 20_000 ? "issue: 20,000 took > 3 min" : undefined);
    rmSync(root, { recursive: true, force: true });
  }
  const deep = corpusOf("deep", `let deep = ${"(".repeat(100_000)}1${")".repeat(100_000)}`);
  row("100,000 nested brackets", ms(await time(() => compile({ root: deep }))));
  rmSync(deep, { recursive: true, force: true });
}
