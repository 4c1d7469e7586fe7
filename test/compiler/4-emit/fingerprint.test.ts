/**
 * The engine cache key is the procedure's checked model (4-emit/fingerprint.ts), not slices
 * of its source: a rebuild under `--watch` reuses an engine exactly when nothing the emitter
 * reads has changed. A chart's caption is printed into the engine without being part of any
 * declaration's text, which the key of source slices forgot: a stale engine.
 */
import { writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { BuildCache } from "../../../compiler/cache.ts";
import { compile } from "../../../compiler/compile.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

const document = (caption: string, prose = "") => `${frontMatter("Fingerprint")}
# 1.0 Fingerprint

**1.1** Roll on the chart.${prose}

\`\`\`rules
dice d: 1d3
table results = chart "results" { rows: integer, columns: integer, cells: integer }
let result = results[d, 1] "Roll on the chart."
procedure p { output result }
\`\`\`

:::chart[${caption}]{#results}
| roll | 1 | 2 |
|------|---|---|
| 1 | 4 | 5 |
| 2 | 5 | 6 |
| 3 | 6 | 7 |
:::
`;

const { root, file } = documentCorpus(document("Results of a roll"));
afterAll(() => removeTemp(root));

const engineOf = (files: Map<string, string>) => files.get("t/1/p.ts")!;

describe("the engine cache key", () => {
  const cache = new BuildCache();

  it("changes with what the emitter reads that no declaration writes: a rebuild prints a chart's new caption", async () => {
    const first = await compile({ root, cache });
    expect(first.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(engineOf(first.files)).toContain("Results of a roll");
    writeFileSync(file, document("Results of one die"));
    const cached = await compile({ root, cache });
    const cold = await compile({ root });
    expect(engineOf(cached.files)).toContain("Results of one die");
    expect(engineOf(cached.files)).toBe(engineOf(cold.files));
  });

  it("stays the same when only places change: prose added above a block reuses its engine", async () => {
    await compile({ root, cache });
    const keys = new Set(cache.engines.keys());
    writeFileSync(file, document("Results of one die", "\nRoll it once, and only once.\n\nThen read the chart."));
    const moved = await compile({ root, cache });
    expect(moved.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(cache.engines.keys().filter((key) => !keys.has(key))).toEqual([]);
  });
});
