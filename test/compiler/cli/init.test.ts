/**
 * Hexlaw works on any rulebook folder (issue 25.5): the root is the nearest folder
 * from the current one upwards that holds rules/, `hexlaw --version` says which
 * Hexlaw it is, and `hexlaw init <ruleset>/<edition>` starts an edition that builds
 * and tests as it is, reads the common numbering schemes, and overwrites nothing.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findRoot } from "../../../compiler/cli/args.ts";
import { initFiles } from "../../../compiler/cli/init.ts";
import { readTree } from "../../../compiler/generated-files.ts";
import { compile } from "../../../compiler/compile.ts";
import { hexlaw, removeTemp, REPO, tempDir, type Run } from "../../support/repo.ts";

function expectNoStackTrace(run: Run): void {
  expect(run.stdout + run.stderr).not.toMatch(/\n\s+at .+[(:]\d+/);
  expect(run.stderr).not.toContain("internal error");
}

const temps: string[] = [];
function folder(): string {
  const dir = tempDir("hexlaw-init-");
  temps.push(dir);
  return dir;
}
afterAll(() => temps.forEach(removeTemp));

describe("hexlaw --version", () => {
  it("prints Hexlaw's version from its package.json", () => {
    const { version } = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { version: string };
    for (const flag of ["--version", "-v"]) {
      const run = hexlaw([flag]);
      expect(run.status).toBe(0);
      expect(run.stdout).toBe(`hexlaw ${version}\n`);
    }
  });
});

describe("the root", () => {
  it("is the nearest folder from the current one upwards that holds rules/", () => {
    expect(findRoot(REPO)).toBe(REPO.replace(/\/$/, ""));
    expect(findRoot(join(REPO, "rules/ocs/4.3"))).toBe(REPO.replace(/\/$/, ""));
    expect(findRoot(join(REPO, "compiler/cli"))).toBe(REPO.replace(/\/$/, ""));
    expect(findRoot(folder())).toBeNull();
  });

  it("is found from inside a rulebook folder, not taken from where Hexlaw is", () => {
    const root = folder();
    expect(hexlaw(["init", "club/1"], { cwd: root }).status).toBe(0);
    const run = hexlaw(["build"], { cwd: join(root, "rules/club/1") });
    expect(run.status, run.stderr).toBe(0);
    expect(readTree(join(root, "generated")).has("club/1/combat.js")).toBe(true);
  });

  it("is said to be missing in one line, with what to do, where no folder above holds rules/", () => {
    const empty = folder();
    const run = hexlaw(["check"], { cwd: empty });
    expect(run.status).toBe(2);
    expect(run.stderr.split("\n")[0]).toBe(
      `hexlaw: no rules/ folder in ${empty} or any folder above it; start a rulebook here with \`hexlaw init <ruleset>/<edition>\`, or name one with --root <dir>`,
    );
    expectNoStackTrace(run);
  });
});

describe("hexlaw init", () => {
  let root: string;
  let init: Run;
  beforeAll(() => {
    root = folder();
    init = hexlaw(["init", "club/1.0"], { cwd: root });
  });

  it("writes the ruleset's and the edition's metadata and a first chapter, and says what to do next", () => {
    expect(init.status, init.stderr).toBe(0);
    const written = [...readTree(join(root, "rules")).keys()].sort();
    expect(written).toEqual(["club/1.0/01-combat.md", "club/1.0/edition.yaml", "club/ruleset.yaml"]);
    for (const file of written) expect(init.stdout).toContain(`rules/${file}`);
    expect(init.stdout).toContain("npx hexlaw build");
    expect(readFileSync(join(root, "rules/club/1.0/edition.yaml"), "utf8")).toMatch(/^id: "1\.0"$/m);
  });

  it("starts an edition that builds and whose example passes as it is", () => {
    const built = hexlaw(["build"], { cwd: root });
    expect(built.status, built.stderr).toBe(0);
    expect(built.stderr).toBe("");
    const tested = hexlaw(["test"], { cwd: root });
    expect(tested.status, tested.stderr).toBe(0);
    expect(tested.stdout).toMatch(/^1 vector\(s\) passed, 0 failed/);
    const index = JSON.parse(readFileSync(join(root, "generated/club/1.0/index.json"), "utf8"));
    // One rules block, one example, one chart, and a calculator on the chapter's page.
    expect(index.documents).toEqual([expect.objectContaining({ slug: "1-0-combat", calculators: ["combat"] })]);
    expect(index.charts.map((c: { id: string }) => c.id)).toEqual(["combat-results"]);
    expect(index.procedures.map((p: { name: string }) => p.name)).toEqual(["combat"]);
    const check = hexlaw(["check"], { cwd: root });
    expect(check.status, check.stderr).toBe(0);
    expect(check.stderr).toBe("");
  });

  it("overwrites nothing: it writes nothing and says what it would have written", () => {
    const chapter = join(root, "rules/club/1.0/01-combat.md");
    writeFileSync(chapter, "my own chapter\n");
    const before = readTree(join(root, "rules"));
    const run = hexlaw(["init", "club/1.0"], { cwd: root });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("rules/club/1.0/edition.yaml and rules/club/1.0/01-combat.md are there already; init overwrites nothing, so nothing was written.");
    expect(run.stderr).toContain(`In ${root} it would have written:\n  rules/club/ruleset.yaml (there already: kept)\n  rules/club/1.0/edition.yaml (there already)\n  rules/club/1.0/01-combat.md (there already)\n`);
    expect(readTree(join(root, "rules"))).toEqual(before);
    expectNoStackTrace(run);
  });

  it("adds an edition to a ruleset that has one, keeping its ruleset.yaml", () => {
    const ruleset = join(root, "rules/club/ruleset.yaml");
    writeFileSync(ruleset, readFileSync(ruleset, "utf8").replace(/^title: .*$/m, "title: The Club Game"));
    const before = readFileSync(ruleset, "utf8");
    const run = hexlaw(["init", "club/2.0"], { cwd: join(root, "rules") });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("rules/club/ruleset.yaml (there already: kept)");
    expect(readFileSync(ruleset, "utf8")).toBe(before);
    expect(readTree(join(root, "rules/club/2.0")).size).toBe(2);
  });

  it("makes the folder --root names", () => {
    const root = join(folder(), "a/new/rulebook");
    const run = hexlaw(["init", "club/1", "--root", root]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`npx hexlaw build --root `);
    expect(readTree(join(root, "rules")).size).toBe(3);
  });

  it.each([
    [[], "name the edition to start as <ruleset>/<edition>"],
    [["club"], "name the edition to start as <ruleset>/<edition>"],
    [["club/1/2"], "name the edition to start as <ruleset>/<edition>"],
    [["club/.."], "`..` cannot name an edition: it contains `..`"],
    [["Club Game/1"], "`Club Game` cannot name a ruleset: it may hold only letters, digits"],
    [["club/changes"], "`changes` cannot name an edition: the site already has a page"],
  ])("refuses the target %j in one line", (args, message) => {
    const root = folder();
    const run = hexlaw(["init", ...args], { cwd: root });
    expect(run.status).toBe(2);
    expect(run.stderr.split("\n")[0]).toContain(message);
    expect(readTree(root).size).toBe(0);
    expectNoStackTrace(run);
  });
});

describe("the numbering hexlaw init writes", () => {
  it("reads the common schemes: 5.1, 8.1a, 13.A, 12.D.2.a, items 1) and A), and references to them", async () => {
    const root = folder();
    for (const file of initFiles("t", "1")) {
      mkdirSync(join(root, file.path, ".."), { recursive: true });
      writeFileSync(join(root, file.path), file.content);
    }
    writeFileSync(
      join(root, "rules/t/1/02-schemes.md"),
      `---\nruleset: t\nedition: "1"\nsection: "2.0"\ntitle: Schemes\norder: 2\nslug: 2-0-schemes\nprovenance:\n  source: Written for the Hexlaw test suite.\n---\n\n` +
        "# 2.0 Schemes\n\n## 5.1 When to Assault\n\nA heading numbered as 5.1 (see 12.D.2.a).\n\n**8.1a** A lead-in numbered as 8.1a.\n\n" +
        "**9.14b Supply Dump.** A lead-in with a title (per 13.A).\n\n## 13.A General\n\nA lettered case (rule 8.1a).\n\n" +
        "## 12.D.2.a. HEX CLEARED OF DEFENDING UNITS.\n\nA deep case (9.14b), with items:\n\n* **1)** the first item;\n* **2)** the second item.\n\n" +
        "**12.D.2** Its parent, after it.\n\n- A) an item with a letter;\n- b) and one in lower case.\n",
    );
    const result = await compile({ root });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const paragraphs = [...result.editions[0].resolved.paragraphs.keys()];
    expect(paragraphs).toEqual(expect.arrayContaining(["5.1", "8.1a", "9.14b", "13.A", "12.D.2.a", "12.D.2.a(1)", "12.D.2.a(2)", "12.D.2", "12.D.2(A)", "12.D.2(b)"]));
    const resolved = result.editions[0].resolved.references.filter((r) => r.status === "resolved").map((r) => `${r.from}→${r.id}`);
    expect(resolved).toEqual(expect.arrayContaining(["5.1→12.D.2.a", "9.14b→13.A", "13.A→8.1a", "12.D.2.a→9.14b"]));
  });
});
