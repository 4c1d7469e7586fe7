/**
 * compile() only ever returns diagnostics, whatever the documents say: it never
 * throws. Two sources of documents:
 *
 * - mutants of the real corpus and of the test fixtures: characters, tokens and
 *   lines deleted, duplicated, swapped or inserted, mostly inside rules blocks;
 * - random rules programs: declarations over a fixed set of types, definitions
 *   with random (often ill-typed) expressions, a procedure and an example, so the
 *   checker, the emitter and the engine loader all see unusual code.
 *
 * Every diagnostic must be in the catalog and format with a code frame.
 */
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import fc from "fast-check";
import { parse as parseYaml } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { readCorpus } from "../../compiler/1-read/read-corpus.ts";
import { compile, type CompileResult } from "../../compiler/compile.ts";
import { Session } from "../../compiler/diagnostics/session.ts";
import { catalog } from "../../compiler/diagnostics/catalog.ts";
import { formatDiagnostic } from "../../compiler/diagnostics/format.ts";
import { inputOf, propertyOptions } from "../support/arbitraries.ts";
import { enginesOf } from "../support/engines.ts";
import { documentCorpus, frontMatter, REPO, removeTemp, tempDir } from "../support/repo.ts";

interface Source {
  /** Path of the document relative to its rules/ folder: `ocs/4.3/08-overrun.md` */
  path: string;
  rulesDir: string;
  text: string;
}

function documents(rulesDir: string): Source[] {
  const out: Source[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".md") && relative(rulesDir, path).split("/").length === 3) out.push({ path: relative(rulesDir, path), rulesDir, text: readFileSync(path, "utf8") });
    }
  };
  walk(rulesDir);
  return out;
}

const SOURCES = [
  ...documents(join(REPO, "rules")),
  ...documents(join(REPO, "test/fixtures/demo/rules")),
  ...documents(join(REPO, "test/fixtures/expressions/rules")),
];

const roots: string[] = [];
afterAll(() => roots.forEach(removeTemp));

/** Whether a document takes part in what the compiler computes: it has a rules block. */
const hasRules = (text: string) => text.includes("```rules");

/**
 * The files of the editions other editions extend that their `::amend` notes name, by
 * folder of rules/ (each read once): the errata edition's mutants need them to get past
 * HX0007 (unknown `extends`) to the amendments' parsing and application (HX0112–HX0114).
 */
const amendedFiles = new Map<string, Set<string>>();
function amendedIn(rulesDir: string): Set<string> {
  if (!amendedFiles.has(rulesDir)) {
    const root = dirname(rulesDir);
    const corpus = readCorpus({ root }, new Session());
    const files = corpus.rulesets.flatMap((r) => r.editions).flatMap((e) => e.documents).filter((d) => d.inherited && d.inherited.amendments.length > 0);
    amendedFiles.set(rulesDir, new Set(files.map((d) => join(root, d.file))));
  }
  return amendedFiles.get(rulesDir)!;
}

/** The edition an edition's edition.yaml says it `extends`, if any. */
function extendedBy(editionDir: string): string | undefined {
  const yaml = parseYaml(readFileSync(join(editionDir, "edition.yaml"), "utf8")) as { extends?: unknown } | null;
  return yaml?.extends === undefined ? undefined : String(yaml.extends);
}

/**
 * A scratch root with one edition's folder: its files other than documents, and the
 * documents with rules blocks (what the checker, the emitter and the engines see). A
 * prose document under test is added for its run and removed after it, so each run
 * compiles the formal edition and one mutant, however many prose chapters the corpus
 * grows to. An edition that extends another brings that one's folder too, the same way,
 * with the documents its amendments name.
 */
function scratchFor(source: Source): { root: string; file: string } {
  const root = tempDir("hexlaw-fuzz-");
  roots.push(root);
  const [ruleset, edition] = source.path.split("/");
  cpSync(join(source.rulesDir, ruleset, "ruleset.yaml"), join(root, "rules", ruleset, "ruleset.yaml"));
  const base = extendedBy(join(source.rulesDir, ruleset, edition));
  const amended = base === undefined ? new Set<string>() : amendedIn(source.rulesDir);
  for (const folder of base === undefined ? [edition] : [base, edition]) {
    cpSync(join(source.rulesDir, ruleset, folder), join(root, "rules", ruleset, folder), {
      recursive: true,
      filter: (from) => !from.endsWith(".md") || amended.has(from) || hasRules(readFileSync(from, "utf8")),
    });
  }
  return { root, file: join(root, "rules", source.path) };
}

