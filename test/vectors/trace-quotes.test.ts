/**
 * Every trace step quotes the sentence that states it (issue 9.3), checked on the generated
 * engines: every step of every vector's trace quotes words its cited paragraph really says;
 * the corpus leaves no definition without a quote of its own; and the quotes the issue found
 * wrong (a paragraph's first sentence for every definition without one, one citation for a
 * value that came from another branch) now cite the sentence that gave the value.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { CompileResult } from "../../compiler/compile.ts";
import { quoteFound } from "../../compiler/3-check/quotes.ts";
import type { Paragraph } from "../../compiler/1-read/types.ts";
import type { Vector } from "../../compiler/5-verify/vector.ts";
import type { EngineModule, Wire } from "../../compiler/runtime/runtime.ts";
import { generatedEngines, resolveVector } from "../support/engines.ts";
import { compiledRepository, GENERATED } from "../support/repo.ts";

interface Step { kind: string; name: string; item?: number; paragraph: string; quote: string; value: unknown }

const engines = generatedEngines();
const engineNamed = (path: string) => {
  const engine = engines.find((e) => e.name === path);
  if (!engine) throw new Error(`no generated engine ${path}`);
  return engine;
};
const load = (path: string) => engineNamed(path).load();
const traceOf = (engine: EngineModule, vector: Vector) => resolveVector(engine, vector).trace as Step[];
/** The steps named `name` of every vector's trace of an engine. */
const stepsAcross = async (path: string, name: string) => {
  const engine = await load(path);
  return engineNamed(path).vectors().flatMap((vector) => traceOf(engine, vector).filter((s) => s.name === name));
};
const indexOf = (edition: string) =>
  JSON.parse(readFileSync(join(GENERATED, edition, "index.json"), "utf8")) as { paragraphs: Record<string, { text: string }> };

function resolveChecked(engine: EngineModule, input: Record<string, Wire>, dice: Record<string, number> = {}, assume?: Record<string, Wire>): Step[] {
  const checked = engine.check(input);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return engine.resolve(checked.value, dice, assume ? { assume } : undefined).trace as Step[];
}
const stepOf = (trace: Step[], name: string, item?: number) => {
  const step = trace.find((s) => s.name === name && s.item === item);
  expect(step, `a step ${name}${item === undefined ? "" : `[${item}]`}`).toBeDefined();
  return step!;
};

describe.each(engines)("the traces of $name", ({ name, load: loadEngine, vectors }) => {
  const edition = name.slice(0, name.lastIndexOf("/"));

  it("quote, in every definition and requirement step, words their cited paragraph says", async () => {
    const engine = await loadEngine();
    const { paragraphs } = indexOf(edition);
    for (const vector of vectors()) {
      const trace = traceOf(engine, vector);
      for (const step of trace) {
        if (step.kind === "input" || step.kind === "dice") continue;
        const where = `${vector.id}: ${step.name} (${step.paragraph})`;
        expect(step.quote, where).not.toBe("");
        expect(paragraphs[step.paragraph], where).toBeDefined();
        expect(quoteFound(step.quote, paragraphs[step.paragraph] as Paragraph), `${where} quotes “${step.quote}”`).toBe(true);
      }
    }
  });
});

describe("the corpus", () => {
  let result: CompileResult;
  beforeAll(async () => {
    result = await compiledRepository();
  }, 120_000);

  it("leaves no definition or requirement without a quote, quotes nothing its paragraphs do not say, and gives no two quantities one label", () => {
    const found = result.diagnostics.filter((d) => ["HX0513", "HX0514", "HX0515"].includes(d.code));
    expect(found.map((d) => `${d.code} ${d.place?.file}:${d.place?.start.line}: ${d.message}`)).toEqual([]);
  });
});

