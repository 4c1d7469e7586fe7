/**
 * The CLI refuses misuse clearly (issue 8.8): options are read by Node's parseArgs
 * and every mistake is one line and exit code 2; `--samples` and `--seed` have upper
 * bounds; `--input @file` reads only a regular file of bounded size (never /dev/zero
 * forever, never a FIFO's writer awaited).
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_JSON_FILE, MAX_SAMPLES, MAX_SEED, parseArgs, readJsonArgument, UsageError, wholeNumberFlag } from "../../../compiler/cli/args.ts";
import { propertyOptions } from "../../support/arbitraries.ts";
import { hexlaw, removeTemp, tempDir, type Run } from "../../support/repo.ts";

function expectOneLineUsageError(run: Run, message: string): void {
  expect(run.status, run.stderr).toBe(2);
  expect(run.stderr.split("\n")[0]).toBe(`hexlaw: ${message}`);
  expect(run.stderr).not.toMatch(/\n\s+at .+[(:]\d+/);
  expect(run.stderr).not.toContain("internal error");
}

describe("parseArgs", () => {
  it("reads values, flags, --name=value and positionals in any order", () => {
    const parsed = parseArgs(["ocs", "--samples", "20", "--json", "4.3", "--seed=7", "later"], ["samples", "seed"], ["json"]);
    expect(parsed.positionals).toEqual(["ocs", "4.3", "later"]);
    expect(Object.fromEntries(parsed.flags)).toEqual({ samples: "20", json: true, seed: "7" });
  });

  it("knows --help and -h for every command", () => {
    expect(parseArgs(["-h"], [], []).flags.get("help")).toBe(true);
    expect(parseArgs(["--help"], ["root"], []).flags.get("help")).toBe(true);
  });

  it("says what is wrong in one line", () => {
    const mistake = (argv: string[]) => {
      try {
        parseArgs(argv, ["root", "samples"], ["json"]);
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message;
      }
      return "accepted";
    };
    expect(mistake(["--frobnicate"])).toBe("unknown option --frobnicate");
    expect(mistake(["-x"])).toBe("unknown option -x");
    expect(mistake(["--root"])).toBe("--root needs a value");
    expect(mistake(["--samples", "-5"])).toMatch(/^--samples needs a value \(write --samples=<value>/);
    expect(mistake(["--json=yes"])).toBe("--json takes no value");
  });

  it("never throws anything but a UsageError, whatever the arguments", () => {
    const arg = fc.oneof(fc.constantFrom("--root", "--samples", "--json", "-h", "--", "-", "--=", "--json=", "---x"), fc.string());
    fc.assert(
      fc.property(fc.array(arg, { maxLength: 6 }), (argv) => {
        try {
          parseArgs(argv, ["root", "samples"], ["json"]);
        } catch (error) {
          expect(error).toBeInstanceOf(UsageError);
          expect((error as Error).message).not.toContain("\n");
        }
      }),
      propertyOptions(300),
    );
  });
});

describe("whole-number options", () => {
  const flag = (value: string, max?: number) => wholeNumberFlag({ positionals: [], flags: new Map([["samples", value]]) }, "samples", 200, max);

  it("accept whole numbers up to their bound and nothing else", () => {
    expect(flag("0")).toBe(0);
    expect(flag(String(MAX_SAMPLES), MAX_SAMPLES)).toBe(MAX_SAMPLES);
    for (const bad of ["1e3", "0x10", "-1", "2.5", " 7", "", "Infinity", "9".repeat(30)]) expect(() => flag(bad, MAX_SAMPLES), bad).toThrow(UsageError);
    expect(() => flag(String(MAX_SAMPLES + 1), MAX_SAMPLES)).toThrow(`--samples must be at most ${MAX_SAMPLES}`);
  });
});

describe("hexlaw diff --samples and --seed", () => {
  it("refuses a sample too large to finish with a clear line (1e15 was an internal error)", () => {
    expectOneLineUsageError(hexlaw(["diff", "europa", "second-front", "later", "--samples", "1000000000000000"]), `--samples must be at most ${MAX_SAMPLES}, not 1000000000000000`);
    expectOneLineUsageError(hexlaw(["diff", "europa", "second-front", "later", "--samples", "1e15"]), "--samples must be a whole number (such as 200)");
    expectOneLineUsageError(hexlaw(["diff", "europa", "second-front", "later", "--seed", String(MAX_SEED + 1)]), `--seed must be at most ${MAX_SEED}, not ${MAX_SEED + 1}`);
  });

  it("hexlaw mutate has the same bounds", () => {
    expectOneLineUsageError(hexlaw(["mutate", "--samples", String(MAX_SAMPLES + 1)]), `--samples must be at most ${MAX_SAMPLES}, not ${MAX_SAMPLES + 1}`);
  });
});

describe("hexlaw explain --input @file", () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir("hexlaw-args-");
  });
  afterAll(() => removeTemp(dir));
  const explain = (input: string) => hexlaw(["explain", "ocs/4.3/overrun", "--input", input], { timeout: 30_000 });

  it("refuses a device instead of reading it forever", () => {
    expectOneLineUsageError(explain("@/dev/zero"), "--input: cannot read /dev/zero (not a regular file)");
    expectOneLineUsageError(explain("/dev/zero"), "--input: cannot read /dev/zero (not a regular file)");
  });

  it("refuses a FIFO instead of waiting for a writer, and a folder", () => {
    const fifo = join(dir, "situation.fifo");
    execFileSync("mkfifo", [fifo]);
    expectOneLineUsageError(explain(`@${fifo}`), `--input: cannot read ${fifo} (not a regular file)`);
    expectOneLineUsageError(explain(`@${dir}`), `--input: cannot read ${dir} (not a regular file)`);
  });

  it("refuses a file larger than the limit, and reads one within it", () => {
    const big = join(dir, "big.json");
    const text = `[${"0,".repeat(MAX_JSON_FILE / 2)}0]`;
    writeFileSync(big, text);
    expectOneLineUsageError(explain(`@${big}`), `--input: cannot read ${big} (${text.length} bytes, more than the ${MAX_JSON_FILE} an input file may have)`);
    const small = join(dir, "small.json");
    writeFileSync(small, '{"a": [1, 2]}');
    expect(readJsonArgument("input", `@${small}`)).toEqual({ a: [1, 2] });
  });
});
