/**
 * Diagnostics fixtures: every folder next to this file is a small corpus
 * (`<case>/rules/<ruleset>/…`) with one kind of mistake, and `expected.json`
 * lists the diagnostics the compiler must report for it:
 *
 *   [{ "code": "HX0203", "severity": "error", "file": "rules/t/1/01-test.md",
 *      "line": 16, "column": 30, "message-substring": "…", "hint-substring": "…" }]
 *
 * Diagnostics are compared as a set of (code, file, line, column); the optional
 * substrings are checked against the matching diagnostic's message and hint.
 * `UPDATE=1 npm test` re-records every expected.json (keeping the substrings of
 * entries that still match), so a reviewer reads the change as a diff.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compile, type CompileResult } from "../../../compiler/compile.ts";
import type { Diagnostic } from "../../../compiler/diagnostics/diagnostic.ts";
import { formatDiagnostic } from "../../../compiler/diagnostics/format.ts";

const HERE = dirname(fileURLToPath(import.meta.url));
const UPDATE = Boolean(process.env.UPDATE) && process.env.UPDATE !== "0";

interface Expected {
  code: string;
  severity: "error" | "warning";
  file: string | null;
  line: number | null;
  column: number | null;
  "message-substring"?: string;
  "hint-substring"?: string;
}

const cases = readdirSync(HERE, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(HERE, entry.name, "rules")))
  .map((entry) => entry.name)
  .sort();

const results = new Map<string, Promise<CompileResult>>();
function compileCase(name: string): Promise<CompileResult> {
  let result = results.get(name);
  if (!result) {
    result = compile({ root: join(HERE, name) });
    results.set(name, result);
  }
  return result;
}

function keyOf(d: { code: string; file: string | null; line: number | null; column: number | null }): string {
  return `${d.code} ${d.file ?? "-"}:${d.line ?? "-"}:${d.column ?? "-"}`;
}

function observed(d: Diagnostic): Expected {
  return {
    code: d.code,
    severity: d.severity,
    file: d.place?.file ?? null,
    line: d.place?.start.line ?? null,
    column: d.place?.start.column ?? null,
  };
}

function record(name: string, diagnostics: Diagnostic[]): void {
  const path = join(HERE, name, "expected.json");
  const previous: Expected[] = existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : [];
  const entries = diagnostics.map((d) => {
    const entry = observed(d);
    const kept = previous.find((p) => keyOf(p) === keyOf(entry));
    if (kept?.["message-substring"] && d.message.includes(kept["message-substring"])) entry["message-substring"] = kept["message-substring"];
    if (kept?.["hint-substring"] && d.hint.includes(kept["hint-substring"])) entry["hint-substring"] = kept["hint-substring"];
    return entry;
  });
  writeFileSync(path, `${JSON.stringify(entries, null, 2)}\n`);
}

describe("diagnostics fixtures", () => {
  it("has at least 30 cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  describe.each(cases)("%s", (name) => {
    it("reports exactly the expected diagnostics", async () => {
      const result = await compileCase(name);
      if (UPDATE) record(name, result.diagnostics);
      const expected: Expected[] = JSON.parse(readFileSync(join(HERE, name, "expected.json"), "utf8"));
      expect(expected.length, "a fixture is a malformed document: it must report something").toBeGreaterThan(0);

      const actual = result.diagnostics.map(observed);
      expect(actual.map(keyOf).sort()).toEqual(expected.map(keyOf).sort());
      for (const entry of expected) {
        const match = result.diagnostics.find((d) => keyOf(observed(d)) === keyOf(entry))!;
        expect(match.severity, keyOf(entry)).toBe(entry.severity);
        if (entry["message-substring"]) expect(match.message, keyOf(entry)).toContain(entry["message-substring"]);
        if (entry["hint-substring"]) expect(match.hint, keyOf(entry)).toContain(entry["hint-substring"]);
      }
    });

    // An edition that extends another checks the same chapters again: a mistake there is still one diagnostic.
    it("reports a mistake once per place, not once per edition that reads it", async () => {
      const result = await compileCase(name);
      const seen = result.diagnostics.map((d) => `${keyOf(observed(d))} ${d.message}`);
      expect(seen.filter((key, i) => seen.indexOf(key) !== i)).toEqual([]);
    });

    it("fails the build without output when there are errors", async () => {
      const result = await compileCase(name);
      const errors = result.diagnostics.filter((d) => d.severity === "error");
      expect(result.ok).toBe(errors.length === 0);
      if (errors.length > 0) expect(result.files.size).toBe(0);
    });

    it("formats every diagnostic with a place, a code frame and a hint", async () => {
      const result = await compileCase(name);
      for (const d of result.diagnostics) {
        const text = formatDiagnostic(d, (file) => result.sources.get(file));
        expect(text).toMatch(new RegExp(`^${d.severity}\\[${d.code}\\]: \\S`));
        expect(text).not.toContain("    at ");
        expect(`${d.message}\n${d.hint}`, "every placeholder is filled").not.toMatch(/\{[a-z]+\}/);
        expect(text).toMatch(/\n {3}= hint: \S/);
        if (d.code === "HX0001") continue; // an unreadable file has no line to show
        expect(d.place, `${d.code} has a place`).toBeDefined();
        const place = d.place!;
        expect(text).toContain(`--> ${place.file}:${place.start.line}:${place.start.column}`);
        const sourceLine = result.sources.get(place.file)!.split("\n")[place.start.line - 1];
        const lines = text.split("\n");
        const shown = lines.indexOf(`${place.start.line} | ${sourceLine}`);
        expect(shown, `the source line is shown:\n${text}`).toBeGreaterThan(0);
        const carets = lines[shown + 1];
        expect(carets).toMatch(/^ +\| +\^+$/);
        // The first caret sits under the diagnostic's column.
        const gutter = `${place.start.line} | `.length;
        expect(carets.indexOf("^") - gutter + 1).toBe(place.start.column);
      }
    });
  });
});
