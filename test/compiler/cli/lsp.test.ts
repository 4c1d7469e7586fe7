// `hexlaw lsp` driven over stdio the way an editor drives it (test/support/lsp-client.ts): a
// mistake typed into an open document is published with its code and place, fixing it clears it,
// hover, go to definition across chapters and completion answer from the checked model — on a
// small corpus of two chapters (test/fixtures/lsp) and on the OCS corpus itself. No file is written.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LspClient, position } from "../../support/lsp-client.ts";
import { copyCorpus, removeTemp, REPO } from "../../support/repo.ts";

describe("a small corpus", () => {
  const root = copyCorpus(join(REPO, "test/fixtures/lsp"));
  let client: LspClient;
  const COMBAT = "rules/club/1/01-combat.md";
  const TERRAIN = "rules/club/1/02-terrain.md";
  const terrain = readFileSync(join(root, TERRAIN), "utf8");
  const combat = readFileSync(join(root, COMBAT), "utf8");

  beforeAll(async () => {
    client = new LspClient(root);
    await client.start();
    await client.open(TERRAIN);
    await client.diagnostics(TERRAIN, (d) => d.length === 0);
  });
  afterAll(async () => {
    await client?.stop();
    removeTemp(root);
  });

  test("a mistake as it is typed is published with its code, place and hint; fixing it clears it; the file on disk is unchanged", async () => {
    const typo = terrain.replace("result == dr and", "result == dr and pursuit_roll and");
    await client.change(TERRAIN, typo);
    const [error] = await client.diagnostics(TERRAIN, (d) => d.length > 0);
    expect(error.code).toBe("HX0203");
    expect(error.severity).toBe(1);
    expect(error.message).toMatch(/Unknown name `pursuit_roll`[\s\S]*hint:/);
    const at = position(typo, "pursuit_roll");
    expect(error.range.start).toEqual(at);
    expect(error.range.end).toEqual({ line: at.line, character: at.character + "pursuit_roll".length });
    await client.change(TERRAIN, terrain);
    expect(await client.diagnostics(TERRAIN, (d) => d.length === 0)).toEqual([]);
    expect(readFileSync(join(root, TERRAIN), "utf8")).toBe(terrain);
  });

  test("a mistake in another file's terms is placed where it is, and an example the edit breaks is reported too", async () => {
    // Chapter 2's example expects DR at 3:1; a chart cell changed in the unsaved chapter 1 makes it EX.
    await client.open(COMBAT);
    await client.change(COMBAT, combat.replace("| 4   | AE  | AE  | AR  | DR  | DR  |", "| 4   | AE  | AE  | AR  | EX  | DR  |"));
    const [failed] = await client.diagnostics(TERRAIN, (d) => d.length > 0);
    expect(failed.message).toMatch(/result/);
    await client.change(COMBAT, combat);
    await client.diagnostics(TERRAIN, (d) => d.length === 0);
  });

  test("hover on a definition from another chapter: its type, label and the sentence it cites with the paragraph", async () => {
    const at = position(terrain, "combat_results[");
    const hover = await client.hover(TERRAIN, at.line, at.character + 2);
    expect(hover?.contents.value).toContain("table combat_results");
    expect(hover?.contents.value).toContain("Combat Results Table");
    const odds = position(terrain, "odds, column");
    const oddsHover = (await client.hover(TERRAIN, odds.line, odds.character + 1))?.contents.value ?? "";
    expect(oddsHover).toContain("let odds: odds");
    expect(oddsHover).toContain("**Odds**");
    expect(oddsHover).toContain("1.1a: “Compare the attack strength with the defense strength as odds");
    const input = position(combat, "defense \"Defense");
    expect((await client.hover(COMBAT, input.line, input.character))?.contents.value).toMatch(/input defense: number >= 1[\s\S]*\*\*Defense strength\*\* — the defense strength[\s\S]*cites 1\.1a/);
    const member = position(terrain, "terrain == clear", "terrain == ".length);
    expect((await client.hover(TERRAIN, member.line, member.character))?.contents.value).toMatch(/clear[\s\S]*\*\*Clear\*\*/);
  });

  test("go to definition across chapters: a definition, a table, an enum member, a record field, a paragraph citation, a chart id", async () => {
    const expectAt = async (from: { line: number; character: number }, file: string, text: string, offset = 0) => {
      const found = await client.definition(TERRAIN, from.line, from.character);
      expect(found?.uri).toBe(client.uri(file));
      const source = file === COMBAT ? combat : terrain;
      expect(found?.range.start).toEqual(position(source, text, offset));
    };
    await expectAt(position(terrain, "odds, column"), COMBAT, "odds \"Odds\"");
    await expectAt(position(terrain, "combat_results["), COMBAT, "combat_results \"Combat");
    await expectAt(position(terrain, "result == dr", "result == ".length), COMBAT, "dr \"DR\"");
    await expectAt(position(terrain, "terrain == clear", "terrain == ".length), TERRAIN, "clear \"Clear\"");
    await expectAt(position(terrain, "@1.1c", 1), COMBAT, "1.1c** Roll");
    await expectAt(position(terrain, "{strength: 4}", 1), COMBAT, "strength \"Strength\"");
    const chart = position(combat, "\"combat-results\"", 1);
    const found = await client.definition(COMBAT, chart.line, chart.character);
    expect(found?.range.start).toEqual(position(combat, ":::chart[Combat Results Table]"));
  });

  test("completion: paragraph numbers after @, chart ids, an enum's members where one is compared, record fields, names in scope", async () => {
    const labels = async (text: string) => {
      const edited = terrain.replace("\nprocedure combat", `\n${text}\nprocedure combat`);
      await client.change(TERRAIN, edited);
      const at = position(edited, text, text.length);
      return (await client.completion(TERRAIN, at.line, at.character)).map((c) => c.label);
    };
    expect(await labels("let x = 1 @1.")).toEqual(expect.arrayContaining(["1.1a", "1.1b", "1.1c", "2.1a", "2.1b"]));
    expect(await labels('table t = chart "')).toEqual(["combat-results"]);
    const compared = await labels("let x = result == ");
    expect(compared.slice(0, 5)).toEqual(["ae", "ar", "ex", "dr", "de"]);
    expect(await labels("let x = terrain != ")).toEqual(expect.arrayContaining(["clear", "woods"]));
    expect(await labels("let x = combat_result.")).toEqual(["ae", "ar", "ex", "dr", "de"]);
    expect(await labels("let x = sum(u.")).toEqual(["strength"]);
    expect(await labels("let x = ")).toEqual(expect.arrayContaining(["attackers", "defense", "odds", "column", "result", "pursued", "combat_roll", "combat_results", "terrain", "combat_result", "down"]));
    await client.change(TERRAIN, terrain);
    await client.diagnostics(TERRAIN, (d) => d.length === 0);
  });
});

