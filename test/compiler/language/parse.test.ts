/** The rules grammar (grammar/rules.peggy) through parseRulesBlock: every statement kind, and positions in the .md file. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compile } from "../../../compiler/compile.ts";
import { SourcePlaces } from "../../../compiler/1-read/source-places.ts";
import type { Block, Statement } from "../../../compiler/language/ast.ts";
import { parseRulesBlock, type Origin } from "../../../compiler/language/parse.ts";
import { DEMO, REPO } from "../../support/repo.ts";

/** Places `text` as a ```rules block after some Markdown, the way find-blocks does. */
function embed(text: string) {
  const before = "---\ntitle: x\n---\n\n# 1.0 Test\n\n**1.1** Units move.\n\n```rules\n";
  const document = `${before}${text}\n\`\`\`\n`;
  const places = new SourcePlaces("test.md", document);
  const origin: Origin = places.point(before.length);
  return { document, places, origin };
}

function parse(text: string): Block {
  const { origin } = embed(text);
  const result = parseRulesBlock(text, origin);
  if (!result.ok) throw new Error(`${JSON.stringify(result.problem.values)} at ${result.problem.loc.start.line}:${result.problem.loc.start.column}`);
  return result.block;
}

/** Every position object in a tree, with the key it was found under. */
function positions(node: unknown, out: { key: string; value: { start: { offset: number; line: number; column: number }; end: { offset: number; line: number; column: number } }; owner: Record<string, unknown> }[] = []) {
  if (Array.isArray(node)) node.forEach((item) => positions(item, out));
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (/Loc$|^loc$/.test(key) && value && typeof value === "object" && "start" in value) out.push({ key, value: value as never, owner: node as Record<string, unknown> });
      else positions(value, out);
    }
  }
  return out;
}

const EVERY_STATEMENT = `# Every statement kind, as a rules editor writes them.
input mp_left "MP left": number >= 0 = 12 @1.1 "MP the stack has left"
input entry_cost: number 0..10 | all "MP to enter the hex"
input hedgehog: integer 0..4 | none
record attacking_unit "Attacking unit" {
  strength "Strength": number >= 0 "Attack strength",
  mode: enum { combat "Combat", move "Move" } = combat
}
input attackers: list of attacking_unit min 1 max 9
enum terrain "Terrain" { open "Open", close "Close", very_close }
let overrun_cost "Overrun cost" = 3 @1.1 "Units move"
let u.attack_strength for u in attackers = if u.mode == move then halve(u.strength) else u.strength
require enough_mp: mp_left >= overrun_cost and (entry_cost != all and entry_cost <= 3) else "Not enough MP" @1.1
dice surprise_roll "Surprise roll": 2d6 @1.1 "Roll two dice"
table odds_columns "Odds columns" = chart "combat-table-odds" { rows: terrain (very_close = "Very Close"), columns: integer, cells: odds } @1.1
notation combat_result "Combat result" = grammar "ocs-combat-result" { attacker_loss: integer, defender_dg: boolean }
let odds = round(sum(u.attack_strength for u in attackers where u.strength > 0) : 4, half_up)
let column = max(c for c in columns(odds_columns) where odds_columns[open, c] <= odds)
let surprised = surprise_roll in 9..12 or surprise_roll in {2, 3} or not (count(u in attackers) > 2)
let shift = -clamp(surprise_roll - 7, 0, 3) * 2 / 1
let text = if hedgehog == none then "none" elif hedgehog > 2 then "deep" else "shallow"
procedure overrun "Overrun" @1.1 {
  with entry_cost = 2
  check enough_mp
  output "Odds": odds, column
  outcome surprised
  summary odds " → " column, "shift " signed(shift) else "No shift", surprised
}
example "A worked example" disputed "the book says 4:1" @1.1 {
  procedure overrun
  given mp_left = 5, attackers = [{ strength: 4 }, { strength: 2.5, mode: move }]
  dice surprise_roll = 8
  assume odds = 3:1
  expect allowed, odds = 4:1, column = 2
}
example "Out of MP" { procedure overrun given mp_left = 1 expect violated enough_mp }`;

