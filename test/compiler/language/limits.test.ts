/**
 * Limits are diagnostics, never crashes or hangs (issue 8.4): expression nesting,
 * thousands of unknown names, dice, numbers and names every JavaScript object has.
 * Each is refused with a code and a place; what stays within the limits compiles.
 */
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { compile, type CompileResult } from "../../../compiler/compile.ts";
import type { Diagnostic } from "../../../compiler/diagnostics/diagnostic.ts";
import { formatDiagnostic } from "../../../compiler/diagnostics/format.ts";
import { LIMITS } from "../../../compiler/language/limits.ts";
import { parseRulesBlock } from "../../../compiler/language/parse.ts";
import { INTERNAL_WORDS } from "../../../compiler/language/words.ts";
import { decimal } from "../../../compiler/runtime/numbers.ts";
import { suggest } from "../../../compiler/3-check/suggest.ts";
import { propertyOptions } from "../../support/arbitraries.ts";
import { enginesOf } from "../../support/engines.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

// Counts how often a suggestion is looked for (each lookup goes through every known name once).
vi.mock("../../../compiler/3-check/suggest.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../../compiler/3-check/suggest.ts")>();
  return { ...original, suggest: vi.fn(original.suggest) };
});

const ORIGIN = { line: 1, column: 1, offset: 0 };
const FILE = "rules/t/1/01-test.md";

/** Compiles one chapter whose paragraph 1.1 is followed by `rules`; its diagnostics, and each formatted as the CLI prints it. */
async function compileRules(rules: string): Promise<{ diagnostics: Diagnostic[]; text: string; printed: string[]; result: CompileResult }> {
  const text = `${frontMatter()}\n# 1.0 Test\n\n**1.1** Things.\n\n\`\`\`rules\n${rules}\n\`\`\`\n`;
  const { root } = documentCorpus(text);
  try {
    const result = await compile({ root });
    return { diagnostics: result.diagnostics, text, printed: result.diagnostics.map((d) => formatDiagnostic(d, (file) => result.sources.get(file))), result };
  } finally {
    removeTemp(root);
  }
}

const codes = (diagnostics: Diagnostic[]) => diagnostics.filter((d) => d.severity === "error").map((d) => d.code);

/** Nested expressions of each kind the parser or the checker recurses on. */
const NESTINGS: Record<string, (depth: number) => string> = {
  brackets: (n) => `${"(".repeat(n)}a${")".repeat(n)}`,
  "unary minus": (n) => `${"-".repeat(n)}a`,
  "not": (n) => `${"not ".repeat(n)}flag`,
  "a long sum": (n) => Array(n + 1).fill("a").join(" + "),
  "else if": (n) => `${"if flag then 1 else ".repeat(n)}2`,
  calls: (n) => `${"abs(".repeat(n)}a${")".repeat(n)}`,
  lists: (n) => `count(${"[".repeat(n)}a${"]".repeat(n)})`,
};
const DECLARED = "input a: integer = 1\ninput flag: boolean = true\n";

describe("expression nesting (HX0031)", () => {
  it("refuses nesting past the limit with a place, for every kind of nesting and any depth, without running out of stack", () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(NESTINGS)), fc.integer({ min: LIMITS.expressionDepth + 1, max: 20_000 }), (kind, depth) => {
        const text = `${DECLARED}let deep = ${NESTINGS[kind](depth)}\n`;
        const result = parseRulesBlock(text, ORIGIN);
        expect(result.ok, `${kind} × ${depth}`).toBe(false);
        if (result.ok) return;
        expect(result.problem).toMatchObject({ code: "HX0031", values: { limit: LIMITS.expressionDepth } });
        // The place is on the line of the deep expression.
        expect(result.problem.loc.start.line).toBe(3);
      }),
      propertyOptions(60),
    );
  });

  it("compiles nesting up to the limit through every stage (the passes after parsing recurse safely)", async () => {
    for (const [kind, nest] of Object.entries(NESTINGS)) {
      // A depth every kind reaches without passing the limit (a sum of n terms nests n − 1 operators and n names).
      const depth = Math.floor(LIMITS.expressionDepth / 2) - 2;
      const { diagnostics } = await compileRules(`${DECLARED}let deep = ${nest(depth)}\nprocedure p { output "R": deep }`);
      expect(codes(diagnostics), kind).toEqual([]);
    }
  });

  it("reports a too-deep expression as a diagnostic with a code frame, not an internal error", async () => {
    const { diagnostics, printed } = await compileRules(`${DECLARED}let deep = ${NESTINGS.brackets(5000)}`);
    expect(codes(diagnostics)).toEqual(["HX0031"]);
    expect(printed[0]).toMatch(/^error\[HX0031\]: This expression nests more than \d+ levels deep\.\n {2}--> rules\/t\/1\/01-test\.md:\d+:\d+\n/);
    expect(printed[0]).toContain("= hint: name a part of it with its own `let`");
  });
});

