/**
 * Exceptions beside their own paragraph (as Catala's labelled exceptions): `exception x when
 * c = v` in a later paragraph's block gives `x` another value when `c` holds; a labelled
 * exception can have exceptions of its own (`exception x to label when …`), which win over it.
 * Two exceptions of the same level that can both apply are an error, never a silent choice;
 * the trace cites the exception's own paragraph and quote when it applies, the base otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../../../compiler/compile.ts";
import { parseRulesBlock } from "../../../compiler/language/parse.ts";
import { enginesOf, generatedEngines, resolveVector, type EngineModule, type NamedEngine } from "../../support/engines.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

const DOCUMENT = `${frontMatter("Exceptions")}
# 1.0 Exceptions

**1.1** Use the column of the odds, from 1 to 9.

\`\`\`rules
input attack "Attack": integer >= 0 "The attack strength"
input defense "Defense": integer >= 0 "The defense strength"
input hq "Headquarters": boolean = false "The defender is a headquarters"
let column "Column" = if attack > 9 then 9 else max(attack, 1) "Use the column of the odds, from 1 to 9."
procedure attack_column { output column }
example "Constructed: 1.1 three against one uses column 3" {
  procedure attack_column
  given attack = 3, defense = 1
  expect column = 3
}
\`\`\`

**1.2** Attacks against a zero strength begin on the last column. Attacks with a zero strength begin on the first column.

\`\`\`rules
exception against_zero: column when defense == 0 and attack > 0 = 9
  "Attacks against a zero strength begin on the last column."
exception column when attack == 0 and defense > 0 = 1
  "Attacks with a zero strength begin on the first column."
example "Constructed: 1.2 an attack against zero strength begins on the last column" {
  procedure attack_column
  given attack = 2, defense = 0
  expect column = 9
}
\`\`\`

**1.3** Except that an attack against a headquarters with no strength begins on column 5.

\`\`\`rules
exception column to against_zero when hq and defense == 0 = 5
  "an attack against a headquarters with no strength begins on column 5"
example "Constructed: 1.3 a headquarters with no strength" {
  procedure attack_column
  given attack = 2, defense = 0, hq = true
  expect column = 5
}
\`\`\`
`;

describe("the grammar of exceptions", () => {
  const origin = { line: 1, column: 1, offset: 0 };
  const parse = (text: string) => {
    const parsed = parseRulesBlock(text, origin);
    if (!parsed.ok) return parsed.problem.code;
    const { target, label, parent } = parsed.block.statements[0] as unknown as Record<string, { name: string } | null>;
    return { target: target?.name, label: label?.name ?? null, parent: parent?.name ?? null };
  };

  it("reads an exception, a labelled one and one to a label", () => {
    expect(parse("exception x when a == 0 = 1")).toEqual({ target: "x", label: null, parent: null });
    expect(parse("exception zero: x when a == 0 = 1 @1.2 \"…\"")).toEqual({ target: "x", label: "zero", parent: null });
    expect(parse("exception x to zero when a == 0 and b = 1")).toEqual({ target: "x", label: null, parent: "zero" });
    expect(parse("exception x = 1")).toBe("HX0201");
  });
});

describe("an engine with exceptions", () => {
  let root: string;
  let engines: NamedEngine[];
  let engine: EngineModule;
  let files: Map<string, string>;

  beforeAll(async () => {
    root = documentCorpus(DOCUMENT).root;
    const result = await compile({ root });
    files = result.files;
    engines = enginesOf(result, "exceptions");
    engine = await engines[0].load();
  });
  afterAll(() => removeTemp(root));

  const column = (input: object) => {
    const resolution = engine.resolve(input);
    return { value: resolution.outputs.column, ...(({ paragraph, quote }) => ({ paragraph, quote }))(resolution.trace.find((s) => s.name === "column")!) };
  };

  it("takes the base definition where no exception applies, citing it", () => {
    expect(column({ attack: 3, defense: 1 })).toEqual({ value: 3, paragraph: "1.1", quote: "Use the column of the odds, from 1 to 9." });
    expect(column({ attack: 0, defense: 0 })).toEqual({ value: 1, paragraph: "1.1", quote: "Use the column of the odds, from 1 to 9." });
  });

  it("takes an exception where it applies, citing its own paragraph and quote", () => {
    expect(column({ attack: 2, defense: 0 })).toEqual({ value: 9, paragraph: "1.2", quote: "Attacks against a zero strength begin on the last column." });
    expect(column({ attack: 0, defense: 4 })).toEqual({ value: 1, paragraph: "1.2", quote: "Attacks with a zero strength begin on the first column." });
  });

  it("takes an exception to an exception over the one it excepts", () => {
    expect(column({ attack: 2, defense: 0, hq: true })).toEqual({ value: 5, paragraph: "1.3", quote: "an attack against a headquarters with no strength begins on column 5" });
  });

  it("counts an exception's paragraph as formalized by the definition and its procedure", () => {
    const index = JSON.parse([...files].find(([path]) => /^[^/]+\/[^/]+\/index\.json$/.test(path))![1]);
    for (const id of ["1.2", "1.3"]) expect(index.paragraphs[id], id).toMatchObject({ definitions: ["column"], procedures: ["attack_column"] });
  });

  it("passes every example's vector", async () => {
    const vectors = engines.flatMap((e) => e.vectors());
    expect(vectors.map((v) => v.expect.outputs.column)).toEqual([3, 9, 5]);
    for (const v of vectors) expect(resolveVector(engine, v).outputs).toEqual(v.expect.outputs);
  });
});

describe("mistakes with exceptions", () => {
  const diagnostics = async (rules: string) => {
    const { root } = documentCorpus(`${frontMatter("Exceptions")}\n# 1.0 Exceptions\n\n**1.1** Units move.\n\n\`\`\`rules\ninput a: integer\ninput b: boolean\nenum ground { open, close, very_close }\ninput g: ground\nlet x = a "Units move."\n${rules}\n\`\`\`\n`);
    try {
      return (await compile({ root })).diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.message}`);
    } finally {
      removeTemp(root);
    }
  };

  it("refuses two exceptions that can both apply, and takes those a comparison of the same value keeps apart", async () => {
    expect(await diagnostics(`exception x when a > 0 = 1 "Units move."\nexception x when b = 2 "Units move."`)).toEqual(["HX0312 Two exceptions to `x` can both apply."]);
    expect(await diagnostics(`exception x when a >= 3 = 1 "Units move."\nexception x when a < 3 and b = 2 "Units move."`)).toEqual([]);
    expect(await diagnostics(`exception x when a == 0 = 1 "Units move."\nexception x when 0 < a = 2 "Units move."\nexception x when a < 0 = 3 "Units move."`)).toEqual([]);
    expect(await diagnostics(`exception x when b = 1 "Units move."\nexception x when not b = 2 "Units move."`)).toEqual([]);
    expect(await diagnostics(`exception x when g == open = 1 "Units move."\nexception x when g in {close, very_close} = 2 "Units move."`)).toEqual([]);
    expect(await diagnostics(`exception x when g != open = 1 "Units move."\nexception x when g in {close, very_close} = 2 "Units move."`)).toEqual(["HX0312 Two exceptions to `x` can both apply."]);
  });

  it("counts the exceptions to an exception with it", async () => {
    expect(await diagnostics(`exception one: x when a == 0 = 1 "Units move."\nexception x to one when b = 3 "Units move."\nexception x when a > 0 = 2 "Units move."`)).toEqual(["HX0312 Two exceptions to `x` can both apply."]);
    expect(await diagnostics(`exception one: x when a == 0 = 1 "Units move."\nexception x to one when b and a == 0 = 3 "Units move."\nexception x when a > 0 = 2 "Units move."`)).toEqual([]);
  });

  it("refuses an exception to nothing, to an unknown label, in a circle, or of another kind", async () => {
    expect(await diagnostics(`exception y when b = 1 "Units move."`)).toEqual(["HX0310 `y` has no definition to make an exception to."]);
    expect(await diagnostics(`exception x to nope when b = 1 "Units move."`)).toEqual(["HX0311 No exception to `x` is labelled `nope`."]);
    expect(await diagnostics(`exception p: x to q when b = 1 "Units move."\nexception q: x to p when a == 1 = 2 "Units move."`)).toEqual(["HX0313 The exceptions to `x` are exceptions to each other in a circle: p → q → p."]);
    expect(await diagnostics(`exception x when b = true "Units move."`)).toEqual([expect.stringMatching(/^HX0301 The value of an exception to `x` must be integer/)]);
    expect(await diagnostics(`exception x when a = 1 "Units move."`)).toEqual([expect.stringMatching(/^HX0301 The condition of an exception to `x` must be/)]);
  });
});

describe("the exceptions of 9.14a and 9.1g in the OCS 4.3 engine", () => {
  let engine: EngineModule;
  beforeAll(async () => {
    engine = await generatedEngines().find((e) => e.name === "ocs/4.3/ground_combat")!.load();
  });
  const unit = (strength: number) => [{ strength, ar: 3, terrain_effect: 1 }];
  const cited = (input: object, dice: object, name: string) => {
    const resolution = engine.resolve({ terrain: "open", attacker_supply: 4, ...input }, dice);
    const step = resolution.trace.find((s) => s.name === name)!;
    return { value: step.value, paragraph: step.paragraph, quote: step.quote };
  };

  it("cites 9.14a's own block where a zero strength decides the odds or the column, 9.7 and 9.7a otherwise", () => {
    expect(cited({ attackers: unit(0), defenders: unit(1) }, {}, "start_column")).toEqual({ value: 1, paragraph: "9.14a", quote: "Attacks with a zero strength must be supplied normally, and begin on the left-most column." });
    expect(cited({ attackers: unit(1), defenders: unit(0) }, {}, "start_column")).toEqual({ value: 13, paragraph: "9.14a", quote: "Attacks against a zero strength begin on the right-most column of the Combat Table" });
    expect(cited({ attackers: unit(0), defenders: unit(0) }, {}, "odds")).toEqual({ value: "1:1", paragraph: "9.14a", quote: "If both sides have a zero strength, call it 1:1 and shake your head." });
    expect(cited({ attackers: unit(3), defenders: unit(1) }, {}, "odds")).toMatchObject({ value: "3:1", paragraph: "9.7" });
    expect(cited({ attackers: unit(1), defenders: unit(1) }, {}, "start_column")).toMatchObject({ value: 5, paragraph: "9.7a" });
  });

  it("cites 9.1g's block where a shift runs past the table, 9.8 otherwise", () => {
    const attacker = { surprise_roll: 12, shift_roll: 6 };
    expect(cited({ attackers: unit(13), defenders: unit(1) }, attacker, "final_column")).toEqual({ value: 13, paragraph: "9.1g", quote: "Resolve attacks that begin past, or are shifted past, odds shown on the table using the last available column." });
    expect(cited({ attackers: unit(1), defenders: unit(1) }, attacker, "final_column")).toMatchObject({ value: 11, paragraph: "9.8" });
  });
});
