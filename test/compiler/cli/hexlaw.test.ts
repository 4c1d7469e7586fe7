/**
 * The command line as a user meets it: help for every command, mistakes in how
 * it is called (exit 2, one clear line, never a stack trace), and `explain` on
 * the demo corpus built into a temporary root.
 */
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USAGE } from "../../../compiler/cli/usage.ts";
import { readTree } from "../../../compiler/generated-files.ts";
import { escapeRegExp } from "../../../compiler/regexp.ts";
import { CLI, copyCorpus, DEMO, hexlaw, removeTemp, REPO, type Run } from "../../support/repo.ts";

const COMMANDS = ["build", "check", "test", "explain", "diff", "init", "pack"];
const ENGINE = "demo/1.0/attack";
const SITUATION = { attackers: [{ strength: 6 }, { strength: 4 }], defense: 5 };

function expectNoStackTrace(run: Run): void {
  expect(run.stdout + run.stderr).not.toMatch(/\n\s+at .+[(:]\d+/);
  expect(run.stderr).not.toContain("internal error");
}

function expectUsageError(run: Run, message: string | RegExp): void {
  expect(run.status).toBe(2);
  expect(run.stderr).toMatch(typeof message === "string" ? new RegExp(escapeRegExp(message)) : message);
  expect(run.stderr).toMatch(/^hexlaw: /m);
  expectNoStackTrace(run);
}

describe("hexlaw --help", () => {
  it("prints the overview and exits 0", () => {
    const run = hexlaw(["--help"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Usage: hexlaw <command>");
    for (const command of COMMANDS) expect(run.stdout).toMatch(new RegExp(`^  ${command} `, "m"));
  });

  it("prints the overview and exits 2 when no command is given", () => {
    const run = hexlaw([]);
    expect(run.status).toBe(2);
    expect(run.stdout).toContain("Usage: hexlaw <command>");
  });

  it.each(COMMANDS)("hexlaw %s --help prints the command's own usage", (command) => {
    const run = hexlaw([command, "--help"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`Usage: hexlaw ${command}`);
    expect(run.stdout.trim()).toBe(USAGE[command]);
    expect(run.stderr).toBe("");
  });
});

describe("mistakes in how hexlaw is called", () => {
  it("an unknown command exits 2 and lists the commands", () => {
    const run = hexlaw(["frobnicate"]);
    expectUsageError(run, "unknown command `frobnicate`");
    for (const command of COMMANDS) expect(run.stderr).toContain(command);
  });

  it("an unknown option exits 2 and names it", () => {
    expectUsageError(hexlaw(["build", "--frobnicate"]), "unknown option --frobnicate");
    expectUsageError(hexlaw(["explain", ENGINE, "--verbose"]), "unknown option --verbose");
  });

  it("an option without its value exits 2", () => {
    expectUsageError(hexlaw(["check", "--root"]), "--root needs a value");
  });

  it("a root without rules/ exits 2", () => {
    expectUsageError(hexlaw(["check", "--root", "/nonexistent/hexlaw-root"]), "has no rules/ folder");
  });
});

describe("hexlaw explain", () => {
  let root: string;
  beforeAll(() => {
    root = copyCorpus(DEMO);
    const built = hexlaw(["build", "--root", root]);
    expect(built.status, built.stderr).toBe(0);
  });
  afterAll(() => removeTemp(root));

  const explain = (...args: string[]) => hexlaw(["explain", ...args, "--root", root]);

  it("rejects input that is not JSON", () => {
    expectUsageError(explain(ENGINE, "--input", "{attackers: [}"), "--input is not valid JSON");
  });

  it("rejects dice that are not JSON", () => {
    expectUsageError(explain(ENGINE, "--input", JSON.stringify(SITUATION), "--dice", "{combat_roll: 8"), "--dice is not valid JSON");
  });

  it("reports an input file it cannot read", () => {
    expectUsageError(explain(ENGINE, "--input", "@/nonexistent/situation.json"), "--input: cannot read /nonexistent/situation.json (ENOENT)");
  });

  it("reports an engine that does not exist", () => {
    expectUsageError(explain("demo/1.0/ambush", "--input", "{}"), "there is no engine demo/1.0/ambush");
  });

  it("reports an engine name of the wrong shape", () => {
    expectUsageError(explain("attack", "--input", "{}"), "<ruleset>/<edition>/<procedure>");
  });

  it("requires --input", () => {
    expectUsageError(explain(ENGINE), "--input is required");
  });

  it("lists what is wrong with valid JSON that is not a valid input, by path", () => {
    const run = explain(ENGINE, "--input", JSON.stringify({ attackers: [{ strength: "six" }], defense: 99 }), "--dice", '{"combat_roll": 13}');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`The input is not valid for ${ENGINE}`);
    expect(run.stderr).toMatch(/input\.attackers\[0\]\.strength: .*must be a number/);
    expect(run.stderr).toMatch(/input\.defense: .*at most 20/);
    expect(run.stderr).toMatch(/dice\.combat_roll: .*from 2 to 12/);
    expectNoStackTrace(run);
  });

  it("explains a situation as text, with the outputs and the trace", () => {
    const run = explain(ENGINE, "--input", JSON.stringify(SITUATION), "--dice", '{"combat_roll": 8}');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("Allowed.");
    expect(run.stdout).toMatch(/Odds: 2:1 \(1\.1a\)/);
    expect(run.stdout).toMatch(/Result: Ao1 DL1o1 \(1\.2a\)/);
    expect(run.stdout).toContain("Trace:");
  });

  it("gives a per-unit output unit by unit", () => {
    const overrun = { attackers: [{ strength: 4, ar: 5, terrain_effect: 1 }, { strength: 2, ar: 3, terrain_effect: 1 }], defenders: [{ strength: 1, ar: 0, terrain_effect: 1 }], terrain: "open", entry_cost: 1, stack_mp_left: 8, attacker_supply: 4 };
    const run = hexlaw(["explain", "ocs/4.3/overrun", "--input", JSON.stringify(overrun)]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Attack strength: 4, 2 \(9\.4\)/);
  });

  it("cites the exception that decided an output, as the trace does", () => {
    // Both sides at zero strength: 9.14a's exception decides the odds, not 9.7's rule.
    const vectors = JSON.parse(readFileSync(join(REPO, "generated/ocs/4.3/ground_combat.vectors.json"), "utf8")) as { vectors: { title: string; input: unknown; dice: unknown }[] };
    const zero = vectors.vectors.find((v) => v.title.includes("9.14a") && v.title.includes("zero strength"));
    expect(zero).toBeDefined();
    const run = hexlaw(["explain", "ocs/4.3/ground_combat", "--input", JSON.stringify(zero!.input), "--dice", JSON.stringify(zero!.dice)]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^ {2}Odds: 1:1 \(9\.14a\)$/m);
    expect(run.stdout).toMatch(/odds = 1:1 +“[^”]+”/);
  });

  it("prints the resolution as JSON with --json, reading the input from a file", () => {
    const file = join(root, "situation.json");
    writeFileSync(file, JSON.stringify(SITUATION));
    const run = explain(ENGINE, "--input", `@${file}`, "--dice", '{"combat_roll": 8}', "--json");
    expect(run.status, run.stderr).toBe(0);
    const resolution = JSON.parse(run.stdout);
    expect(resolution.allowed).toBe(true);
    expect(resolution.violations).toEqual([]);
    expect(resolution.outputs).toMatchObject({ attack_total: 10, odds: "2:1", column: 3, defender_steps: 1 });
    expect(resolution.outputs.result).toMatchObject({ text: "Ao1 DL1o1", defender_loss: 1 });
    expect(resolution.trace.map((step: { name: string }) => step.name)).toContain("combat_roll");
    for (const step of resolution.trace) expect(step.paragraph).toMatch(/^1\.\d/);
  });

  it("prints input errors as JSON with --json", () => {
    const run = explain(ENGINE, "--input", "{}", "--json");
    expect(run.status).toBe(2);
    const { errors } = JSON.parse(run.stdout);
    expect(errors).toContainEqual(expect.objectContaining({ path: "input.attackers" }));
  });

  it("reports a violated requirement without rolling", () => {
    const run = explain(ENGINE, "--input", JSON.stringify({ ...SITUATION, mp_left: 1 }), "--json");
    expect(run.status).toBe(0);
    const resolution = JSON.parse(run.stdout);
    expect(resolution.allowed).toBe(false);
    expect(resolution.violations).toEqual([expect.objectContaining({ name: "enough_mp", paragraph: "1.1a" })]);
  });
});

describe("hexlaw check and hexlaw test on a built corpus", () => {
  let root: string;
  beforeAll(() => {
    root = copyCorpus(DEMO);
    expect(hexlaw(["build", "--root", root]).status).toBe(0);
  });
  afterAll(() => removeTemp(root));

  it("check exits 0 when generated/ is up to date", () => {
    const run = hexlaw(["check", "--root", root]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("generated/ is up to date");
  });

  it("test runs every vector", () => {
    const run = hexlaw(["test", "--root", root]);
    expect(run.status, run.stderr).toBe(0);
    const vectors = [...readTree(join(root, "generated"))].filter(([path]) => path.endsWith(".vectors.json")).flatMap(([, text]) => JSON.parse(text).vectors);
    expect(vectors.length).toBeGreaterThan(0);
    expect(run.stdout).toContain(`${vectors.length} vector(s) passed, 0 failed`);
  });

  it("check exits 1 with HX0902 when generated/ is stale", () => {
    writeFileSync(join(root, "generated/demo/1.0/index.json"), "{}\n");
    const run = hexlaw(["check", "--root", root]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("error[HX0902]: generated/ is out of date: demo/1.0/index.json.");
    expectNoStackTrace(run);
  });
});

describe("hexlaw diff", () => {
  it("needs a ruleset and two of its editions", () => {
    expectUsageError(hexlaw(["diff", "europa"]), "give a ruleset and two of its editions");
    expectUsageError(hexlaw(["diff", "europa", "second-front", "third-reich"]), "europa has no edition `third-reich`; its editions: later, second-front");
    expectUsageError(hexlaw(["diff", "chess", "1", "2"]), "there is no ruleset `chess`");
    expectUsageError(hexlaw(["diff", "europa", "second-front", "later", "--samples", "many"]), "--samples must be a whole number");
  });

  it("reports the changes between two editions as JSON, exit 1 when answers differ", () => {
    const run = hexlaw(["diff", "europa", "second-front", "later", "--json", "--samples", "20"]);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ ruleset: "europa", from: "second-front", to: "later", behaviourChanged: true });
    expect(run.status).toBe(1);
    expect(Array.isArray(report.text)).toBe(true);
    expectNoStackTrace(run);
  });

  it("on the default sample gives the report the build published", () => {
    const run = hexlaw(["diff", "europa", "second-front", "later", "--json"]);
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual(JSON.parse(readFileSync(join(REPO, "generated/europa/later/changes-from-second-front.json"), "utf8")));
  });

  it("stops quietly when the reader closes the pipe early (`| head`)", async () => {
    const child = spawn(process.execPath, [CLI, "diff", "europa", "second-front", "later", "--json", "--samples", "20"], { cwd: REPO, env: { ...process.env, NO_COLOR: "1" } });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.stdout.once("data", () => child.stdout.destroy());
    const status = await new Promise<number | null>((done) => child.on("close", (code) => done(code)));
    expect(stderr).not.toMatch(/\n\s+at .+[(:]\d+/);
    expect(stderr).not.toContain("EPIPE");
    expect([0, 1]).toContain(status);
  });
});
