/**
 * hexlaw import against a hostile source (issue 23): a slug that is a path, a page
 * that is a link out of the source, files too large to read, a git tree with a
 * submodule or a huge blob named like a page, an edition folder with links in it.
 * Each is refused with one line naming the file (exit 1), and nothing is written:
 * rules/ and the repository around it are byte for byte as they were. Pages built to
 * make a regular expression backtrack import in linear time.
 */
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_SOURCE_BYTES } from "../../../compiler/1-read/read-source.ts";
import { importPages } from "../../../compiler/import/import-pages.ts";
import { SourceError } from "../../../compiler/import/read-pages.ts";
import { bytesRead, CLI, hexlaw, REPO, removeTemp, sparseFile, tempDir } from "../../support/repo.ts";

const FIXTURE = join(REPO, "test/fixtures/hugo");
const PAGES = "content/rules/demo-rules";
const EDITION = "rules/demo-hugo/1.0";
const temps: string[] = [];
afterAll(() => temps.forEach(removeTemp));

function temp(prefix: string): string {
  const dir = tempDir(prefix);
  temps.push(dir);
  return dir;
}

/** A repository root with the fixture's empty edition, and a README the slug `../../../README` would reach. */
function target(): string {
  const root = temp("hexlaw-hostile-root-");
  cpSync(join(FIXTURE, "target/rules"), join(root, "rules"), { recursive: true });
  writeFileSync(join(root, "README.md"), "The repository's own README.\n");
  return root;
}

/** The fixture's Hugo site (v1), with `edit` applied to its pages folder. */
function source(edit: (pages: string) => void, version = "v1"): string {
  const dir = temp("hexlaw-hostile-source-");
  cpSync(join(FIXTURE, version), dir, { recursive: true });
  edit(join(dir, PAGES));
  return dir;
}

/** A page of the source with this front matter and body. */
const page = (front: string, body = "Some text.\n") => `---\n${front}\n---\n${body}`;

/** Every entry under a folder, with its content (a file's bytes, a link's target): what "nothing written" is checked against. */
function snapshot(dir: string, entries = new Map<string, string>(), under = ""): Map<string, string> {
  for (const name of readdirSync(join(dir, under)).sort()) {
    const path = join(dir, under, name);
    const stat = lstatSync(path);
    const key = join(under, name);
    if (stat.isDirectory()) snapshot(dir, entries.set(key, "folder"), key);
    else entries.set(key, stat.isSymbolicLink() ? `-> ${readlinkSync(path)}` : readFileSync(path, "latin1"));
  }
  return entries;
}

/** Imports `from` into `root` and returns the SourceError it must fail with, having checked that nothing changed. */
function refused(root: string, from: string): SourceError {
  const before = snapshot(root);
  let failure: unknown;
  try {
    importPages({ root, ruleset: "demo-hugo", edition: "1.0", source: from });
  } catch (error) {
    failure = error;
  }
  expect(snapshot(root), "nothing was written").toEqual(before);
  expect(failure).toBeInstanceOf(SourceError);
  const error = failure as SourceError;
  expect(error.argument, "a failed import (exit 1), not a usage mistake").toBe(false);
  expect(error.message).not.toContain("\n");
  return error;
}

describe("a slug is a name, never a path", () => {
  it.each([
    ["a slug that climbs out of rules/", 'title: "9.0 Evil"\nslug: "../../../README"', "../../../README"],
    ["a numbered title with a slug that climbs", 'title: "9.0 Evil"\nslug: "9-0-../../../../../X"', "9-0-../../../../../X"],
    ["an absolute slug", 'title: "9.0 Evil"\nslug: "/tmp/hexlaw-absolute-slug"', "/tmp/hexlaw-absolute-slug"],
    ["a slug with a terminal escape", 'title: "9.0 Evil"\nslug: "esc-\\e[2J"', "esc-\u001b[2J"],
  ])("%s is refused and nothing is written", (_, front, slug) => {
    const root = target();
    const error = refused(root, source((pages) => writeFileSync(join(pages, "9-0-evil.md"), page(front))));
    expect(error.message).toContain(`9-0-evil.md: its slug \`${slug}\` cannot name a document`);
    expect(readFileSync(join(root, "README.md"), "utf8")).toBe("The repository's own README.\n");
    expect(existsSync("/tmp/hexlaw-absolute-slug.md")).toBe(false);
  });

  it("a file name with a terminal escape (the slug when there is none) is refused, and the command line shows it escaped", () => {
    const root = target();
    const from = source((pages) => writeFileSync(join(pages, "esc-\u001b[2J.md"), page('title: "9.0 Evil"')));
    refused(root, from);
    const run = hexlaw(["import", from, "demo-hugo/1.0", "--root", root]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("esc-\\u001b[2J.md: its slug `esc-\\u001b[2J` cannot name a document");
    expect(run.stderr).not.toContain("\u001b");
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stdout).toBe("");
  });

  it("two pages that would be written to one file are refused", () => {
    const error = refused(
      target(),
      source((pages) => {
        writeFileSync(join(pages, "8-0-overrun.md"), page('title: "8.0 Overrun"'));
        writeFileSync(join(pages, "8-1-overrun.md"), page('title: "8.1 Overrun"'));
      }),
    );
    expect(error.message).toContain(`would both be written to ${EDITION}/08-overrun.md`);
  });
});

