/**
 * `hexlaw build` as a whole process: a failed build leaves generated/ exactly as
 * it was, and building is deterministic (twice, or from scratch, the same bytes).
 */
import { appendFileSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { compile } from "../../../compiler/compile.ts";
import { BUILD_INPUTS, inputsFingerprint, type BuildInputs } from "../../../compiler/build-inputs.ts";
import { readTree } from "../../../compiler/generated-files.ts";
import { bytesRead, copyCorpus, DEMO, hexlaw, REPO, removeTemp, sparseFile } from "../../support/repo.ts";

const BROKEN = join(REPO, "test/compiler/diagnostics/several-mistakes-at-once");
const roots: string[] = [];
function corpus(fixture: string): string {
  const root = copyCorpus(fixture);
  roots.push(root);
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) removeTemp(root);
});

describe("a failed build", () => {
  it("exits 1, prints the diagnostics and leaves an existing generated/ byte for byte", () => {
    const root = corpus(DEMO);
    expect(hexlaw(["build", "--root", root]).status).toBe(0);
    const before = readTree(join(root, "generated"));
    expect(before.size).toBeGreaterThan(0);

    appendFileSync(join(root, "rules/demo/1.0/01-combat.md"), "\n```rules\nlet broken = odds +\n```\n");
    const run = hexlaw(["build", "--root", root]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("error[HX0201]");
    expect(run.stderr).toContain("--> rules/demo/1.0/01-combat.md:");
    expect(run.stderr).toContain("Build failed; generated/ was not changed.");
    expect(run.stderr).not.toMatch(/\n\s+at .+:\d+/);
    expect(readTree(join(root, "generated"))).toEqual(before);
    expect(readdirSync(root).sort()).toEqual(["generated", "rules"]);
  });

  it("leaves a hand-made generated/ alone when the corpus has type errors", () => {
    const root = corpus(BROKEN);
    mkdirSync(join(root, "generated/t/1"), { recursive: true });
    writeFileSync(join(root, "generated/index.json"), '{ "rulesets": [] }\n');
    writeFileSync(join(root, "generated/t/1/keep.ts"), "// an older engine\n");
    const before = readTree(join(root, "generated"));

    const run = hexlaw(["build", "--root", root]);
    expect(run.status).toBe(1);
    const expected = JSON.parse(readFileSync(join(BROKEN, "expected.json"), "utf8")) as { severity: string }[];
    expect(run.stderr).toContain(`${expected.filter((d) => d.severity === "error").length} error(s), ${expected.filter((d) => d.severity === "warning").length} warning(s)`);
    expect(readTree(join(root, "generated"))).toEqual(before);
  });

  it("does not create generated/ when there was none", () => {
    const root = corpus(BROKEN);
    expect(hexlaw(["build", "--root", root]).status).toBe(1);
    expect(readdirSync(root)).toEqual(["rules"]);
  });
});

describe("a successful build", () => {
  it("gives identical bytes when run twice, and when run from scratch", () => {
    const root = corpus(DEMO);
    const first = hexlaw(["build", "--root", root]);
    expect(first.status, first.stderr).toBe(0);
    const once = readTree(join(root, "generated"));
    expect(first.stdout).toMatch(new RegExp(`^Built 1 engine\\(s\\) in \\d+ ms; ${once.size} file\\(s\\) changed\\.$`, "m"));

    const second = hexlaw(["build", "--root", root]);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain("generated/ is up to date");
    expect(readTree(join(root, "generated"))).toEqual(once);

    rmSync(join(root, "generated"), { recursive: true });
    expect(hexlaw(["build", "--root", root]).status).toBe(0);
    expect(readTree(join(root, "generated"))).toEqual(once);
  });

  it("removes files that the corpus no longer produces", () => {
    const root = corpus(DEMO);
    expect(hexlaw(["build", "--root", root]).status).toBe(0);
    const built = readTree(join(root, "generated"));
    writeFileSync(join(root, "generated/demo/1.0/old-procedure.ts"), "// stale\n");
    expect(hexlaw(["build", "--root", root]).status).toBe(0);
    expect(readTree(join(root, "generated"))).toEqual(built);
  });

  it("writes what compile() returns, and compile() is deterministic", async () => {
    const root = corpus(DEMO);
    const a = await compile({ root });
    const b = await compile({ root });
    expect(a.ok).toBe(true);
    expect([...b.files]).toEqual([...a.files]);
    expect(hexlaw(["build", "--root", root]).status).toBe(0);
    expect(readTree(join(root, "generated"))).toEqual(a.files);
  });

  it("compiles the real corpus to the same bytes twice", async () => {
    const a = await compile({ root: REPO });
    const b = await compile({ root: REPO });
    expect(b.diagnostics).toEqual(a.diagnostics);
    expect([...b.files]).toEqual([...a.files]);
  });

  it("does not depend on where the corpus lives", async () => {
    const root = corpus(DEMO);
    const elsewhere = corpus(DEMO);
    const [a, b] = await Promise.all([compile({ root }), compile({ root: elsewhere })]);
    expect([...b.files]).toEqual([...a.files]);
  });

  it("compiles nothing when generated/ records the inputs it was built from, and again when an input or generated/ changed", () => {
    const root = corpus(DEMO);
    expect(hexlaw(["build", "--root", root]).status).toBe(0);
    const built = readTree(join(root, "generated"));
    const record = JSON.parse(built.get(BUILD_INPUTS)!) as BuildInputs;
    expect(record.inputs).toMatch(/^[0-9a-f]{64}$/);
    const warnings = record.warnings > 0 ? ` It has ${record.warnings} warning\\(s\\): \`hexlaw check\` shows them\\.` : "";
    expect(hexlaw(["build", "--root", root]).stdout).toMatch(new RegExp(`^generated/ is up to date: rules/, the compiler and its dependencies are as it was built from\\.${warnings}$`, "m"));

    // A file of generated/ edited by hand: compiled, and written back.
    const engine = [...built.keys()].find((path) => path.endsWith(".ts") && !path.startsWith("runtime/"))!;
    writeFileSync(join(root, "generated", engine), "// edited by hand\n");
    expect(hexlaw(["build", "--root", root]).stdout).toMatch(/^Built 1 engine\(s\) in \d+ ms; 1 file\(s\) changed\.$/m);
    expect(readTree(join(root, "generated"))).toEqual(built);

    // Any file under rules/ changed, even one the engines do not read: compiled, and the record says so.
    appendFileSync(join(root, "rules/demo/1.0/01-combat.md"), "\nOne more sentence.\n");
    expect(hexlaw(["build", "--root", root]).stdout).toMatch(/^Built 1 engine\(s\) in \d+ ms; \d+ file\(s\) changed\.$/m);
    const rebuilt = JSON.parse(readFileSync(join(root, "generated", BUILD_INPUTS), "utf8")) as BuildInputs;
    expect(rebuilt.inputs).not.toBe(record.inputs);
    expect(hexlaw(["build", "--root", root]).stdout).toContain("generated/ is up to date");
  });

  it("records the inputs as the compiler reads them: the same corpus saved with CRLF or a byte order mark is up to date", () => {
    const root = corpus(DEMO);
    const file = join(root, "rules/demo/1.0/01-combat.md");
    const text = readFileSync(file, "utf8");
    const fingerprint = inputsFingerprint(root);
    writeFileSync(file, `\uFEFF${text.replace(/\n/g, "\r\n")}`);
    expect(inputsFingerprint(root)).toBe(fingerprint);
    writeFileSync(file, text.replace(/\n/g, "\r"));
    expect(inputsFingerprint(root)).toBe(fingerprint);
    writeFileSync(file, `${text} `);
    expect(inputsFingerprint(root)).not.toBe(fingerprint);
  });

  it("never reads a file of rules/ larger than the compiler reads: an unreferenced 1.5 GB file counts by its size, and a link by where it points", () => {
    const root = corpus(DEMO);
    mkdirSync(join(root, "rules/demo/1.0/notes"));
    sparseFile(join(root, "rules/demo/1.0/notes/scan.png"), 1.5 * 2 ** 30);
    const { value: fingerprint, read } = bytesRead(() => inputsFingerprint(root));
    if (read !== null) expect(read).toBeLessThan(64 * 2 ** 20);
    sparseFile(join(root, "rules/demo/1.0/notes/scan.png"), 1.5 * 2 ** 30 + 1);
    expect(inputsFingerprint(root)).not.toBe(fingerprint);
    symlinkSync("/etc", join(root, "rules/demo/1.0/notes/elsewhere"));
    const linked = inputsFingerprint(root);
    expect(linked).not.toBe(fingerprint);
    rmSync(join(root, "rules/demo/1.0/notes/elsewhere"));
    symlinkSync("/usr", join(root, "rules/demo/1.0/notes/elsewhere"));
    expect(inputsFingerprint(root)).not.toBe(linked);
  });

  it("check finds a record of inputs that does not match them", () => {
    const root = corpus(DEMO);
    expect(hexlaw(["build", "--root", root]).status).toBe(0);
    const path = join(root, "generated", BUILD_INPUTS);
    writeFileSync(path, readFileSync(path, "utf8").replace(/"inputs": "[0-9a-f]+"/, `"inputs": "${"0".repeat(64)}"`));
    const run = hexlaw(["check", "--root", root]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`generated/ is out of date: ${BUILD_INPUTS}`);
  });
});