describe("unknown names (HX0203, HX0032)", () => {
  it("reports the first unknown names of a file one by one and counts the rest, looking for suggestions only for those shown", async () => {
    const count = 20_000;
    const lines = Array.from({ length: count }, (_, i) => `let known_${i} = missing_${i}`);
    const calls = vi.mocked(suggest);
    calls.mockClear();
    const { diagnostics, printed } = await compileRules(lines.join("\n"));
    const unknown = diagnostics.filter((d) => d.code === "HX0203");
    const summary = diagnostics.filter((d) => d.code === "HX0032");
    expect(unknown).toHaveLength(LIMITS.unknownNamesPerFile);
    expect(summary).toHaveLength(1);
    expect(summary[0].message).toBe(`${count - LIMITS.unknownNamesPerFile} more unknown names in ${FILE} are not listed, such as this one.`);
    expect(summary[0].place?.file).toBe(FILE);
    // The summary points at a name that was not listed.
    const listed = new Set(unknown.map((d) => d.place!.start.offset));
    expect(listed.has(summary[0].place!.start.offset)).toBe(false);
    expect(printed.find((p) => p.startsWith("error[HX0032]"))).toMatch(/= hint: only the first \d+ unknown names of a file/);
    // The work done: one suggestion lookup per name shown, none for the 19,950 others.
    expect(calls.mock.calls.length).toBe(LIMITS.unknownNamesPerFile);
  });

  it("counts per file: a file under the limit lists all its unknown names", async () => {
    const { diagnostics } = await compileRules(Array.from({ length: 10 }, (_, i) => `let known_${i} = missing_${i}`).join("\n"));
    expect(codes(diagnostics)).toEqual(Array(10).fill("HX0203"));
  });
});

describe("suggestions", () => {
  function editDistance(a: string, b: string): number {
    const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
    for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    return d[a.length][b.length];
  }

  it("suggests the nearest name within reach, as a full search would", () => {
    const word = fc.stringMatching(/^[a-d_]{1,12}$/);
    fc.assert(
      fc.property(word, fc.array(word, { minLength: 1, maxLength: 20 }), (name, known) => {
        const reach = Math.max(2, Math.floor(name.length / 3));
        const distances = known.map((k) => editDistance(name.toLowerCase(), k.toLowerCase()));
        const nearest = Math.min(...distances);
        const hint = suggest(name, known, "none");
        if (nearest > reach) expect(hint).toBe("none");
        else expect(hint).toBe(`did you mean \`${known[distances.indexOf(nearest)]}\`?`);
      }),
      propertyOptions(300),
    );
  });
});