describe("pages that are not what they say", () => {
  it("an image path with a `%` that is no escape", () => {
    const error = refused(target(), source((pages) => writeFileSync(join(pages, "3-0-odd.md"), page('title: "3.0 Odd"', "![A map](files/map%zz.png)\n"))));
    expect(error.message).toBe("3-0-odd.md: the image path `files/map%zz.png` has a `%` that is not a character escape");
  });

  it("a title that is an object with its own toString", () => {
    const error = refused(target(), source((pages) => writeFileSync(join(pages, "3-0-odd.md"), page("title: {toString: 1}"))));
    expect(error.message).toBe("3-0-odd.md: its title is not text");
  });

  it("a page that is a link to a file outside the source", () => {
    const outside = temp("hexlaw-hostile-outside-");
    writeFileSync(join(outside, "secret.md"), page('title: "3.0 Secret"', "The build machine's secret.\n"));
    const error = refused(target(), source((pages) => symlinkSync(join(outside, "secret.md"), join(pages, "3-0-secret.md"))));
    expect(error.message).toMatch(/3-0-secret\.md is a link to .*secret\.md, outside /);
  });

  it.each([
    ["1.5 GB", 1.5 * 2 ** 30],
    ["2.5 GB (more than Node reads into one buffer)", 2.5 * 2 ** 30],
  ])("a page of %s is refused by its size, unread", (_, size) => {
    const root = target();
    const from = source((pages) => sparseFile(join(pages, "3-0-huge.md"), size));
    const { value: error, read } = bytesRead(() => refused(root, from));
    expect(error.message).toBe(`${PAGES}/3-0-huge.md is ${size} bytes, more than the ${MAX_SOURCE_BYTES} the importer reads`);
    if (read !== null) expect(read).toBeLessThan(64 * 2 ** 20);
  });
});

