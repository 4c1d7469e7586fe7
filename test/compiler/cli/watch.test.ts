/**
 * `hexlaw build --watch` stays small and right: hundreds of rebuilds do not grow
 * it, edits to grammar/ are compiled, and generated/ is compared as it is on disk.
 * Each test drives the watcher's own rebuild (compiler/cli/watch.ts).
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { startWatching } from "../../../compiler/cli/watch.ts";
import { readTree } from "../../../compiler/generated-files.ts";
import { copyCorpus, DEMO, REPO, removeTemp, tempDir } from "../../support/repo.ts";

const DRIVER = join(REPO, "test/support/watch-driver.ts");
const CHAPTER = "rules/demo/1.0/01-combat.md";
const MB = 1024 * 1024;

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) removeTemp(root);
});
function corpus(): string {
  const root = copyCorpus(DEMO);
  roots.push(root);
  return root;
}

describe("memory", () => {
  it("300 edits, each a new engine to load and verify: the resident size after the last is within 50 MB of that after the 50th", () => {
    const root = corpus();
    // A fixed young generation: V8 otherwise grows it (empty) as it sees fit, which is not what is measured.
    const run = spawnSync(process.execPath, ["--expose-gc", "--max-semi-space-size=16", DRIVER, join(REPO, "compiler"), root, "edits", CHAPTER, "300", "50", "300"], {
      encoding: "utf8",
      timeout: 600_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const rebuilt = run.stdout.split("\n").filter((line) => /edit \d+: engines changed: demo\/1\.0\/attack\.ts/.test(line));
    expect(rebuilt).toHaveLength(300);
    const { rss } = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as { rss: Record<string, number> };
    const growth = rss[300] - rss[50];
    expect(growth, `RSS ${Math.round(rss[50] / MB)} MB after edit 50, ${Math.round(rss[300] / MB)} MB after edit 300`).toBeLessThan(50 * MB);
  });
});

describe("generated/ as it is on disk", () => {
  it("a file deleted or edited behind the watcher's back is written again on the next rebuild", async () => {
    const root = corpus();
    const watcher = await startWatching(root, { files: false });
    try {
      const generated = join(root, "generated");
      const built = readTree(generated);
      const [deleted, edited] = [...built.keys()].filter((path) => path.startsWith("demo/"));
      rmSync(join(generated, deleted));
      writeFileSync(join(generated, edited), "edited by hand\n");
      await watcher.rebuild("a rebuild with no edit under rules/");
      expect(readTree(generated)).toEqual(built);
    } finally {
      watcher.close();
    }
  });
});

describe("saved files", () => {
  it("every save is seen, also by an editor that writes a new file and renames it over the old one", async () => {
    const root = corpus();
    const watcher = await startWatching(root);
    try {
      const chapter = join(root, CHAPTER);
      const index = join(root, "generated/demo/1.0/index.json");
      for (const title of ["Assault", "Onslaught", "Storm"]) {
        writeFileSync(`${chapter}.swp`, readFileSync(chapter, "utf8").replace(/procedure attack "[^"]*"/, `procedure attack "${title}"`));
        renameSync(`${chapter}.swp`, chapter);
        const started = performance.now();
        while (!readFileSync(index, "utf8").includes(`"${title}"`)) {
          expect(performance.now() - started, `the save titled ${title} was not rebuilt`).toBeLessThan(30_000);
          await new Promise((done) => setTimeout(done, 50));
        }
      }
    } finally {
      watcher.close();
    }
  });
});

/** A copy of the compiler and its grammars, so a test can edit grammar/ without touching the repository's. */
function compilerCopy(): string {
  const dir = tempDir("hexlaw-compiler-");
  roots.push(dir);
  for (const part of ["compiler", "grammar", "package.json"]) cpSync(join(REPO, part), join(dir, part), { recursive: true });
  symlinkSync(join(REPO, "node_modules"), join(dir, "node_modules"));
  return dir;
}

/** A watcher in a child process over `root`, built with the compiler in `copy`; `rebuild()` returns what that rebuild printed. */
async function watcherProcess(copy: string, root: string) {
  const child = spawn(process.execPath, [DRIVER, join(copy, "compiler"), root, "serve"], { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" } });
  let printed = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (printed += chunk));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const until = async (marker: string) => {
    for (let line = await lines.next(); !line.done; line = await lines.next()) {
      if (line.value === marker) return;
      printed += `${line.value}\n`;
    }
    throw new Error(`the watcher stopped: ${printed}`);
  };
  await until("ready");
  return {
    async rebuild(): Promise<string> {
      printed = "";
      child.stdin.write("rebuild\n");
      await until("rebuilt");
      return printed;
    },
    stop: () => child.kill(),
  };
}

describe("grammar/", () => {
  it("an edit to a grammar is compiled into the next rebuild, and so is undoing it", async () => {
    const copy = compilerCopy();
    const root = corpus();
    const watcher = await watcherProcess(copy, root);
    try {
      const edit = async (grammar: string, from: string, to: string) => {
        const file = join(copy, "grammar", grammar);
        const text = readFileSync(file, "utf8");
        expect(text).toContain(from);
        writeFileSync(file, text.replace(from, to));
        return () => writeFileSync(file, text);
      };
      // A notation grammar: its cells now read one more defender step lost, so the worked example fails.
      let undo = await edit("ocs-combat-result.peggy", "defender_loss: defender?.loss ?? 0,", "defender_loss: (defender?.loss ?? 0) + 1,");
      expect(await watcher.rebuild()).toMatch(/error\[HX0506\]: Example `Two units attack in the open` does not hold: the rules give defender_steps = 2/);
      undo();
      expect(await watcher.rebuild()).toMatch(/rebuild: nothing changed/);
      // The rules language itself: `require` is no longer a statement, so the chapter does not parse.
      undo = await edit("rules.peggy", '"require" __ name', '"demand" __ name');
      expect(await watcher.rebuild()).toMatch(/error\[HX0201\]/);
      undo();
      expect(await watcher.rebuild()).toMatch(/rebuild: nothing changed/);
      expect(existsSync(join(root, "generated", "demo/1.0/attack.ts"))).toBe(true);
    } finally {
      watcher.stop();
    }
  });
});