describe("dice (HX0033, HX0034)", () => {
  it("refuses dice that cannot be rolled or counted exactly, and compiles the others with exact chances", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ arbitrary: fc.integer({ min: 0, max: 12 }), weight: 3 }, { arbitrary: fc.integer({ min: 0, max: 2000 }), weight: 1 }),
        fc.oneof({ arbitrary: fc.integer({ min: 0, max: 12 }), weight: 3 }, { arbitrary: fc.integer({ min: 0, max: 2_000_000_000 }), weight: 1 }),
        async (count, sides) => {
          const { diagnostics, result } = await compileRules(`dice roll "Roll": ${count}d${sides} "Things."\nlet total "Total" = roll "Things."\nprocedure p { output "R": total }`);
          const countable = count >= 1 && sides >= 2 && sides <= LIMITS.diceSides && sides ** count <= Number.MAX_SAFE_INTEGER;
          expect(codes(diagnostics), `${count}d${sides}`).toEqual(countable ? [] : ["HX0033"]);
          if (!countable) return;
          // What compiles has exact chances: every way to roll counted once, no NaN (200d100 gave NaN).
          const engine = await enginesOf(result, "dice")[0].load();
          const distribution = engine.distribution({});
          expect(distribution.total).toBe(sides ** count);
          expect(distribution.outcomes.reduce((sum, o) => sum + o.ways, 0)).toBe(distribution.total);
          for (const outcome of distribution.outcomes) expect(outcome.p, `${count}d${sides}`).toBe(outcome.ways / distribution.total);
        },
      ),
      propertyOptions(20),
    );
  });

  it("refuses a procedure whose dice together are too many to go through", async () => {
    const dice = ["first", "second", "third"].map((name) => `dice ${name} "Roll": 1d1000 "Things."`).join("\n");
    const { diagnostics } = await compileRules(`${dice}\nlet total "Total" = first + second + third "Things."\nprocedure p { output "R": total }`);
    expect(codes(diagnostics)).toEqual(["HX0034"]);
    const { diagnostics: two } = await compileRules(`${dice}\nlet total "Total" = first + second "Things."\nprocedure p { output "R": total }`);
    expect(codes(two)).toEqual([]);
  });
});

describe("numbers (HX0035)", () => {
  const numeral = fc.tuple(fc.boolean(), fc.stringMatching(/^[0-9]{1,25}$/), fc.option(fc.stringMatching(/^[0-9]{1,25}$/))).map(([negative, whole, fraction]) => `${negative ? "-" : ""}${whole}${fraction === null ? "" : `.${fraction}`}`);

  it("accepts exactly the numbers the runtime holds exactly, in literals and in range bounds", () => {
    const outcome = (result: ReturnType<typeof parseRulesBlock>) => (result.ok ? "ok" : result.problem.code);
    fc.assert(
      fc.property(numeral, (text) => {
        const unsigned = text.replace(/^-/, "");
        const literal = parseRulesBlock(`let x = ${unsigned}`, ORIGIN);
        expect(outcome(literal), unsigned).toBe(decimal(unsigned) !== null ? "ok" : "HX0035");
        const bound = parseRulesBlock(`input x: number ${text}..${text}`, ORIGIN);
        expect(outcome(bound), text).toBe(decimal(text) !== null ? "ok" : "HX0035");
        if (bound.ok) {
          const input = bound.block.statements[0] as { valueType: { min?: number; max?: number } };
          expect(input.valueType.min, text).toBe(Number(text));
          expect(Number.isFinite(input.valueType.max), text).toBe(true);
        }
      }),
      propertyOptions(300),
    );
  });
});

describe("names every JavaScript object has (HX0036)", () => {
  const positions: Record<string, (name: string) => string> = {
    input: (n) => `input ${n}: integer = 3`,
    let: (n) => `let ${n} = 3`,
    field: (n) => `record unit { ${n}: integer }`,
    member: (n) => `enum side { attacker, ${n} }`,
    dice: (n) => `dice ${n}: 2d6`,
    procedure: (n) => `procedure ${n} { output "R": x }`,
    "loop variable": (n) => `let x = count(${n} in units)`,
  };

  it("refuses each of them in every place a name is declared", () => {
    for (const name of INTERNAL_WORDS) {
      for (const [position, write] of Object.entries(positions)) {
        const result = parseRulesBlock(write(name), ORIGIN);
        expect(result.ok ? "ok" : result.problem.code, `${name} as ${position}`).toBe("HX0036");
        if (!result.ok) expect(result.problem.values).toEqual({ name });
      }
    }
  });

  it("accepts names that only contain them", () => {
    for (const name of INTERNAL_WORDS) {
      const result = parseRulesBlock(`let ${name}_total = 3\nlet my${name} = 4`, ORIGIN);
      expect(result.ok, name).toBe(true);
    }
  });
});
