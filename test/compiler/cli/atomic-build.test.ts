/**
 * generated/ is replaced as a whole: a build is killed (SIGKILL) at random steps
 * of its write phase, and generated/ is then always the old tree or the new one,
 * byte for byte; the next build removes what the killed one left behind.
 *
 * The write phase announces its steps and stops at a chosen one when
 * HEXLAW_TEST_WRITE_STEPS is set (compiler/generated-files.ts), so each kill lands
 * exactly there. Most kills are of the write phase alone (test/support/write-phase.ts,
 * the function `hexlaw build` runs after compiling), so that they need no compile;
 * the others are of `hexlaw build` itself, which goes through the same steps.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../../../compiler/compile.ts";
import { readTree, recoverTree } from "../../../compiler/generated-files.ts";
import { CLI, copyCorpus, DEMO, hexlaw, REPO, removeTemp } from "../../support/repo.ts";

const KILLS = 24;
const CHAPTER = "rules/demo/1.0/01-combat.md";
/** The edit between the old tree and the new: a procedure renamed, so files are added, removed and changed. */
const edit = (text: string) => text.replace(/procedure attack\b/g, "procedure assault");

const roots: string[] = [];
let older: Map<string, string>;
let newer: Map<string, string>;
/** The write steps of a build from the old tree to the new, in order. */
let steps: string[];

function writeTree(dir: string, files: Map<string, string>): void {
  rmSync(dir, { recursive: true, force: true });
  for (const [path, content] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
}

/**
 * A corpus whose generated/ is the old tree and whose chapter is edited, ready for a
 * build to the new tree (and, for the write phase alone, the new tree beside it).
 */
function prepared(): string {
  const root = copyCorpus(DEMO);
  roots.push(root);
  writeTree(join(root, "generated"), older);
  writeFileSync(join(root, CHAPTER), edit(readFileSync(join(DEMO, CHAPTER), "utf8")));
  writeFileSync(join(root, "new-tree.json"), JSON.stringify([...newer]));
  return root;
}

const WRITE_PHASE = join(REPO, "test/support/write-phase.ts");

/**
 * Runs `hexlaw build` (or, with `phaseOnly`, its write phase alone) with the
 * write-step hook; with `killAt`, kills it once it stops there.
 */
function build(root: string, killAt = -1, phaseOnly = false): Promise<{ steps: string[]; signal: NodeJS.Signals | null; code: number | null }> {
  return new Promise((done, fail) => {
    const args = phaseOnly ? [WRITE_PHASE, join(root, "generated"), join(root, "new-tree.json")] : [CLI, "build", "--root", root];
    const child = spawn(process.execPath, args, { env: { ...process.env, HEXLAW_TEST_WRITE_STEPS: String(killAt) }, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    const limit = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
      if (killAt >= 0 && stderr.includes(`write step ${killAt}:`)) child.kill("SIGKILL");
    });
    child.on("error", fail);
    child.on("close", (code, signal) => {
      clearTimeout(limit);
      done({ steps: [...stderr.matchAll(/^write step \d+: (.*)$/gm)].map((m) => m[1]), signal, code });
    });
  });
}

/** A seeded choice of steps (HEXLAW_FC_SEED explores others), always with the first, the last and the one between the two renames. */
function killPoints(count: number, total: number, window: number): number[] {
  let seed = Number(process.env.HEXLAW_FC_SEED ?? 20240601) >>> 0;
  const next = () => ((seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32);
  const points = [0, total - 1, window];
  while (points.length < count) points.push(Math.floor(next() * total));
  return points;
}

beforeAll(async () => {
  const root = copyCorpus(DEMO);
  roots.push(root);
  older = (await compile({ root })).files;
  writeFileSync(join(root, CHAPTER), edit(readFileSync(join(root, CHAPTER), "utf8")));
  const result = await compile({ root });
  expect(result.ok).toBe(true);
  newer = result.files;
  // A whole build from the old tree to the new, to learn its steps; the write phase alone takes the same.
  const traced = prepared();
  const run = await build(traced);
  expect(run.code).toBe(0);
  steps = run.steps;
  expect(readTree(join(traced, "generated"))).toEqual(newer);
  const alone = prepared();
  expect((await build(alone, -1, true)).steps).toEqual(steps);
  expect(readTree(join(alone, "generated"))).toEqual(newer);
});

afterAll(() => {
  for (const root of roots) removeTemp(root);
});

describe("a build killed while it writes generated/", () => {
  it("the trees differ in added, removed and changed files, and the build has a step for each file", () => {
    expect([...older.keys()].some((path) => !newer.has(path))).toBe(true);
    expect([...newer.keys()].some((path) => !older.has(path))).toBe(true);
    expect([...newer].some(([path, content]) => older.has(path) && older.get(path) !== content)).toBe(true);
    expect(steps.filter((step) => step.startsWith("file ")).length).toBe(newer.size);
  });

  it(`leaves the old tree or the new one, byte for byte, at any of ${KILLS} random steps`, async () => {
    const window = steps.indexOf("old tree set aside");
    expect(window).toBeGreaterThan(0);
    const points = killPoints(KILLS, steps.length, window);
    const outcomes: string[] = [];
    // Two at a time, each kill in its own corpus; every fourth kill is of `hexlaw build` itself.
    for (let i = 0; i < points.length; i += 2) {
      await Promise.all(points.slice(i, i + 2).map(async (step, j) => {
        const root = prepared();
        const run = await build(root, step, (i + j) % 4 !== 0);
        expect(run.signal, `killed at step ${step} (${steps[step]})`).toBe("SIGKILL");
        const generated = join(root, "generated");
        const leftovers = readdirSync(root).filter((name) => name.startsWith("generated."));
        if (step === window) {
          // The one moment with no generated/ (between two renames): the old tree waits beside it.
          expect(existsSync(generated)).toBe(false);
          expect(readTree(join(root, leftovers.find((name) => name.startsWith("generated.old-"))!))).toEqual(older);
        } else {
          const tree = readTree(generated);
          expect(tree.size, `step ${step} (${steps[step]})`).toBeGreaterThan(0);
          expect([older, newer], `step ${step} (${steps[step]}): neither the old tree nor the new`).toContainEqual(tree);
        }
        // What the next build does first: the old tree back if it was set aside, every leftover gone.
        recoverTree(generated);
        const after = readTree(generated);
        expect([older, newer]).toContainEqual(after);
        expect(readdirSync(root).sort()).toEqual(["generated", "new-tree.json", "rules"]);
        outcomes.push(`${step}:${JSON.stringify([...after]) === JSON.stringify([...older]) ? "old" : "new"}`);
      }));
    }
    expect(outcomes).toHaveLength(KILLS);
    // The kills landed on both sides of the swap.
    expect(outcomes.some((o) => o.endsWith("old"))).toBe(true);
    expect(outcomes.some((o) => o.endsWith("new"))).toBe(true);
  });

  it("the next build finishes the job and leaves nothing behind", async () => {
    const root = prepared();
    expect((await build(root, steps.indexOf("old tree set aside"))).signal).toBe("SIGKILL");
    const run = hexlaw(["build", "--root", root]);
    expect(run.status).toBe(0);
    expect(readTree(join(root, "generated"))).toEqual(newer);
    expect(readdirSync(root).sort()).toEqual(["generated", "new-tree.json", "rules"]);
  });
});
