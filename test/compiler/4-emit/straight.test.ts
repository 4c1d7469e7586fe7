/**
 * The straight-line evaluation `resolve` answers with (compiler/4-emit/emit-straight.ts): per-unit
 * definitions share loops over their units (each loop a function of its own) and keep values only
 * their loop reads in locals, but one that reads every unit's value of another (through a
 * comprehension) waits until all are computed. A list of every unit's value that is only indexed is that array, not a copy (so it too
 * waits for all units). Each answer is checked against the step-by-step evaluation (`stepwise`).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EngineModule } from "../../../compiler/runtime/runtime.ts";
import { builtCorpus, EMPTY, frontMatter, removeTemp } from "../../support/repo.ts";

const RULES = [
  "record unit { strength: number, steps: integer }",
  "input units: list of unit",
  "input bonus: integer = 1",
  // Per-unit values read only by the next one in the same loop…
  'let u.doubled for u in units "Doubled" = u.strength * 2',
  'let u.boosted for u in units "Boosted" = u.doubled + bonus',
  // …and one that reads every unit's boosted value, so all of them first.
  'let u.share for u in units "Share" = u.boosted / sum(v.boosted for v in units)',
  'let u.rank for u in units "Rank" = count(v in units where v.boosted > u.boosted) + 1',
  // A list of every unit's tripled value, only indexed: a later unit's value is read too.
  'let u.tripled for u in units "Tripled" = u.strength * 3',
  'let u.reversed for u in units "Reversed" = list(v.tripled for v in units)[count(units) + 1 - position(u)]',
  'let first_boosted "First boosted" = list(u.boosted for u in units)[1]',
  'let total "Total" = sum(u.share for u in units)',
  'procedure p { output "R": units.boosted, units.share, units.rank, units.reversed, first_boosted, total }',
].join("\n");

let root = "";
let engine: EngineModule;

beforeAll(async () => {
  const built = await builtCorpus(EMPTY, "hexlaw-straight-", (dir) => {
    writeFileSync(join(dir, "rules/t/1/01-test.md"), `${frontMatter()}\n# 1.0 Test\n\n**1.1** Things.\n\n\`\`\`rules\n${RULES}\n\`\`\`\n`);
  });
  root = built.root;
  engine = (await import(pathToFileURL(join(root, "generated/t/1/p.ts")).href)) as EngineModule;
});

afterAll(() => removeTemp(root));

describe("resolve() straight through", () => {
  it("computes per-unit values that read every unit's value of another after all of those", () => {
    const checked = engine.check({ units: [{ strength: 1, steps: 1 }, { strength: 3, steps: 2 }, { strength: 2, steps: 1 }] });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const straight = engine.resolve(checked.value);
    expect(straight.outputs).toEqual({
      "units.boosted": [3, 7, 5],
      "units.share": [0.2, 7 / 15, 1 / 3],
      "units.rank": [3, 1, 2],
      "units.reversed": [6, 9, 3],
      first_boosted: 3,
      total: 1,
    });
    expect(JSON.parse(JSON.stringify(straight))).toEqual(JSON.parse(JSON.stringify(engine.resolve(checked.value, {}, { stepwise: true }))));
  });

  it("keeps a value only its own loop reads in a local of that loop, and the others in arrays", () => {
    const source = readFileSync(join(root, "generated/t/1/p.ts"), "utf8");
    const fn = (name: string) => source.slice(source.indexOf(`function ${name}(`), source.indexOf("\n}\n", source.indexOf(`function ${name}(`)));
    const straight = fn("straight");
    // Each loop over the units is a function of its own, which straight() calls with the arrays it fills.
    const loops = [...source.matchAll(/^function (straight\$loop\$[\w$]+)\(/gm)].map((m) => m[1]);
    const loopOf = (assignment: string) => loops.find((name) => fn(name).includes(assignment)) ?? `no loop has ${assignment}`;
    const called = (assignment: string) => straight.indexOf(`${loopOf(assignment)}(`);
    expect(fn(loopOf("units$boosted[u$i] ="))).toMatch(/const units\$doubled: rt\.Num = /);
    expect(straight).toMatch(/const units\$boosted: rt\.Num\[\] = new Array/);
    // share and rank read every unit's boosted value: a loop after the one that computes them;
    // reversed reads every unit's tripled value, computed in that second loop: a third one.
    expect(loops).toHaveLength(3);
    expect(called("units$boosted[u$i] =")).toBeGreaterThan(0);
    expect(called("units$share[u$i] =")).toBeGreaterThan(called("units$boosted[u$i] ="));
    // The indexed lists are the arrays of values themselves, read after the loop that fills them.
    expect(straight).toContain("const first_boosted: rt.Num = rt.item(units$boosted, 1,");
    expect(fn(loopOf("units$reversed[u$i] ="))).toMatch(/units\$reversed\[u\$i\] = rt\.item\(\s*units\$tripled,/);
    expect(called("units$reversed[u$i] =")).toBeGreaterThan(called("units$tripled[u$i] ="));
  });
});
