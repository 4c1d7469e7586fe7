/** The catalog of diagnostics (compiler/diagnostics/catalog.md) is data: complete, well-formed, and exercised. */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { catalog, parseCatalog, placeholdersModule } from "../../../compiler/diagnostics/catalog.ts";
import { diagnostic } from "../../../compiler/diagnostics/diagnostic.ts";
import { Session } from "../../../compiler/diagnostics/session.ts";
import { REPO } from "../../support/repo.ts";

const HERE = dirname(fileURLToPath(import.meta.url));
const CATALOG = readFileSync(join(REPO, "compiler/diagnostics/catalog.md"), "utf8");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

const COMPILER = sourceFiles(join(REPO, "compiler")).map((file) => ({ file, text: readFileSync(file, "utf8") }));
/**
 * Codes written as a string anywhere in compiler/: passed to `report("HX…")`, `diagnostic("HX…")`, the parser's
 * `problem("HX…")`, or named as the summary of a capped code (which the types hold to the catalog's codes).
 */
const REPORTED = new Set(COMPILER.flatMap(({ text }) => [...text.matchAll(/"(HX\d{4})"/g)].map((m) => m[1])));
/** Codes the diagnostics fixtures expect. */
const EXERCISED = new Set(
  readdirSync(HERE)
    .filter((name) => existsSync(join(HERE, name, "expected.json")))
    .flatMap((name) => (JSON.parse(readFileSync(join(HERE, name, "expected.json"), "utf8")) as { code: string }[]).map((d) => d.code)),
);

/**
 * Catalog codes that no diagnostics fixture can produce, and why. A code that
 * becomes reachable should get a fixture and leave this list.
 */
const NOT_FROM_A_FIXTURE: Record<string, string> = {
  HX0208: "unreachable today: every top-level node belongs at least to the chapter paragraph, so a block always has one",
  HX0901: "an internal error of the compiler: no rule document can produce it (compile() reports any exception as HX0901)",
  HX0902: "printed by `hexlaw check` for a stale generated/ (see test/compiler/cli/hexlaw.test.ts), not by compile()",
};

/**
 * Codes whose fixtures are written by a test at run time, because git would
 * normalize them (byte order marks, line endings, NUL bytes, binary files, links,
 * a `rules` file) or they are too large to keep (20,000 unknown names): the test
 * file that writes them, which must name the code.
 */
const WRITTEN_AT_RUN_TIME: Record<string, string> = {
  HX0013: "test/compiler/1-read/read-source.test.ts",
  HX0014: "test/compiler/1-read/read-source.test.ts",
  HX0015: "test/compiler/1-read/read-source.test.ts",
  HX0016: "test/compiler/1-read/read-source.test.ts",
  HX0019: "test/compiler/1-read/read-source.test.ts",
  HX0020: "test/compiler/1-read/read-source.test.ts",
  HX0032: "test/compiler/language/limits.test.ts",
  HX0038: "test/compiler/1-read/markup-limits.test.ts",
  HX0039: "test/compiler/1-read/markup-limits.test.ts",
  HX0040: "test/compiler/1-read/markup-limits.test.ts",
  // Conflicts of `hexlaw import`, which merges into documents rather than compiling them.
  HX0701: "test/compiler/import/import.test.ts",
  HX0702: "test/compiler/import/import.test.ts",
  HX0703: "test/compiler/import/import.test.ts",
  HX0704: "test/compiler/import/import.test.ts",
};

