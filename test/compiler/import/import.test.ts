/**
 * hexlaw import: a small Hugo site (test/fixtures/hugo/v1) becomes rule documents that
 * compile, and a newer upstream (v2) is merged into them paragraph by paragraph, keeping
 * their rules blocks, with every conflict reported (HX0701–HX0704) at its place.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compile } from "../../../compiler/compile.ts";
import { importPages } from "../../../compiler/import/import-pages.ts";
import { readPages, SourceError } from "../../../compiler/import/read-pages.ts";
import { hexlaw, REPO, removeTemp, tempDir } from "../../support/repo.ts";

const FIXTURE = join(REPO, "test/fixtures/hugo");
const V1 = join(FIXTURE, "v1");
const V2 = join(FIXTURE, "v2");
const temps: string[] = [];
afterAll(() => temps.forEach(removeTemp));

/** A root with the fixture's empty edition (edition.yaml only) and the grammars. */
function target(): string {
  const root = tempDir("hexlaw-import-");
  temps.push(root);
  cpSync(join(FIXTURE, "target/rules"), join(root, "rules"), { recursive: true });
  cpSync(join(REPO, "grammar"), join(root, "grammar"), { recursive: true });
  return root;
}

const EDITION = "rules/demo-hugo/1.0";
const read = (root: string, file: string) => readFileSync(join(root, EDITION, file), "utf8");
const run = (root: string, source: string, base?: string) => importPages({ root, ruleset: "demo-hugo", edition: "1.0", source, base });

/** The annotation a reader of the fixture adds under 1.1a, and a local edit of 2.1a's text. */
const RULES_BLOCK = '```rules\nlet clear_cost "Clear hex cost (MP)" = 1 "A unit spends 1 MP to enter a"\n```';
function annotate(root: string): void {
  const moving = read(root, "01-moving.md").replace("**1.1b**", `${RULES_BLOCK}\n\n**1.1b**`);
  writeFileSync(join(root, EDITION, "01-moving.md"), moving);
}
function editLocally(root: string): void {
  writeFileSync(join(root, EDITION, "02-fighting.md"), read(root, "02-fighting.md").replace("and round down.", "and round down (always).")); 
}