describe("the quotes issue 9 found wrong", () => {
  it("Europa: the worked example's steps no longer all quote the paragraph's first sentence", async () => {
    const engine = await load("europa/later/overrun");
    const vectors = engineNamed("europa/later/overrun").vectors();
    const first = indexOf("europa/later").paragraphs["13.A"].text.split("\n\n")[1].split(". ")[0];
    expect(first).toMatch(/^Phasing units may attempt/);
    for (const vector of vectors) {
      const steps = traceOf(engine, vector)
        .filter((s) => s.kind === "let" || s.kind === "check");
      const quoting = new Set(steps.filter((s) => s.quote.startsWith(first)).map((s) => s.name));
      expect(quoting.size, `${vector.id}: definitions quoting “${first}…”: ${[...quoting].join(", ")}`).toBeLessThanOrEqual(1);
      // Distinct definitions mostly quote distinct sentences: no quote stands for a third of them.
      const names = new Map<string, Set<string>>();
      for (const s of steps) names.set(s.quote, (names.get(s.quote) ?? new Set()).add(s.name));
      const distinct = new Set(steps.map((s) => s.name)).size;
      for (const [quote, sharing] of names) expect(sharing.size * 3, `${vector.id}: “${quote}” for ${[...sharing].join(", ")}`).toBeLessThanOrEqual(distinct);
    }
  });

  it("1943: the armored overrun's checks quote their own sentences, none the Small Arms Fire one", async () => {
    const engine = await load("wtj-1943/online/armored_overrun");
    for (const vector of engineNamed("wtj-1943/online/armored_overrun").vectors()) {
      const checks = traceOf(engine, vector).filter((s) => s.kind === "check");
      expect(checks.length, vector.id).toBeGreaterThan(1);
      // Two checks may state one sentence (movement left before and after the assaults), not all of them.
      expect(new Set(checks.map((s) => s.quote)).size, `${vector.id}: ${checks.map((s) => s.quote).join(" | ")}`).toBeGreaterThan(checks.length / 2);
      for (const check of checks) expect(check.quote, `${vector.id}: ${check.name}`).not.toMatch(/Small Arms Fire/);
    }
  });

  it("definitions whose branches different sentences state quote, across the vectors, each of them", async () => {
    const cases: [string, string, RegExp[]][] = [
      ["europa/later/overrun", "attackers.mp_cost", [/^but ignoring all MP costs/, /^paying all terrain, ZOC, harassment and overrun MP costs/]],
      ["unidentified/12.09.09/overrun", "moving_units.overrun_cost", [/^Exception: German c\/m units/, /^The overrun itself costs/]],
      ["wtj-1943/online/personnel_assault", "rounds", [/only have one die roll round/, /only have two die roll rounds/, /^This is done for three rounds/]],
      ["wtj-1943/online/personnel_assault", "pinned_sides", [/^Overall ties/, /^In this instance, the surviving unit/]],
      ["wtj-1943/online/assault_fire", "may_fire", [/^nearby units/, /^Tank bases/, /^Defending personnel units/, /^Assaulting units or bases/]],
      ["europa/later/overrun", "result", [/^If all non-phasing units retreat/, /^Hexes defended by modified defense strength of zero/, /^Resolve overruns using the Overrun Combat Results Table/]],
      ["unidentified/12.09.09/overrun", "zoc_marker", [/^places a .DL. marker/, /^It will have two circles/, /will have one circle/, /^Note: No .ZOC. marker/]],
      ["unidentified/12.09.09/overrun", "may_continue_moving", [/^All participating units end their movement/, /^The overrunning units may continue to move/, /^All overrunning units may continue to move/]],
      ["unidentified/12.09.09/dual_ownership", "terrain_benefits", [/^The original defender retains/, /^The attacker gains any intrinsic terrain benefits/]],
      ["ocs/4.3/ground_combat", "defender_option", [/^The defender gets to ignore his options$/, /^But the defender can choose to apply his full option/, /^provided the total number is fully executed/]],
      ["ocs/4.3/ground_combat", "defender_may_ignore", [/destroyed before taking any options/, /^The defender gets to ignore his options if the attacker has retreated$/]],
    ];
    for (const [path, name, quotes] of cases) {
      const quoted = new Set((await stepsAcross(path, name)).map((s) => s.quote));
      for (const quote of quotes) expect([...quoted].some((q) => quote.test(q)), `${path} ${name} quotes ${quote} in some vector: ${[...quoted].join(" | ")}`).toBe(true);
    }
  });

  it("definitions whose branches different paragraphs state cite, across the vectors, each of them", async () => {
    const cases: [string, string, string[]][] = [
      ["unidentified/12.09.09/overrun", "red_table_defender_re", ["12.D.2.a(2)", "12.D.2.b(2)"]],
      ["unidentified/12.09.09/overrun", "may_continue_moving", ["12.A.2", "12.D.1", "12.D.2.a(5)", "12.D.2.b(1)"]],
      ["unidentified/12.09.09/dual_ownership", "terrain_benefits", ["12.E.2(b)", "12.E.2(d)"]],
      ["ocs/4.3/ground_combat", "defender_option", ["9.10a", "9.10c"]],
    ];
    for (const [path, name, cited] of cases) {
      const found = new Set((await stepsAcross(path, name)).map((s) => s.paragraph));
      for (const paragraph of cited) expect([...found], `${path} ${name} cites ${paragraph} in some vector`).toContain(paragraph);
    }
  });

  describe("OCS ground combat", () => {
    let engine: EngineModule;
    beforeAll(async () => {
      engine = await load("ocs/4.3/ground_combat");
    });
    const attack = (attack: number, defense: number, extra: Record<string, Wire> = {}) => ({
      attackers: [{ strength: attack, ar: 3, steps: 2, terrain_effect: 1 }], defenders: [{ strength: defense, ar: 3, steps: 3, re: 3, terrain_effect: 1 }],
      terrain: "open", attacker_supply: 4, ...extra,
    });

    it("start_column cites the rule that gave the column: the table (9.7a), off the table (9.7b), a zero strength (9.14a)", () => {
      for (const [a, d, paragraph, quote] of [
        [3, 1, "9.7a", /^Use the highest column/],
        [14, 1, "9.7b", /^Resolve attacks that fall outside the odds/],
        [1, 6, "9.7b", /^Resolve attacks that fall outside the odds/],
        [1, 0, "9.14a", /^Attacks against a zero strength/],
        [0, 1, "9.14a", /^Attacks with a zero strength/],
      ] as const) {
        const step = stepOf(resolveChecked(engine, attack(a, d)), "start_column");
        expect(step.paragraph, `${a} against ${d}`).toBe(paragraph);
        expect(step.quote, `${a} against ${d}`).toMatch(quote);
      }
    });

    it("final_column cites the shift (9.8) when it stays on the table, the last available column (9.1g) when shifted past it", () => {
      for (const [a, d, surprise, shift, paragraph, column] of [
        [4, 1, "attacker", 3, "9.8", 11],
        [13, 1, "attacker", 3, "9.1g", 13],
        [1, 4, "defender", 5, "9.1g", 1],
      ] as const) {
        const step = stepOf(resolveChecked(engine, attack(a, d), { shift_roll: shift }, { surprise }), "final_column");
        expect(step, `${a} against ${d}, ${surprise} shift ${shift}`).toMatchObject({ paragraph, value: column });
      }
    });

    it("advance cites why: the defender held (9.12g), the attacker retreated (9.12g(B)), the player chooses (9.12g(D))", () => {
      const held = resolveChecked(engine, attack(4, 4, { defender_option_retreat: 0 }), {}, { result: "Ao1, Do1" });
      expect(stepOf(held, "advance")).toMatchObject({ paragraph: "9.12g", value: "not_allowed" });
      const retreated = resolveChecked(engine, attack(4, 1, { attacker_option_retreat: 1, defenders: [{ strength: 1, ar: 2, terrain_effect: 1 }] }), {}, { result: "Ao1, DL1o2" });
      expect(stepOf(retreated, "advance")).toMatchObject({ paragraph: "9.12g(B)", value: "not_allowed" });
      const chosen = resolveChecked(engine, attack(4, 1, { defenders: [{ strength: 1, ar: 2, terrain_effect: 1 }] }), {}, { result: "Ao1, DL1o2" });
      expect(stepOf(chosen, "advance")).toMatchObject({ paragraph: "9.12g(D)", value: "allowed" });
      expect(stepOf(chosen, "attackers.advances", 0)).toMatchObject({ paragraph: "9.12g(A)" });
      // Each unit's step cites the same reason, or its own destruction.
      expect(stepOf(held, "attackers.advances", 0)).toMatchObject({ paragraph: "9.12g", value: "not_allowed" });
      expect(stepOf(retreated, "attackers.advances", 0)).toMatchObject({ paragraph: "9.12g(B)", value: "not_allowed" });
      const sole = resolveChecked(engine, attack(4, 1, { attackers: [{ strength: 4, ar: 3, terrain_effect: 1 }], defenders: [{ strength: 1, ar: 2, terrain_effect: 1 }] }), {}, { result: "Ao1, DL1o2" });
      expect(stepOf(sole, "attackers.advances", 0)).toMatchObject({ paragraph: "9.11", value: "not_allowed" });
    });

    it("an attacker destroyed by his hard losses takes no option, so nothing cites a retreat he never made (chart note 2)", () => {
      // AL1o1 against a sole one-step attacker who meant to take his option as a retreat (9.12a's constructed vector).
      const trace = resolveChecked(engine, attack(6, 4, { attackers: [{ strength: 6, ar: 3, terrain_effect: 1 }], attacker_option_retreat: 1 }), {}, { result: "AL1o1, Do1" });
      expect(stepOf(trace, "attacker_option_as_retreat")).toMatchObject({ paragraph: "Charts", value: 0 });
      expect(stepOf(trace, "defender_may_ignore")).toMatchObject({ paragraph: "Charts", value: true });
      expect(stepOf(trace, "defender_may_ignore").quote).toMatch(/destroyed before taking any options/);
      expect(stepOf(trace, "defender_option")).toMatchObject({ paragraph: "9.10c", value: 0 });
      expect(trace.filter((s) => s.paragraph === "9.12g(B)" || /chooses to retreat|has retreated/.test(s.quote)).map((s) => s.name)).toEqual([]);
    });

    it("defender_dg quotes the Combat Table's DG when the result has one, the two-hex retreat rule when the retreat gave it", () => {
      const fromTable = resolveChecked(engine, attack(6, 4, { defender_option_retreat: 0 }), {}, { result: "Ae3, DL2o2DG" });
      expect(stepOf(fromTable, "defender_dg")).toMatchObject({ paragraph: "9.12a", value: true });
      expect(stepOf(fromTable, "defender_dg").quote).toMatch(/^The “DG” result on the Combat Table/);
      const fromRetreat = resolveChecked(engine, attack(6, 4), {}, { result: "Ao1, Do2" });
      expect(stepOf(fromRetreat, "defender_dg")).toMatchObject({ paragraph: "9.12a", value: true });
      expect(stepOf(fromRetreat, "defender_dg").quote).toMatch(/^A retreat of 2 or more hexes/);
    });
  });
});