describe("a git directory whose tree holds what is not a page", () => {
  const git = (dir: string, ...args: string[]) =>
    execFileSync("git", ["-C", dir, ...args], { env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" }, maxBuffer: 2 ** 20 }).toString().trim();

  /** The fixture's site committed, with one more entry in its pages folder: `mode,object` as `git update-index --cacheinfo` takes it. */
  function repository(name: string, entry: (work: string) => string): string {
    const work = temp("hexlaw-hostile-git-");
    cpSync(join(FIXTURE, "v1"), work, { recursive: true });
    git(work, "init", "-q");
    git(work, "add", "-A");
    git(work, "update-index", "--add", "--cacheinfo", `${entry(work)},${PAGES}/${name}`);
    git(work, "commit", "-q", "-m", "with a hostile entry");
    return join(work, ".git");
  }

  it("a submodule (gitlink) named like a page", () => {
    const error = refused(target(), repository("3-0-module.md", () => `160000,${"1".repeat(40)}`));
    expect(error.message).toBe(`${PAGES}/3-0-module.md is a submodule (a gitlink), not a file`);
  });

  it("a blob of more than 256 MB named like a page is refused by its size, never read", () => {
    const gitDir = repository("3-0-huge.md", (work) => {
      sparseFile(join(work, "huge"), 257 * 2 ** 20);
      const object = git(work, "hash-object", "-w", "huge");
      rmSync(join(work, "huge"));
      return `100644,${object}`;
    });
    const error = refused(target(), gitDir);
    expect(error.message).toBe(`${PAGES}/3-0-huge.md is ${257 * 2 ** 20} bytes, more than the ${MAX_SOURCE_BYTES} the importer reads`);
  });
});

describe("an edition folder with links in it", () => {
  it("a dangling link named like a chapter", () => {
    const root = target();
    symlinkSync("nowhere.md", join(root, EDITION, "03-gone.md"));
    const error = refused(root, source(() => {}));
    expect(error.message).toContain(`${EDITION}/03-gone.md`);
  });

  it("a chapter that is a link to a file outside rules/ is neither read nor written through", () => {
    const root = target();
    importPages({ root, ruleset: "demo-hugo", edition: "1.0", source: join(FIXTURE, "v1") });
    const outside = temp("hexlaw-hostile-outside-");
    const victim = join(outside, "victim.md");
    cpSync(join(root, EDITION, "01-moving.md"), victim);
    rmSync(join(root, EDITION, "01-moving.md"));
    symlinkSync(victim, join(root, EDITION, "01-moving.md"));
    const before = readFileSync(victim, "utf8");
    const error = refused(root, join(FIXTURE, "v2"));
    expect(error.message).toMatch(/rules\/demo-hugo\/1\.0\/01-moving\.md is a link to .*victim\.md, which is outside rules\//);
    expect(readFileSync(victim, "utf8")).toBe(before);
  });

  it("a figures folder that is a link out of rules/ is not written through", () => {
    const root = target();
    const outside = temp("hexlaw-hostile-outside-");
    symlinkSync(outside, join(root, EDITION, "figures"));
    const error = refused(root, join(FIXTURE, "v1"));
    expect(error.message).toContain(`${EDITION}/figures`);
    expect(snapshot(outside).size).toBe(0);
  });
});

describe("the target named on the command line", () => {
  it("an edition folder outside rules/ is a usage mistake (exit 2), and nothing is written", () => {
    const root = target();
    mkdirSync(join(root, "x"));
    writeFileSync(join(root, "x/edition.yaml"), readFileSync(join(root, EDITION, "edition.yaml")));
    const run = hexlaw(["import", join(FIXTURE, "v1"), "../x", "--root", root]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("the ruleset `..` cannot name a folder of rules/");
    expect(snapshot(join(root, "x")).size).toBe(1);
  });
});

describe("the edition folder is replaced as a whole", () => {
  /** `hexlaw import` stopped at a step of its swap (the hook of compiler/generated-files.ts) and killed there. */
  function killedImport(root: string, from: string, step: number): Promise<string[]> {
    return new Promise((done, fail) => {
      const child = spawn(process.execPath, [CLI, "import", from, "demo-hugo/1.0", "--root", root], { env: { ...process.env, HEXLAW_TEST_WRITE_STEPS: String(step) }, stdio: ["ignore", "ignore", "pipe"] });
      let stderr = "";
      const limit = setTimeout(() => child.kill("SIGKILL"), 120_000);
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
        stderr += chunk;
        if (stderr.includes(`write step ${step}:`)) child.kill("SIGKILL");
      });
      child.on("error", fail);
      child.on("close", () => {
        clearTimeout(limit);
        done([...stderr.matchAll(/^write step \d+: (.*)$/gm)].map((m) => m[1]));
      });
    });
  }

  it("an import killed at any step leaves the old folder or the new one, and the next import finishes the job", async () => {
    const clean = target();
    importPages({ root: clean, ruleset: "demo-hugo", edition: "1.0", source: join(FIXTURE, "v1") });
    const imported = snapshot(join(clean, EDITION));
    const empty = snapshot(join(target(), EDITION));
    for (const [step, label] of [[0, "start"], [1, "old tree set aside"], [2, "new tree in place"]] as const) {
      const root = target();
      const steps = await killedImport(root, join(FIXTURE, "v1"), step);
      expect(steps.at(-1)).toBe(label);
      const left = existsSync(join(root, EDITION)) ? snapshot(join(root, EDITION)) : null;
      // Between the two renames there is no folder: the old one waits beside it, hidden from the compiler.
      if (step === 1) expect(readdirSync(join(root, "rules/demo-hugo")).filter((name) => name.startsWith(".1.0.old-"))).toHaveLength(1);
      else expect([empty, imported]).toContainEqual(left);
      importPages({ root, ruleset: "demo-hugo", edition: "1.0", source: join(FIXTURE, "v1") });
      expect(snapshot(join(root, EDITION))).toEqual(imported);
      expect(readdirSync(join(root, "rules/demo-hugo")).sort()).toEqual(["1.0", "ruleset.yaml"]);
    }
  });
});

describe("pages made to make a regular expression backtrack import in linear time", () => {
  // Each took 16–40 s at 100 KB before (quadratic), and did not finish in 300 s at 1 MB. Pages are
  // just under the importer's limit (MAX_SOURCE_BYTES, 1 MiB), with room for the front matter.
  const BIG = MAX_SOURCE_BYTES - 4096;
  it.each([
    ["spaces", `${" ".repeat(BIG)}x\n`],
    ["`[`", `${"[".repeat(BIG)}\n`],
    ["`](`", `${"](".repeat(BIG / 2)}\n`],
    ["links never closed", `${"[a](/rules/demo-rules/".repeat(2 ** 15)}\n`],
    ["links to an anchor never closed", `${"](/rules/demo-rules/x#".repeat(2 ** 15)}\n`],
  ])("a 1 MB page of %s", (_, body) => {
    const root = target();
    const from = source((pages) => writeFileSync(join(pages, "3-0-big.md"), page('title: "3.0 Big"\nweight: 30', body)));
    const started = performance.now();
    const result = importPages({ root, ruleset: "demo-hugo", edition: "1.0", source: from });
    // A generous bound on a busy machine: about a second here.
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(result.documents.map((d) => d.file)).toContain("03-big.md");
  });
});