describe("hexlaw import: first import", () => {
  const root = target();
  const result = run(root, V1);

  it("makes one document per page, named and ordered as the book, not the section's list page or theme files", () => {
    expect(result.documents.map((d) => [d.file, d.status])).toEqual([
      ["01-moving.md", "created"],
      ["02-fighting.md", "created"],
      ["glossary.md", "created"],
    ]);
    expect(result.diagnostics).toEqual([]);
  });

  it("writes front matter with provenance for readers: the page, the site and its URL, no file names", () => {
    const text = read(root, "01-moving.md");
    expect(text).toMatch(/^---\nruleset: demo-hugo\nedition: "1.0"\nsection: "1.0"\ntitle: Moving\norder: 1\nslug: 1-0-moving\n/);
    expect(text).toContain("source: The page “1.0 Moving” of “Demo Series Rules, 1.0”, a Hugo site");
    expect(text).toContain("url: https://rules.example.org/rules/demo-rules/1-0-moving/");
    expect(text).not.toMatch(/1-0-moving\.md|content\/rules/);
    expect(read(root, "glossary.md")).toMatch(/section: glossary\ntitle: Glossary\norder: 3\n/);
  });

  it("changes markup only: heading from the title, opening break, <br> lines and colour spans gone, the words kept", () => {
    const text = read(root, "01-moving.md");
    expect(text).toContain("\n# 1.0 Moving\n\nUnits move in the Movement Phase. Combat\n");
    expect(text.slice(text.indexOf("\n# "))).not.toMatch(/\*\*\*\n|<br>|<span/);
    expect(text).toContain("**1.1a** A unit spends 1 MP to enter a\nclear hex and 2 MP to enter a rough hex.");
    expect(text).toMatch(/changes: .*<br>/s);
  });

  it("turns Hugo links into relative links, other links of the site into full URLs, images into figures", () => {
    expect(read(root, "01-moving.md")).toContain("is in [2.0](../2-0-fighting/).");
    expect(read(root, "02-fighting.md")).toContain("as in [1.1a](../1-0-moving/#11-movement-points).");
    expect(read(root, "02-fighting.md")).toContain("[chart](https://rules.example.org/rules/demo-rules/files/charts.pdf)");
    expect(read(root, "glossary.md")).toContain("([1.1](../1-0-moving/#11-movement-points))");
    expect(read(root, "01-moving.md")).toContain('\n::figure[Illustration: moving 1.1]{src="figures/moving-1.1.png"}\n');
  });

  it("copies the image files the figures show into figures/, unchanged, each with the URL it came from", () => {
    const image = "content/rules/demo-rules/files/moving-1.1.png";
    expect(readFileSync(join(root, EDITION, "figures/moving-1.1.png"))).toEqual(readFileSync(join(V1, image)));
    expect(read(root, "figures/sources.yaml")).toContain("moving-1.1.png: https://rules.example.org/rules/demo-rules/files/moving-1.1.png");
  });

  it("compiles: every reference resolves", async () => {
    const compiled = await compile({ root });
    expect(compiled.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(compiled.diagnostics.map((d) => d.code)).not.toContain("HX0102");
    const index = compiled.editions[0];
    expect(index).toBeDefined();
  });

  it("imports again to the same documents when upstream did not change", () => {
    const before = ["01-moving.md", "02-fighting.md", "glossary.md"].map((f) => read(root, f));
    const again = run(root, V1, V1);
    expect(again.documents.map((d) => d.status)).toEqual(["unchanged", "unchanged", "unchanged"]);
    expect(["01-moving.md", "02-fighting.md", "glossary.md"].map((f) => read(root, f))).toEqual(before);
  });
});

describe("hexlaw import: a newer upstream merged into annotated documents", () => {
  const root = target();
  run(root, V1);
  annotate(root);
  editLocally(root);
  const result = run(root, V2, V1);
  const moving = read(root, "01-moving.md");
  const fighting = read(root, "02-fighting.md");

  it("takes upstream's new text and keeps the rules block right after its paragraph", () => {
    expect(moving).toContain(`**1.1a** A unit spends 1 MP to enter a\nclear or open hex and 2 MP to enter a rough hex.\n\n${RULES_BLOCK}\n\n**1.1b**`);
    expect(result.documents[0]).toMatchObject({ file: "01-moving.md", status: "merged", updated: ["1.1a"], added: ["1.1c"] });
  });

  it("adds the paragraph upstream added where upstream has it, and drops the one it removed", () => {
    expect(moving).toMatch(/\{src="figures\/moving-1\.1\.png"\}\n\n\*\*1\.1c\*\* A unit may always move one hex\.\n\n## 1\.2 Roads/);
    expect(fighting).not.toContain("2.2 Retreats");
    expect(result.documents[1].removed).toEqual(["2.2"]);
  });

  it("reports a paragraph changed on both sides as a conflict at its place and keeps the document's text", () => {
    expect(result.diagnostics).toHaveLength(1);
    const [conflict] = result.diagnostics;
    expect(conflict).toMatchObject({ code: "HX0701", severity: "error", place: { file: `${EDITION}/02-fighting.md` } });
    expect(fighting.split("\n")[conflict.place!.start.line - 1]).toBe("**2.1a** Divide the attack strength by the");
    expect(conflict.notes[0].message).toContain("round to the nearest");
    expect(fighting).toContain("and round down (always).");
  });

  it("still compiles, the rules block included", async () => {
    const compiled = await compile({ root });
    expect(compiled.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("reports the orphaned annotations of a paragraph upstream removed (HX0702)", () => {
    const other = target();
    run(other, V1);
    writeFileSync(join(other, EDITION, "02-fighting.md"), `${read(other, "02-fighting.md").trimEnd()}\n\n${RULES_BLOCK.replace("clear_cost", "retreat_hexes")}\n`);
    expect(run(other, V2, V1).diagnostics.map((d) => d.code)).toEqual(["HX0702"]);
    expect(read(other, "02-fighting.md")).toContain("2.2 Retreats");
  });

  it("adds back a paragraph removed here that upstream changed, and says so (HX0704)", () => {
    const other = target();
    run(other, V1);
    writeFileSync(join(other, EDITION, "01-moving.md"), read(other, "01-moving.md").replace("**1.1a** A unit spends 1 MP to enter a\nclear hex and 2 MP to enter a rough hex.\n\t \n", ""));
    expect(run(other, V2, V1).diagnostics.map((d) => d.code)).toEqual(["HX0704"]);
    expect(read(other, "01-moving.md")).toContain("clear or open hex");
  });

  it("without a base, a difference is a conflict (HX0703), never silently resolved", () => {
    const other = target();
    run(other, V1);
    annotate(other);
    const merged = run(other, V2);
    expect(merged.diagnostics.map((d) => d.code).sort()).toEqual(["HX0703", "HX0703", "HX0703"]);
    expect(read(other, "01-moving.md")).toContain("clear hex and 2 MP");
  });
});

describe("hexlaw import: image files by name", () => {
  it("finds an image beside pages at the top of the source, and refuses a name two files share", () => {
    const source = tempDir("hexlaw-import-images-");
    temps.push(source);
    writeFileSync(join(source, "1-0-moving.md"), "---\ntitle: Moving\n---\n\n![A map](map.png)\n");
    writeFileSync(join(source, "map.png"), readFileSync(join(REPO, "site/public/icon-192.png")));
    expect(readPages(source).image("map.png")).toMatchObject({ path: "map.png" });
    mkdirSync(join(source, "files"));
    writeFileSync(join(source, "files", "map.png"), readFileSync(join(REPO, "site/public/icon-192.png")));
    expect(() => readPages(source).image("map.png")).toThrow(SourceError);
    expect(() => readPages(source).image("map.png")).toThrow("2 images are named map.png (files/map.png, map.png)");
  });
});

describe("hexlaw import from a git directory", () => {
  it("records the revision it imported and merges the next one from it, without --base", () => {
    const repo = tempDir("hexlaw-import-git-");
    temps.push(repo);
    const git = (...args: string[]) => execFileSync("git", ["-C", join(repo, "work"), ...args], { env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" } }).toString().trim();
    mkdirSync(join(repo, "work"));
    git("init", "-q");
    cpSync(V1, join(repo, "work"), { recursive: true });
    git("add", "-A");
    git("commit", "-q", "-m", "v1");
    const first = git("rev-parse", "HEAD");
    const gitDir = join(repo, "work/.git");
    const root = target();
    run(root, gitDir);
    expect(read(root, "01-moving.md")).toContain(`  revision: ${first}\n`);
    annotate(root);
    cpSync(V2, join(repo, "work"), { recursive: true });
    git("rm", "-q", "--cached", "-r", ".");
    execFileSync("rm", ["-rf", join(repo, "work/content")]);
    cpSync(join(V2, "content"), join(repo, "work/content"), { recursive: true });
    git("add", "-A");
    git("commit", "-q", "-m", "v2");
    const second = git("rev-parse", "HEAD");
    const result = run(root, gitDir);
    expect(result.diagnostics).toEqual([]);
    const moving = read(root, "01-moving.md");
    expect(moving).toContain(`clear or open hex and 2 MP to enter a rough hex.\n\n${RULES_BLOCK}`);
    expect(moving).toContain(`  revision: ${second}\n`);
  });
});

describe("hexlaw import on the command line", () => {
  it("prints what it did and every conflict with its place, and exits with 1", () => {
    const root = target();
    run(root, V1);
    editLocally(root);
    const cli = hexlaw(["import", V2, "demo-hugo/1.0", "--base", V1, "--root", root]);
    expect(cli.status).toBe(1);
    expect(cli.stdout).toContain(`merged    ${EDITION}/01-moving.md: updated 1.1a; added 1.1c`);
    expect(cli.stderr).toContain("error[HX0701]: Paragraph 2.1a changed upstream and in this document");
    expect(cli.stderr).toContain(`--> ${EDITION}/02-fighting.md:`);
    expect(cli.stderr).not.toMatch(/\n\s+at /);
  });

  it("refuses a target that is not <ruleset>/<edition>, or an edition that does not exist, with one line", () => {
    const root = target();
    expect(hexlaw(["import", V1, "demo-hugo", "--root", root])).toMatchObject({ status: 2 });
    const missing = hexlaw(["import", V1, "demo-hugo/9.9", "--root", root]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("rules/demo-hugo/9.9/edition.yaml does not exist");
  });
});