describe("parseRulesBlock", () => {
  const block = parse(EVERY_STATEMENT);
  const byName = (name: string) => block.statements.find((s) => "name" in s && s.name === name) as Statement;

  it("reads every statement kind", () => {
    expect(block.statements.map((s) => s.type)).toEqual([
      "Input", "Input", "Input", "Record", "Input", "Enum", "Let", "Let", "Require", "Dice", "Table", "Notation",
      "Let", "Let", "Let", "Let", "Let", "Procedure", "Example", "Example",
    ]);
  });

  it("reads inputs with label, type, range, default, citation and description", () => {
    expect(byName("mp_left")).toMatchObject({
      type: "Input", label: { text: "MP left" }, valueType: { kind: "number", min: 0, orAll: false, orNone: false },
      defaultValue: { type: "Literal", kind: "integer", value: 12 }, cite: { id: "1.1" }, description: { text: "MP the stack has left" },
    });
    expect(byName("entry_cost")).toMatchObject({ valueType: { kind: "number", min: 0, max: 10, orAll: true } });
    expect(byName("hedgehog")).toMatchObject({ valueType: { kind: "integer", min: 0, max: 4, orNone: true } });
    expect(byName("attackers")).toMatchObject({ valueType: { kind: "list", of: { name: "attacking_unit" }, min: 1, max: 9 } });
  });

  it("reads records, enums with labels, dice, tables with aliases and notations", () => {
    expect(byName("attacking_unit")).toMatchObject({ type: "Record", fields: [{ name: "strength", label: { text: "Strength" } }, { name: "mode", valueType: { kind: "enum" } }] });
    expect(byName("terrain")).toMatchObject({ members: [{ name: "open", label: { text: "Open" } }, { name: "close" }, { name: "very_close", label: null }] });
    expect(byName("surprise_roll")).toMatchObject({ type: "Dice", count: 2, sides: 6, cite: { id: "1.1" } });
    expect(byName("odds_columns")).toMatchObject({
      type: "Table", chart: { id: { text: "combat-table-odds" } }, rows: { keyType: { kind: "named" }, aliases: [{ name: "very_close", header: { text: "Very Close" } }] },
      columns: { keyType: { kind: "integer" } }, cells: { kind: "odds" },
    });
    expect(byName("combat_result")).toMatchObject({ type: "Notation", grammar: { text: "ocs-combat-result" }, fields: [{ name: "attacker_loss" }, { name: "defender_dg" }] });
  });

  it("reads per-element definitions and requirements", () => {
    expect(byName("attack_strength")).toMatchObject({ type: "Let", each: { element: { name: "u" }, variable: { name: "u" }, list: { type: "Name", name: "attackers" } }, value: { type: "If" } });
    expect(byName("enough_mp")).toMatchObject({ type: "Require", condition: { type: "Binary", op: "and" }, message: { text: "Not enough MP" }, cite: { id: "1.1" } });
  });

  it("reads expressions with the precedence a reader expects", () => {
    expect(byName("odds")).toMatchObject({ value: { type: "Call", callee: "round", args: [{ type: "Ratio", left: { type: "Aggregate", fn: "sum", filter: { type: "Binary", op: ">" } } }, { type: "Name", name: "half_up" }] } });
    expect(byName("column")).toMatchObject({ value: { type: "Aggregate", fn: "max", filter: { type: "Binary", op: "<=", left: { type: "Lookup", object: { name: "odds_columns" } } } } });
    expect(byName("surprised")).toMatchObject({
      value: { type: "Binary", op: "or", left: { type: "Binary", op: "or", left: { type: "In", set: { type: "Span" } }, right: { type: "In", set: { type: "Set" } } }, right: { type: "Unary", op: "not" } },
    });
    // -clamp(…) * 2 / 1 is ((-clamp(…)) * 2) / 1
    expect(byName("shift")).toMatchObject({ value: { type: "Binary", op: "/", left: { type: "Binary", op: "*", left: { type: "Unary", op: "-", operand: { type: "Call", callee: "clamp" } } } } });
    expect(byName("text")).toMatchObject({ value: { type: "If", alternate: { type: "If", alternate: { type: "Literal", value: "shallow" } } } });
  });

  it("reads procedures and examples with all their clauses", () => {
    expect(byName("overrun")).toMatchObject({
      type: "Procedure", label: { text: "Overrun" }, cite: { id: "1.1" },
      clauses: [{ type: "With" }, { type: "Check", names: [{ name: "enough_mp" }] }, { type: "Output", group: { text: "Odds" }, names: [{ name: "odds" }, { name: "column" }] }, { type: "Outcome" }, {
        type: "Summary",
        parts: [
          { items: [{ type: "SummaryValue", name: { name: "odds" }, signed: false }, { type: "SummaryText", text: " → " }, { type: "SummaryValue", name: { name: "column" } }], otherwise: null },
          { items: [{ type: "SummaryText", text: "shift " }, { type: "SummaryValue", name: { name: "shift" }, signed: true }], otherwise: { text: "No shift" } },
          { items: [{ type: "SummaryValue", name: { name: "surprised" } }] },
        ],
      }],
    });
    const [worked, outOfMp] = block.statements.filter((s) => s.type === "Example");
    expect(worked).toMatchObject({
      title: { text: "A worked example" }, disputed: { text: "the book says 4:1" }, procedure: { name: "overrun" },
      clauses: [{ kind: "given" }, { kind: "dice" }, { kind: "assume" }, { type: "Expect", expectations: [{ type: "ExpectAllowed" }, { type: "ExpectValue", value: { type: "Ratio" } }, { type: "ExpectValue" }] }],
    });
    expect(outOfMp).toMatchObject({ disputed: null, clauses: [{ kind: "given" }, { type: "Expect", expectations: [{ type: "ExpectViolated", name: { name: "enough_mp" } }] }] });
  });

  it("gives every node a position in the Markdown file, and every name covers its own text", () => {
    const { document, places } = embed(EVERY_STATEMENT);
    const found = positions(block);
    expect(found.length).toBeGreaterThan(200);
    for (const { key, value, owner } of found) {
      for (const point of [value.start, value.end]) {
        const { line, column } = places.point(point.offset);
        expect({ line: point.line, column: point.column }, `${key} at offset ${point.offset}`).toEqual({ line, column });
      }
      if (key === "nameLoc" && typeof owner.name === "string" && !owner.name.includes(".")) {
        expect(document.slice(value.start.offset, value.end.offset)).toBe(owner.name);
      }
    }
  });

  it("reports a syntax error at its place in the Markdown file", () => {
    const text = "input mp_left: number\nlet total = mp_left +\nlet other = 1";
    const { origin, places } = embed(text);
    const result = parseRulesBlock(text, origin);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem).toMatchObject({ code: "HX0201", values: { expected: "an expression" } });
    expect(result.problem.loc.start).toEqual(places.point(origin.offset + text.indexOf("let other")));
    expect(result.problem.loc.end.offset).toBeGreaterThan(result.problem.loc.start.offset);
  });

  it.each([
    ["an unknown statement", "define x = 3"],
    ["a missing else", 'require r: true "message"'],
    ["a keyword as a name", "let if = 3"],
    ["an unterminated string", 'input x "label: number'],
    ["a die without count", "dice roll: d6"],
    ["an unclosed record", "record unit { strength: number"],
    ["a lone operator", "let x = * 2"],
    ["a chart without columns", 'table t = chart "c" { rows: integer, cells: odds }'],
  ])("reports %s as a syntax problem, never an exception", (_, text) => {
    const result = parseRulesBlock(text, { line: 1, column: 1, offset: 0 });
    expect(result.ok).toBe(false);
  });

  it("accepts an empty block and a block of comments", () => {
    expect(parse("").statements).toEqual([]);
    expect(parse("# nothing here yet\n   # still nothing").statements).toEqual([]);
  });
});

describe("positions through compile()", () => {
  it("puts a definition at its line and column in the .md file", async () => {
    const result = await compile({ root: DEMO });
    const file = "rules/demo/1.0/01-combat.md";
    const lines = readFileSync(join(DEMO, file), "utf8").split("\n");
    const line = lines.findIndex((l) => l.startsWith("let odds ")) + 1;
    const decl = result.editions[0].resolved.symbols.lets.get("odds")!;
    expect(decl.file).toBe(file);
    expect(decl.decl.nameLoc.start).toMatchObject({ line, column: 5 });
    expect(decl.paragraph).toBe("1.1a");
  });
});

describe("the README's tour of the language", () => {
  const readme = readFileSync(join(REPO, "README.md"), "utf8");
  const blocks = [...readme.matchAll(/```rules\n([\s\S]*?)```/g)].map((m) => m[1]);

  it("has rules blocks to check", () => {
    expect(blocks.length).toBeGreaterThan(0);
  });

  it.each(blocks.map((text, i) => [i + 1, text] as const))("rules block %i parses", (_, text) => {
    const result = parseRulesBlock(text, { line: 1, column: 1, offset: 0 });
    expect(result.ok ? "ok" : result.problem).toBe("ok");
  });
});
