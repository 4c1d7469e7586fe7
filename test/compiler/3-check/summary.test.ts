/**
 * A procedure's `summary` becomes its engine's one-line ruling, and the checker's
 * dependencies say what decides it: the steps behind the summary and behind each
 * check, and the inputs (a unit's fields by name) that can change either.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile, type CompileResult } from "../../../compiler/compile.ts";
import { compiledRepository, documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

const DOCUMENT = (summary: string) => `${frontMatter("Summary")}
# 1.0 Summary

**1.1** Units attack with their strength, doubled for armor; a die shifts the odds.

\`\`\`rules
record unit "Unit" { name "Name": text = "", strength "Strength": number >= 0, armor "Armor": boolean = false, notes_only "Colour": integer = 0 }
input attackers "Attackers": list of unit min 1
input defense "Defense": number >= 1
input mp_left "MP left": number >= 0
input retreats "Retreats": boolean = false
require enough_mp: mp_left >= 3 else "Units with fewer than 3 MP left cannot attack"
dice shift_roll "Shift": 1d6
let u.attack for u in attackers "Attack" = if u.armor then 2 * u.strength else u.strength
let total "Total" = sum(u.attack for u in attackers)
let odds "Odds" = round(total : defense, down)
let shift "Shift" = if shift_roll > 4 then shift_roll - 4 else 0
let bonus "Bonus" = if shift > 0 then shift else none
let retreat "Retreat" = if retreats then 1 else 0
procedure attack {
  check enough_mp
  output odds, shift, bonus, retreat
${summary}
}
\`\`\`
`;

async function compiled(summary: string): Promise<{ root: string; result: CompileResult }> {
  const { root } = documentCorpus(DOCUMENT(summary));
  return { root, result: await compile({ root }) };
}

describe("summary", () => {
  let root: string;
  let result: CompileResult;
  beforeAll(async () => {
    ({ root, result } = await compiled(`  summary odds, "shift " signed(bonus) else "No shift"`));
  });
  afterAll(() => removeTemp(root));

  it("keeps its parts in order: values, text between them, signed numbers and what a part says for none", () => {
    // The document's definitions quote nothing (warnings); what matters here is that the summary is sound.
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const procedure = result.editions[0].procedures[0];
    expect(procedure.summary).toEqual([
      { items: [{ value: "odds" }] },
      { items: [{ text: "shift " }, { value: "bonus", signed: true }], otherwise: "No shift" },
    ]);
  });

  it("knows the steps behind the summary, and what each check reads", () => {
    const { decisive } = result.editions[0].procedures[0];
    expect(new Set(decisive.steps)).toEqual(new Set(["odds", "total", "attackers.attack", "attackers", "defense", "bonus", "shift", "shift_roll"]));
    expect(decisive.checks).toEqual({ enough_mp: ["mp_left"] });
  });

  it("counts as outcome-changing the inputs and unit fields that the summary or a check reads, and no others", () => {
    const { decisive } = result.editions[0].procedures[0];
    expect(decisive.inputs).toEqual(["attackers.strength", "attackers.armor", "defense", "mp_left"]);
  });

  it("is written into the engine's metadata", () => {
    const engine = [...result.files].find(([path]) => path.endsWith("attack.ts"))![1];
    expect(engine).toContain(`otherwise: "No shift"`);
    expect(engine).toContain(`inputs: ["attackers.strength", "attackers.armor", "defense", "mp_left"]`);
  });

  it("defaults to the outcome's values, one part each, when a procedure declares none", async () => {
    const { root: other, result: plain } = await compiled("");
    try {
      expect(plain.editions[0].procedures[0].summary).toEqual([{ items: [{ value: "shift" }] }, { items: [{ value: "bonus" }] }]);
    } finally {
      removeTemp(other);
    }
  });
});

describe("a part shown only when an output is something", () => {
  let root: string;
  let result: CompileResult;
  beforeAll(async () => {
    ({ root, result } = await compiled(`  summary odds, "retreats" if retreat, "shift " shift " columns" if shift`));
  });
  afterAll(() => removeTemp(root));

  it("keeps the output it is shown for, and may be text alone", () => {
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.editions[0].procedures[0].summary).toEqual([
      { items: [{ value: "odds" }] },
      { items: [{ text: "retreats" }], when: "retreat" },
      { items: [{ text: "shift " }, { value: "shift" }, { text: " columns" }], when: "shift" },
    ]);
  });

  it("counts what the condition reads among what decides the ruling", () => {
    const { decisive } = result.editions[0].procedures[0];
    expect(decisive.steps).toContain("retreat");
    expect(decisive.inputs).toContain("retreats");
  });

  it("must name an output of the procedure", async () => {
    const { root: other, result: wrong } = await compiled(`  summary odds, "retreats" if retreats`);
    try {
      const errors = wrong.diagnostics.filter((d) => d.severity === "error");
      expect(errors.map((d) => [d.code, d.message])).toEqual([["HX0501", expect.stringContaining("`retreats`")]]);
    } finally {
      removeTemp(other);
    }
  });

  it("needs text or a value before `if`", async () => {
    const { root: other, result: wrong } = await compiled(`  summary odds, if retreat`);
    try {
      expect(wrong.diagnostics.filter((d) => d.severity === "error").length).toBeGreaterThan(0);
    } finally {
      removeTemp(other);
    }
  });
});

describe("the corpus", () => {
  it("declares a summary for every procedure of every ruleset", async () => {
    const corpus = await compiledRepository();
    const procedures = corpus.editions.flatMap((edition) =>
      [...edition.resolved.symbols.procedures.values()].map((p) => ({ name: `${edition.resolved.ruleset.id}/${edition.resolved.edition.id}/${p.decl.name}`, decl: p.decl })));
    expect(procedures.length).toBeGreaterThan(0);
    expect(procedures.filter((p) => !p.decl.clauses.some((c) => c.type === "Summary")).map((p) => p.name)).toEqual([]);
  });
});