async function expectOnlyDiagnostics(root: string): Promise<CompileResult> {
  const result = await compile({ root });
  for (const d of result.diagnostics) {
    expect(catalog.has(d.code), d.code).toBe(true);
    const text = formatDiagnostic(d, (file) => result.sources.get(file));
    expect(text).not.toContain("    at ");
    if (d.place) {
      expect(text).toContain("-->");
      const lines = result.sources.get(d.place.file)?.split("\n").length ?? 0;
      expect(d.place.start.line, `${d.code} points inside ${d.place.file}`).toBeLessThanOrEqual(lines);
    }
  }
  expect(result.ok).toBe(!result.diagnostics.some((d) => d.severity === "error"));
  return result;
}

// ─── Mutations ───────────────────────────────────────────────────────────────

type Mutation =
  | { kind: "delete" | "duplicate"; unit: "char" | "token" | "line"; at: number; length: number }
  | { kind: "swap"; unit: "char" | "token" | "line"; at: number; other: number }
  | { kind: "insert"; at: number; text: string };

const SNIPPETS = [
  "{", "}", "(", ")", "[", "]", '"', ":", "::", "..", "|", "@", "@9.99", "#", "\n", "\t", " ", "-", "--", "*", "/", "0", "1.5",
  "let ", "input ", "if ", "then ", "else ", "none", "all", "for ", " in ", "where ", "not ", "and ", "or ",
  "```", "```rules\n", "\n```\n", ":::", ":::chart[X]{#x}\n", "| ? |", "---\n", "**9.1a**", "[9.1](#91-x)", "see 9.99", "\u0000", "😀", "−", "…",
];

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constantFrom("delete" as const, "duplicate" as const), unit: fc.constantFrom("char" as const, "token" as const, "line" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 12 }) }),
  fc.record({ kind: fc.constant("swap" as const), unit: fc.constantFrom("char" as const, "token" as const, "line" as const), at: fc.nat(), other: fc.nat() }),
  fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), text: fc.oneof(fc.constantFrom(...SNIPPETS), fc.string({ maxLength: 8 })) }),
);

/** Splits text into units whose concatenation is the text. */
function split(text: string, unit: "char" | "token" | "line"): string[] {
  if (unit === "char") return [...text];
  if (unit === "line") return text.split(/(?<=\n)/);
  return text.split(/(\s+|[^\w\s])/).filter((part) => part !== "");
}

/** Applies a mutation; `focus` is a span (a rules block, say) that most positions fall into. */
function mutate(text: string, m: Mutation, focus: [number, number] | null): string {
  if (m.kind === "insert") {
    const [from, to] = focus ?? [0, text.length];
    const at = from + (m.at % (to - from + 1));
    return text.slice(0, at) + m.text + text.slice(at);
  }
  const [from, to] = focus ?? [0, text.length];
  const head = text.slice(0, from);
  const units = split(text.slice(from, to), m.unit);
  const tail = text.slice(to);
  if (units.length === 0) return text;
  const at = m.at % units.length;
  if (m.kind === "delete") units.splice(at, m.length);
  else if (m.kind === "duplicate") units.splice(at, 0, ...units.slice(at, at + m.length));
  else if (m.kind === "swap") {
    const other = m.other % units.length;
    [units[at], units[other]] = [units[other], units[at]];
  }
  return head + units.join("") + tail;
}

function blocksOf(text: string): [number, number][] {
  return [...text.matchAll(/```rules\n([\s\S]*?)```/g)].map((m) => [m.index! + 9, m.index! + m[0].length - 3] as [number, number]);
}