describe("catalog.md", () => {
  it("has well-formed, unique entries", () => {
    const headings = [...CATALOG.matchAll(/^### (\S+) (\S+)$/gm)];
    expect(headings.length).toBe(catalog.size);
    expect(headings.length).toBeGreaterThan(40);
    for (const [, code, name] of headings) {
      expect(code).toMatch(/^HX\d{4}$/);
      expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
    for (const entry of catalog.values()) {
      expect(["error", "warning"], entry.code).toContain(entry.severity);
      expect(entry.message, entry.code).toMatch(/^\S.*[.!?]$/);
      expect(entry.hint, entry.code).not.toBe("");
    }
  });

  it("parses a section without a hint with an empty hint", () => {
    const parsed = parseCatalog("### HX9999 example-code\nwarning · Something {odd}.\n");
    expect(parsed.get("HX9999")).toEqual({ code: "HX9999", name: "example-code", severity: "warning", message: "Something {odd}.", hint: "" });
  });

  it("fills placeholders and refuses a code it does not have", () => {
    expect(diagnostic("HX0203", { name: "overun_cost", hint: "did you mean `overrun_cost`?" })).toMatchObject({
      code: "HX0203", severity: "error", message: "Unknown name `overun_cost`.", hint: "did you mean `overrun_cost`?", notes: [],
    });
    // @ts-expect-error a code that is not in the catalog does not type-check
    expect(() => diagnostic("HX9999", {})).toThrow(/not in catalog\.md/);
  });

  it("refuses a report without a value its text needs, rather than print `{key}`", () => {
    // @ts-expect-error HX0203's message needs a `name`
    expect(() => diagnostic("HX0203", { hint: "check the spelling" })).toThrow("diagnostic HX0203 needs a value for {name}");
    // A value an object only inherits is not given: `{constructor}` must not print a function.
    const inherited = Object.assign(Object.create({ name: "overun_cost" }) as object, { hint: "check the spelling" });
    expect(() => diagnostic("HX0203", inherited as { name: string; hint: string })).toThrow("needs a value for {name}");
  });

  it("types every report by its code (the lines marked @ts-expect-error are what tsc must refuse)", () => {
    const session = new Session();
    session.report("HX0203", { name: "overun_cost", hint: "did you mean `overrun_cost`?" });
    session.report("HX0208", {});
    session.report("HX0203", () => ({ name: "a", hint: "b" }));
    // @ts-expect-error not a code of the catalog
    expect(() => session.report("HX0299", {})).toThrow(/not in catalog\.md/);
    // @ts-expect-error HX0203 has no placeholder {names}
    expect(() => session.report("HX0203", { names: "a", hint: "b" })).toThrow(/needs a value for \{name\}/);
    // @ts-expect-error HX0208's text has no placeholders
    session.report("HX0208", { name: "a" });
    // @ts-expect-error the function form is checked too
    expect(() => session.report("HX0203", () => ({ name: "a" }))).toThrow(/needs a value for \{hint\}/);
    expect(session.diagnostics.map((d) => d.code)).toEqual(["HX0203", "HX0208", "HX0203", "HX0208"]);
  });

  it("has its placeholders' types in compiler/diagnostics/placeholders.ts, up to date (UPDATE=1 writes them)", () => {
    const file = join(REPO, "compiler/diagnostics/placeholders.ts");
    const expected = placeholdersModule(catalog.values());
    if (process.env.UPDATE) writeFileSync(file, expected);
    expect(readFileSync(file, "utf8")).toBe(expected);
  });

  it("has every code that compiler/ reports", () => {
    expect(REPORTED.size).toBeGreaterThan(30);
    for (const code of REPORTED) expect(catalog.has(code), `${code} is reported but not in catalog.md`).toBe(true);
  });

  it("has every HX code that compiler/ mentions at all", () => {
    for (const { file, text } of COMPILER) {
      for (const [code] of text.matchAll(/HX\d{4}/g)) expect(catalog.has(code), `${code} in ${file}`).toBe(true);
    }
  });

  it("lists only codes that the compiler reports, apart from the known exceptions", () => {
    const unreported = [...catalog.keys()].filter((code) => !REPORTED.has(code)).sort();
    expect(unreported).toEqual(Object.keys(NOT_FROM_A_FIXTURE).filter((code) => code !== "HX0208" && code !== "HX0901").sort());
  });

  it("has a diagnostics fixture for every code a fixture can produce", () => {
    const missing = [...catalog.keys()].filter((code) => !EXERCISED.has(code) && !(code in NOT_FROM_A_FIXTURE) && !(code in WRITTEN_AT_RUN_TIME));
    expect(missing, "codes without a fixture under test/compiler/diagnostics/").toEqual([]);
    for (const [code, test] of Object.entries(WRITTEN_AT_RUN_TIME)) {
      expect(readFileSync(join(REPO, test), "utf8"), `${test} writes a fixture for ${code}`).toContain(code);
      expect(EXERCISED.has(code), `${code} now has a fixture folder; remove it from WRITTEN_AT_RUN_TIME`).toBe(false);
    }
    for (const code of Object.keys(NOT_FROM_A_FIXTURE)) expect(EXERCISED.has(code), `${code} now has a fixture; remove it from NOT_FROM_A_FIXTURE`).toBe(false);
  });
});
