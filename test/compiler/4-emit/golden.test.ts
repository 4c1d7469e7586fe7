/**
 * Golden engines: a few lines of rules (golden/<case>/input.md, a chapter of a one-chapter
 * edition) and the exact TypeScript engine the emitter prints for each procedure
 * (golden/<case>/<procedure>.ts). A change to the emitter shows here as a diff a reviewer
 * reads; UPDATE=1 records the engines again.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compile } from "../../../compiler/compile.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

const GOLDEN = join(import.meta.dirname, "golden");
const CASES = readdirSync(GOLDEN).filter((name) => existsSync(join(GOLDEN, name, "input.md")));

/** The engines a chapter compiles to, by file name (`overrun.ts`). */
async function enginesOf(chapter: string): Promise<Map<string, string>> {
  const { root } = documentCorpus(`${frontMatter()}\n${chapter}`);
  try {
    const result = await compile({ root });
    expect(result.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([]);
    return new Map([...result.files].flatMap(([path, text]) => (/^t\/1\/[^/]+\.ts$/.test(path) && !path.endsWith(".d.ts") ? [[path.slice("t/1/".length), text] as const] : [])));
  } finally {
    removeTemp(root);
  }
}

describe("the emitter's engines, to the letter", () => {
  it("has cases", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(3);
  });

  it.each(CASES)("%s", async (name) => {
    const folder = join(GOLDEN, name);
    const engines = await enginesOf(readFileSync(join(folder, "input.md"), "utf8"));
    expect(engines.size, "the case defines a procedure").toBeGreaterThan(0);
    if (process.env.UPDATE) for (const [file, text] of engines) writeFileSync(join(folder, file), text);
    const recorded = readdirSync(folder).filter((file) => file.endsWith(".ts")).sort();
    expect(recorded, "recorded engines (UPDATE=1 records them)").toEqual([...engines.keys()].sort());
    for (const [file, text] of engines) expect(text, `${name}/${file}`).toBe(readFileSync(join(folder, file), "utf8"));
  });
});
