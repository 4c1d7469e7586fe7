/**
 * compiler/4-emit/share-engines.ts: an edition whose rules for a procedure compile to
 * the very code of the edition it supersedes publishes that engine with its own
 * metadata; any change to what the engine runs or reads publishes an engine of its own.
 * The fixture (test/editions/fixture): v2 changes a rule of `charge` (its cost), v3
 * changes only prose that no rule reads.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { compile } from "../../../compiler/compile.ts";
import type { EngineModule } from "../../../compiler/runtime/runtime.ts";
import { runVector } from "../../../compiler/5-verify/run-vector.ts";
import type { VectorFile } from "../../../compiler/5-verify/vector.ts";
import { copyCorpus, REPO, removeTemp, tempDir } from "../../support/repo.ts";

const FIXTURE = join(REPO, "test/editions/fixture");
const temps: string[] = [];
afterAll(() => temps.forEach(removeTemp));

/** Compiles a copy of the fixture, edited, and writes its generated/ to disk. */
async function build(edit: (root: string) => void = () => {}): Promise<{ files: Map<string, string>; load: (path: string) => Promise<EngineModule & { metadata: Record<string, unknown> }> }> {
  const root = copyCorpus(FIXTURE);
  temps.push(root);
  edit(root);
  const result = await compile({ root });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const out = tempDir("hexlaw-share-");
  temps.push(out);
  for (const [path, content] of result.files) {
    mkdirSync(dirname(join(out, path)), { recursive: true });
    writeFileSync(join(out, path), content);
  }
  return { files: result.files, load: async (path) => import(pathToFileURL(join(out, path)).href) };
}

const exportsFrom = (source: string) => [...source.matchAll(/^export \* from "([^"]+)";$/gm)].map((m) => m[1]);
const document = (root: string, edition: string) => join(root, "rules/fx", edition, "01-moves.md");
/** An edition's chapter with the rules of another: its text, with its own front matter. */
const rulesOf = (root: string, from: string, to: string) =>
  writeFileSync(document(root, to), readFileSync(document(root, from), "utf8").replace(`edition: "${from}"`, `edition: "${to}"`));

describe("engines shared between editions", () => {
  it("an edition that changed only prose publishes the engine of the edition it supersedes, with its own metadata", async () => {
    const { files, load } = await build();
    expect(exportsFrom(files.get("fx/v2/charge.ts")!)).toEqual([]);
    expect(exportsFrom(files.get("fx/v3/charge.ts")!)).toEqual(["../v2/charge.ts"]);
    expect(exportsFrom(files.get("fx/v3/charge.js")!)).toEqual(["../v2/charge.js"]);
    expect(exportsFrom(files.get("fx/v3/charge.d.ts")!)).toEqual(["../v2/charge.js"]);

    const [v2, v3] = await Promise.all([load("fx/v2/charge.js"), load("fx/v3/charge.js")]);
    // One engine: every function and table is the very same object; the metadata is each edition's own.
    for (const name of Object.keys(v2).filter((n) => n !== "metadata")) expect(v3[name as keyof typeof v3], name).toBe(v2[name as keyof typeof v2]);
    expect(v3.metadata).toEqual({ ...v2.metadata, edition: "v3", editionTitle: "Fixture rules v3", supersedes: "v2", sources: ["rules/fx/v3/01-moves.md"] });
    // And it answers its own edition's worked examples.
    const { vectors } = JSON.parse(files.get("fx/v3/charge.vectors.json")!) as VectorFile;
    expect(vectors.length).toBeGreaterThan(0);
    for (const vector of vectors) expect(runVector(v3, vector).findings, vector.id).toEqual([]);
  });

  it("follows the chain to the engine whose code it runs", async () => {
    const { files } = await build((root) => {
      rulesOf(root, "v1", "v2");
      rulesOf(root, "v1", "v3");
    });
    expect(exportsFrom(files.get("fx/v1/charge.ts")!)).toEqual([]);
    expect(exportsFrom(files.get("fx/v2/charge.ts")!)).toEqual(["../v1/charge.ts"]);
    expect(exportsFrom(files.get("fx/v3/charge.ts")!)).toEqual(["../v1/charge.ts"]);
  });

  it("an edition that changed what the engine reads (a label of an output, a quote) has an engine of its own", async () => {
    for (const [what, from, to] of [
      ["a label", `let charge_cost "Charge cost"`, `let charge_cost "Cost of a charge"`],
      ["a quote", `= 2 "spends 2 MP to charge"`, `= 2 "spends 2 MP"`],
    ]) {
      const { files } = await build((root) => {
        const text = readFileSync(document(root, "v3"), "utf8");
        expect(text, what).toContain(from);
        writeFileSync(document(root, "v3"), text.replace(from, to));
      });
      expect(exportsFrom(files.get("fx/v3/charge.ts")!), what).toEqual([]);
    }
  });
});