describe("the OCS corpus", () => {
  let client: LspClient;
  const OVERRUN = "rules/ocs/4.3/08-overrun.md";
  const COMBAT = "rules/ocs/4.3/09-ground-combat.md";
  const overrun = readFileSync(join(REPO, OVERRUN), "utf8");
  const combat = readFileSync(join(REPO, COMBAT), "utf8");

  beforeAll(async () => {
    client = new LspClient(REPO);
    await client.start();
    await client.open(OVERRUN);
    // The first compile is a cold one of the whole corpus (on a busy machine, minutes).
    await client.diagnostics(OVERRUN, (d) => d.length === 0, 580_000);
  });
  afterAll(() => client?.stop());

  test("a name 8.0's rules use is defined in 9.0: definition goes there, hover tells what it is", async () => {
    // The overrun procedure outputs 9.0's odds.
    const at = position(overrun, "attacker_supply_cost");
    const found = await client.definition(OVERRUN, at.line, at.character);
    expect(found?.uri).toBe(client.uri(COMBAT));
    expect(found?.range.start).toEqual(position(combat, "let attacker_supply_cost", "let ".length));
    expect((await client.hover(OVERRUN, at.line, at.character))?.contents.value).toContain("let attacker_supply_cost: integer");
  });

  test("a mistake typed in 8.0 is published there and cleared when fixed", async () => {
    // 8.1e's exploitation rule reads 9.0's attack_type.
    const typo = overrun.replace("= attack_type == overrun", "= attack_typ == overrun");
    expect(typo).not.toBe(overrun);
    await client.change(OVERRUN, typo);
    const errors = await client.diagnostics(OVERRUN, (d) => d.length > 0);
    expect(errors.map((d) => [d.code, d.range.start])).toEqual([["HX0203", position(typo, "attack_typ ")]]);
    await client.change(OVERRUN, overrun);
    await client.diagnostics(OVERRUN, (d) => d.length === 0);
  });
});