describe("compile() on mutated documents", () => {
  it("has documents with rules blocks to mutate", () => {
    expect(SOURCES.filter((s) => blocksOf(s.text).length > 0).length).toBeGreaterThanOrEqual(2);
  });

  it("gives the documents of an edition that extends another what their amendments name", async () => {
    const errata = SOURCES.filter((s) => extendedBy(join(s.rulesDir, ...s.path.split("/").slice(0, 2))) !== undefined && s.text.includes("::amend"));
    expect(errata.length).toBeGreaterThan(0);
    for (const source of errata) {
      const { root, file } = scratchFor(source);
      writeFileSync(file, source.text);
      const result = await compile({ root });
      expect(result.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.message}`)).toEqual([]);
    }
  });

  it("never throws, whatever is deleted, duplicated, swapped or inserted", async () => {
    const scratch = new Map<string, { root: string; file: string }>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SOURCES),
        fc.array(mutation, { minLength: 1, maxLength: 6 }),
        fc.nat(),
        fc.boolean(),
        async (source, mutations, blockChoice, inBlock) => {
          const key = source.path.split("/").slice(0, 2).join("/") + source.rulesDir;
          if (!scratch.has(key)) scratch.set(key, scratchFor(source));
          const { root } = scratch.get(key)!;
          const file = join(root, "rules", source.path);
          let text = source.text;
          for (const m of mutations) {
            const blocks = blocksOf(text);
            const focus = inBlock && blocks.length > 0 ? blocks[blockChoice % blocks.length] : null;
            text = mutate(text, m, focus);
          }
          writeFileSync(file, text);
          try {
            await expectOnlyDiagnostics(root);
          } finally {
            if (hasRules(source.text)) writeFileSync(file, source.text);
            else rmSync(file);
          }
        },
      ),
      propertyOptions(250),
    );
  }, 600_000);
});

// ─── Random programs ─────────────────────────────────────────────────────────

const INPUTS = `input i_num "A number": number 0..20
input i_int: integer 1..6
input i_bool: boolean
input i_terrain: terrain = open
input i_all: number 0..10 | all
input i_opt: integer 0..4 | none
input stack: list of unit min 1 max 3
dice d1: 1d6
dice d2: 2d6
enum terrain { open "Open", close "Close" }
record unit { strength: number >= 0, armor: boolean = false }
table odds_table = chart "fuzz-odds" { rows: terrain, columns: integer, cells: odds }
table crt = partial chart "fuzz-crt" { rows: integer, columns: odds, cells: integer }
let crt_column = column_header(crt, round(i_num : 2, down))
let crt_row = row_header(crt, d2)
let u.doubled for u in stack = u.strength * 2
let lost_by_unit = spread(i_int, list(floor(u.strength) for u in stack))
let u.lost for u in stack = lost_by_unit[position(u)]
let uses_every_input = i_num + i_int + (if i_bool then 1 else 0) + (if i_terrain == open then 1 else 0) + (if i_all == all then 0 else i_all) + (if i_opt == none then 0 else i_opt) + count(u in stack) + d1 + d2`;

const CHART = `:::chart[Odds]{#fuzz-odds}
| terrain | 1   | 2   | 3   |
|---------|-----|-----|-----|
| Open    | 1:2 | 1:1 | 2:1 |
| Close   | 1:3 | ?   | 1:1 |
:::

:::chart[Partial CRT]{#fuzz-crt}
| roll       | 1:2 | 3:1 | 10:1+ |
|------------|-----|-----|-------|
| 2 or less  | 0   | 1   | ?     |
| 7          | 1   | 2   | 3     |
| 12 or more | ?   | 3   | 4     |
:::`;

const LEAVES = [
  "0", "1", "3", "2.5", "20", "true", "false", "none", "all", '"text"', "open", "close", "half_up",
  "i_num", "i_int", "i_bool", "i_terrain", "i_all", "i_opt", "stack", "d1", "d2", "odds_table", "crt", "l1", "l2", "l3",
  "crt_column", "crt_row", "lost_by_unit", "3:1",
];

const expression: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(...LEAVES),
    fc.tuple(fc.constantFrom("+", "-", "*", "/", "==", "!=", "<", "<=", ">", ">=", "and", "or", ":"), tie("e"), tie("e")).map(([op, a, b]) => `(${a} ${op} ${b})`),
    tie("e").map((a) => `(-${a})`),
    tie("e").map((a) => `(not ${a})`),
    fc.tuple(tie("e"), tie("e"), tie("e")).map(([c, a, b]) => `(if ${c} then ${a} else ${b})`),
    fc.tuple(fc.constantFrom("halve", "quarter", "floor", "ceil", "abs", "first", "count", "columns", "rows"), tie("e")).map(([f, a]) => `${f}(${a})`),
    fc.tuple(fc.constantFrom("min", "max", "round"), tie("e"), tie("e")).map(([f, a, b]) => `${f}(${a}, ${b})`),
    fc.tuple(tie("e"), tie("e"), tie("e")).map(([a, b, c]) => `clamp(${a}, ${b}, ${c})`),
    fc.tuple(fc.constantFrom("sum", "max", "min", "every", "some"), fc.constantFrom("u.strength", "u.armor", "u.strength * 2", "u")).map(([f, v]) => `${f}(${v} for u in stack)`),
    fc.constantFrom("count(u in stack where u.armor)", "sum(u.strength for u in stack where not u.armor)", "max(c for c in columns(odds_table) where odds_table[i_terrain, c] <= (i_num : 3))"),
    fc.tuple(tie("e"), tie("e")).map(([r, c]) => `odds_table[${r}, ${c}]`),
    fc.tuple(tie("e"), tie("e")).map(([r, c]) => `crt[${r}, ${c}]`),
    fc.tuple(fc.constantFrom("column_header", "row_header", "spread", "position"), tie("e"), tie("e")).map(([f, a, b]) => `${f}(${a}, ${b})`),
    tie("e").map((a) => `list(${a} for u in stack)`),
    fc.tuple(tie("e"), tie("e")).map(([a, i]) => `${a}[${i}]`),
    tie("e").map((a) => `(${a} in 2..12)`),
    tie("e").map((a) => `(${a} in {1, 2, open})`),
    tie("e").map((a) => `${a}.strength`),
  ),
})).e;

/**
 * Well-typed expressions, by type, so that most programs get through the checker
 * to the emitter and the engines. Requirements may not read dice (HX0502), so
 * there is a family without them.
 */
function typedExpressions(withDice: boolean) {
  const dice = withDice ? ["d1", "d2"] : [];
  return fc.letrec<{ num: string; int: string; bool: string; odds: string; terrain: string }>((tie) => ({
    num: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constantFrom("2.5", "9.75", "i_num", "sum(u.strength for u in stack)", "sum(u.doubled for u in stack)", "(if i_all == all then 10 else i_all)"),
      tie("int"),
      fc.tuple(fc.constantFrom("+", "-", "*", "/"), tie("num"), tie("num")).map(([op, a, b]) => `(${a} ${op} ${b})`),
      tie("num").map((a) => `(-${a})`),
      fc.tuple(fc.constantFrom("halve", "quarter", "abs"), tie("num")).map(([f, a]) => `${f}(${a})`),
      fc.tuple(fc.constantFrom("min", "max"), tie("num"), tie("num")).map(([f, a, b]) => `${f}(${a}, ${b})`),
      fc.tuple(tie("num"), tie("num"), tie("num")).map(([a, b, c]) => `clamp(${a}, ${b}, ${c})`),
      fc.tuple(tie("bool"), tie("num"), tie("num")).map(([c, a, b]) => `(if ${c} then ${a} else ${b})`),
    ),
    int: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constantFrom("0", "1", "3", "i_int", ...dice, "count(u in stack where u.armor)", "(if i_opt == none then 0 else i_opt)", "lost_by_unit[1]"),
      fc.tuple(tie("int"), tie("odds")).map(([r, c]) => `crt[${r}, ${c}]`),
      fc.tuple(fc.constantFrom("+", "-", "*"), tie("int"), tie("int")).map(([op, a, b]) => `(${a} ${op} ${b})`),
      fc.tuple(fc.constantFrom("floor", "ceil"), tie("num")).map(([f, a]) => `${f}(${a})`),
      fc.tuple(tie("num"), fc.constantFrom("half_up", "down", "up", "half_even", "half_down")).map(([a, mode]) => `round(${a}, ${mode})`),
    ),
    bool: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constantFrom("true", "false", "i_bool", "every(u.armor for u in stack)", "some(u.strength > 2 for u in stack)", "(i_terrain == open)", "(i_opt == none)", "(i_all != all)"),
      fc.tuple(fc.constantFrom("<", "<=", ">", ">=", "==", "!="), tie("num"), tie("num")).map(([op, a, b]) => `(${a} ${op} ${b})`),
      fc.tuple(fc.constantFrom("<", "<=", ">", ">="), tie("odds"), tie("odds")).map(([op, a, b]) => `(${a} ${op} ${b})`),
      fc.tuple(fc.constantFrom("and", "or"), tie("bool"), tie("bool")).map(([op, a, b]) => `(${a} ${op} ${b})`),
      tie("bool").map((a) => `(not ${a})`),
      tie("num").map((a) => `(${a} in 2..12)`),
      tie("terrain").map((a) => `(${a} == close)`),
    ),
    odds: fc.oneof(
      fc.tuple(tie("num"), tie("num"), fc.constantFrom("half_up", "down", "up", "half_even")).map(([a, d, mode]) => `round(${a} : ${d}, ${mode})`),
      fc.tuple(tie("terrain"), tie("int")).map(([r, c]) => `odds_table[${r}, ${c}]`),
    ),
    terrain: fc.oneof(
      fc.constantFrom("i_terrain", "open", "close"),
      fc.tuple(tie("bool"), tie("terrain"), tie("terrain")).map(([c, a, b]) => `(if ${c} then ${a} else ${b})`),
    ),
  }));
}

const typed = typedExpressions(true);
const diceFree = typedExpressions(false);

const definition = fc.oneof(
  { weight: 4, arbitrary: fc.oneof(typed.num, typed.int, typed.bool, typed.odds, typed.terrain) },
  { weight: 1, arbitrary: expression },
);

const EXAMPLE_VALUES = ["0", "1", "2.5", "true", "open", "none", "3:1", '"AL1"', '"1:2"', "[1, 2]"];

const program: fc.Arbitrary<Program> = fc.record({
  lets: fc.array(definition, { minLength: 1, maxLength: 3 }),
  requirement: fc.option(fc.oneof({ weight: 4, arbitrary: diceFree.bool }, { weight: 1, arbitrary: expression }), { nil: null }),
  example: fc.option(
    fc.tuple(
      fc.constantFrom(...EXAMPLE_VALUES),
      fc.integer({ min: 2, max: 12 }),
      fc.option(fc.constantFrom(...EXAMPLE_VALUES), { nil: null }),
      fc.boolean(),
    ),
    // Half the programs have no example, so that most reach the emitter and the engines.
    { nil: null, freq: 2 },
  ),
});

interface Program {
  lets: string[];
  requirement: string | null;
  /** The value l1 is expected to have, the roll of d2, a value assumed for l2 (when there is one), and whether it is disputed. */
  example: [string, number, string | null, boolean] | null;
}

function exampleText([expected, roll, assumed, disputed]: NonNullable<Program["example"]>, lets: number): string {
  const assume = assumed !== null && lets >= 2 ? `  assume l2 = ${assumed}\n` : "";
  return `example "Random"${disputed ? ' disputed "Generated"' : ""} {
  procedure p
  given i_num = 4, i_int = 2, i_bool = true, i_terrain = close, i_all = all, i_opt = none, stack = [{ strength: 3 }]
  dice d1 = 3, d2 = ${roll}
${assume}  expect l1 = ${expected}
}
`;
}

function programDocument(p: Program): string {
  const lets = p.lets.map((e, i) => `let l${i + 1} "Value ${i + 1}" = ${e}`).join("\n");
  const outputs = [...p.lets.map((_, i) => `l${i + 1}`), "uses_every_input"].join(", ");
  const requirement = p.requirement ? `require r1: ${p.requirement} else "Not allowed"\n` : "";
  const check = p.requirement ? "  check r1\n" : "";
  const example = p.example ? exampleText(p.example, p.lets.length) : "";
  return `${frontMatter("Fuzz")}
# 1.0 Fuzz

**1.1** Everything here is generated.

\`\`\`rules
${INPUTS}
${lets}
${requirement}procedure p {
${check}  output ${outputs}
}
${example}\`\`\`

${CHART}
`;
}

describe("compile() on random rules programs", () => {
  const { root, file } = documentCorpus("");
  roots.push(root);

  it("compiles the skeleton without errors", async () => {
    writeFileSync(file, programDocument({ lets: ["i_num + 1", "crt[d2, round(i_num : 2, down)]"], requirement: "i_bool", example: ["5", 7, "1", false] }));
    const result = await compile({ root });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("never throws, however the definitions are typed; the engines it emits resolve and enumerate", async () => {
    let resolved = 0;
    await fc.assert(
      fc.asyncProperty(program, fc.integer(), async (p, seed) => {
        writeFileSync(file, programDocument(p));
        const result = await expectOnlyDiagnostics(root);
        if (!result.ok) return;
        const [named] = enginesOf(result, "fuzz");
        const engine = await named.load();
        removeTemp(named.dir!);
        for (const input of fc.sample(inputOf(engine.schema), { numRuns: 3, seed })) {
          const checked = engine.check(input);
          expect(checked.ok ? [] : checked.errors).toEqual([]);
          if (!checked.ok) continue;
          const resolution = engine.resolve(checked.value, { d1: 4 });
          expect(resolution.allowed).toBe(resolution.violations.length === 0);
          const distribution = engine.distribution(checked.value);
          expect(distribution.outcomes.reduce((n, o) => n + o.ways, 0)).toBe(distribution.total);
          resolved++;
        }
      }),
      propertyOptions(250),
    );
    // Most random programs are refused by the checker; enough must reach the engines.
    expect(resolved).toBeGreaterThan(0);
  }, 600_000);
});
