/**
 * Files as they really are on disk: byte order marks, CRLF and CR-only line
 * endings, bytes that are not UTF-8, NUL bytes, binary files, terminal escapes,
 * links out of rules/, FIFOs, huge files and a `rules` that is a file. Git would
 * normalize most of these, so every fixture is written here, at run time.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { decodeSource, MAX_SOURCE_BYTES } from "../../../compiler/1-read/read-source.ts";
import { compile, type CompileResult } from "../../../compiler/compile.ts";
import { formatDiagnostic } from "../../../compiler/diagnostics/format.ts";
import { readTree } from "../../../compiler/generated-files.ts";
import { copyCorpus, DEMO, documentCorpus, frontMatter, hexlaw, removeTemp, tempDir } from "../../support/repo.ts";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) removeTemp(root);
});

/** A chapter with one mistake (an unknown name) whose place is known from the text itself. */
const CHAPTER = `${frontMatter()}\n# 1.0 Test\n\n**1.1** Overruns cost 3 MP.\n\n\`\`\`rules\nlet overrun_cost = 3 + hedgehog_level "Overruns cost 3 MP."\n\`\`\`\n`;
const FILE = "rules/t/1/01-test.md";

function placeOf(text: string, needle: string): { line: number; column: number } {
  const before = text.slice(0, text.indexOf(needle)).split("\n");
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

async function compileChapter(bytes: Buffer | string, name = "01-test.md"): Promise<{ root: string; result: CompileResult }> {
  const { root } = documentCorpus("");
  roots.push(root);
  rmSync(join(root, FILE));
  writeFileSync(join(root, "rules/t/1", name), bytes);
  return { root, result: await compile({ root }) };
}

function summary(result: CompileResult) {
  return result.diagnostics.map((d) => ({ code: d.code, file: d.place?.file, line: d.place?.start.line, column: d.place?.start.column }));
}

function formatted(result: CompileResult): string {
  return result.diagnostics.map((d) => formatDiagnostic(d, (file) => result.sources.get(file))).join("\n");
}

/** Nothing a terminal would act on: no escape, no carriage return, no bidirectional override. */
const TERMINAL_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe("line endings and byte order marks", () => {
  const unknownAt = placeOf(CHAPTER, "hedgehog_level");

  it.each([
    ["a byte order mark", (text: string) => `\ufeff${text}`],
    ["CRLF line endings", (text: string) => text.replace(/\n/g, "\r\n")],
    ["CR-only line endings", (text: string) => text.replace(/\n/g, "\r")],
    ["a byte order mark and CRLF", (text: string) => `\ufeff${text.replace(/\n/g, "\r\n")}`],
  ])("with %s, a mistake is reported at its real line and column", async (_, variant) => {
    const { result } = await compileChapter(variant(CHAPTER));
    expect(summary(result)).toEqual([{ code: "HX0203", file: FILE, ...unknownAt }]);
    const text = formatted(result);
    expect(text).toContain(`${unknownAt.line} | let overrun_cost = 3 + hedgehog_level "Overruns cost 3 MP."\n`);
    expect(text).not.toMatch(TERMINAL_CONTROL);
  });

  it("a corpus saved with CRLF or CR endings and a BOM builds the very same generated/ as with LF", async () => {
    const built = async (convert: (text: string) => string) => {
      const root = copyCorpus(DEMO);
      roots.push(root);
      const chapter = join(root, "rules/demo/1.0/01-combat.md");
      const edition = join(root, "rules/demo/1.0/edition.yaml");
      for (const file of [chapter, edition]) writeFileSync(file, convert(readFileSync(file, "utf8")));
      const result = await compile({ root });
      expect(result.ok, result.diagnostics.map((d) => d.message).join("; ")).toBe(true);
      return result.files;
    };
    const lf = await built((text) => text);
    expect(lf.size).toBeGreaterThan(0);
    for (const convert of [(t: string) => `\ufeff${t.replace(/\n/g, "\r\n")}`, (t: string) => t.replace(/\n/g, "\r")]) {
      const files = await built(convert);
      for (const [path, content] of files) expect(content, path).not.toContain("\r");
      expect(files).toEqual(lf);
    }
  });
});

describe("bytes that are not text", () => {
  it("a NUL byte is reported where it is, and shown escaped", async () => {
    const text = CHAPTER.replace("Overruns cost", "Overruns\u0000 cost");
    const { result } = await compileChapter(text);
    const at = placeOf(text, "\u0000");
    expect(summary(result)).toContainEqual({ code: "HX0014", file: FILE, ...at });
    const shown = formatted(result);
    expect(shown).toContain("**1.1** Overruns\\u0000 cost");
    expect(shown).not.toMatch(TERMINAL_CONTROL);
  });

  it("a byte that is not UTF-8 is reported where it is", async () => {
    const [head, tail] = CHAPTER.split("cost 3 MP");
    const bytes = Buffer.concat([Buffer.from(head), Buffer.from([0x63, 0x6f, 0xff, 0x74]), Buffer.from(` 3 MP${tail}`)]);
    const { result } = await compileChapter(bytes);
    const at = placeOf(`${head}co`, "co");
    expect(summary(result)).toContainEqual({ code: "HX0013", file: FILE, line: at.line, column: at.column + 2 });
    expect(formatted(result)).toContain("co\ufffdt 3 MP");
  });

  it("a binary file is one diagnostic that never shows its bytes", async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 37) % 256))]);
    const { result } = await compileChapter(png, "02-figure.md");
    expect(summary(result).map((d) => d.code)).toEqual(["HX0015"]);
    const shown = formatted(result);
    expect(shown).not.toMatch(TERMINAL_CONTROL);
    expect(shown).not.toContain("\ufffd");
    expect(shown.split("\n").length).toBeLessThanOrEqual(3);
    expect(result.sources.has("rules/t/1/02-figure.md")).toBe(false);
  });

  it("binary bytes without a known signature are recognized too", () => {
    const noise = Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 131 + 7) % 256));
    expect(decodeSource(noise).kind).toBe("binary");
    expect(decodeSource(Buffer.from("Überrennen — «Rule 9.14»\n", "utf8"))).toEqual({ kind: "text", text: "Überrennen — «Rule 9.14»\n", invalidAt: null });
    expect(decodeSource(Buffer.from("caf\xe9 au lait\n", "latin1"))).toMatchObject({ kind: "text", invalidAt: 3 });
  });

  it("the first byte that is not UTF-8 is found in any text: overlong forms, surrogates, past U+10FFFF, cut short at the end", () => {
    // Text with one flaw of each kind UTF-8 refuses, each at a known place (after the "ok " prefix, 3 characters in); enough text not to read as binary.
    const flaws = [[0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xf5], [0x80], [0xe2, 0x82]];
    for (const flaw of flaws) {
      const cut = flaw[0] === 0xe2;
      const bytes = Buffer.concat([Buffer.from(`ok `), Buffer.from(flaw), Buffer.from(cut ? "" : " — fine after".repeat(8))]);
      expect(decodeSource(bytes), `bytes ${flaw.map((b) => b.toString(16)).join(" ")}`).toMatchObject({ kind: "text", invalidAt: 3 });
    }
    // Well-formed text of every length of sequence, a byte order mark and U+FFFD itself: none.
    expect(decodeSource(Buffer.from("\ufeffa é € 𝄞 \ufffd z\n"))).toMatchObject({ kind: "text", invalidAt: null });
  });

  it("terminal escape sequences in a line with a mistake are shown escaped, carets under the escaped text", async () => {
    const text = CHAPTER.replace("Overruns cost 3 MP.", "\u001b[2J\u001b]0;pwned\u0007Overruns cost 3 MP (see 1.9).");
    const { result } = await compileChapter(text);
    expect(result.diagnostics.map((d) => d.code)).toContain("HX0102");
    const shown = formatted(result);
    expect(shown).not.toMatch(TERMINAL_CONTROL);
    const lines = shown.split("\n");
    const source = lines.findIndex((line) => line.includes("\\u001b[2J"));
    expect(source).toBeGreaterThan(0);
    const carets = lines[source + 1];
    expect(lines[source].slice(carets.indexOf("^"), carets.lastIndexOf("^") + 1)).toBe("see 1.9");
  });
});

describe("files that are not what they seem", () => {
  it("a chapter linked from outside rules/ is refused unread", async () => {
    const outside = tempDir();
    roots.push(outside);
    writeFileSync(join(outside, "secret.md"), `${frontMatter("Secret", "2.0")}\n# 2.0 Secret\n\nThe build machine's secret.\n`);
    const { root } = documentCorpus(CHAPTER.replace("3 + hedgehog_level", "3"));
    roots.push(root);
    symlinkSync(join(outside, "secret.md"), join(root, "rules/t/1/02-secret.md"));
    const result = await compile({ root });
    expect(summary(result)).toEqual([{ code: "HX0016", file: "rules/t/1/02-secret.md", line: 1, column: 1 }]);
    expect([...result.sources.values()].join("")).not.toContain("secret");
  });

  it("an edition folder linked from outside rules/ is refused", async () => {
    const elsewhere = copyCorpus(DEMO);
    roots.push(elsewhere);
    const { root } = documentCorpus(CHAPTER.replace("3 + hedgehog_level", "3"));
    roots.push(root);
    symlinkSync(join(elsewhere, "rules/demo/1.0"), join(root, "rules/t/2"));
    const result = await compile({ root });
    expect(summary(result)).toEqual([{ code: "HX0016", file: "rules/t/2", line: 1, column: 1 }]);
  });

  it("a folder or file anywhere in rules/ that links outside it is refused, though no document reads it", async () => {
    const outside = tempDir();
    roots.push(outside);
    writeFileSync(join(outside, "map.png"), "not read");
    const { root } = documentCorpus(CHAPTER.replace("3 + hedgehog_level", "3"));
    roots.push(root);
    mkdirSync(join(root, "rules/t/1/figures"));
    symlinkSync(outside, join(root, "rules/t/1/notes"));
    symlinkSync(join(outside, "map.png"), join(root, "rules/t/1/figures/map.png"));
    symlinkSync("../../../..", join(root, "rules/t/up"));
    const result = await compile({ root });
    expect(summary(result)).toEqual([
      { code: "HX0016", file: "rules/t/1/figures/map.png", line: 1, column: 1 },
      { code: "HX0016", file: "rules/t/1/notes", line: 1, column: 1 },
      { code: "HX0016", file: "rules/t/up", line: 1, column: 1 },
    ]);
  });

  it("a link that stays inside rules/ is read as usual", async () => {
    const { root } = documentCorpus(CHAPTER.replace("3 + hedgehog_level", "3"));
    roots.push(root);
    mkdirSync(join(root, "rules/t/shared"));
    writeFileSync(join(root, "rules/t/shared/chapter.md"), `${frontMatter("Moves", "2.0")}\n# 2.0 Moves\n\n**2.1** Units move.\n`);
    symlinkSync("../shared/chapter.md", join(root, "rules/t/1/02-moves.md"));
    const result = await compile({ root });
    expect(result.diagnostics.filter((d) => d.code === "HX0016")).toEqual([]);
    expect(result.sources.has("rules/t/1/02-moves.md")).toBe(true);
  });

  it("a FIFO named like a chapter is refused without being opened (the build does not hang)", () => {
    const { root } = documentCorpus(CHAPTER.replace("3 + hedgehog_level", "3"));
    roots.push(root);
    expect(spawnSync("mkfifo", [join(root, "rules/t/1/02-pipe.md")]).status).toBe(0);
    // In a child with a time limit: reading a FIFO blocks, and a blocked test could not be stopped.
    const run = hexlaw(["check", "--root", root], { timeout: 30_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("error[HX0001]: Cannot read rules/t/1/02-pipe.md: it is not a regular file.");
  });

  it("a folder named like a chapter is refused", async () => {
    const { root } = documentCorpus(CHAPTER.replace("3 + hedgehog_level", "3"));
    roots.push(root);
    mkdirSync(join(root, "rules/t/1/02-folder.md"));
    const result = await compile({ root });
    expect(result.diagnostics.map((d) => d.message)).toEqual(["Cannot read rules/t/1/02-folder.md: it is not a regular file."]);
  });

  it("a file larger than the limit is refused unread", async () => {
    const { result } = await compileChapter(`${CHAPTER}\n${"Units move. ".repeat(Math.ceil(MAX_SOURCE_BYTES / 12) + 1)}\n`);
    expect(summary(result)).toEqual([{ code: "HX0020", file: FILE, line: 1, column: 1 }]);
  });

  it("`rules` that is a file is an error, and generated/ stays as it was", () => {
    const root = copyCorpus(DEMO);
    roots.push(root);
    expect(hexlaw(["build", "--root", root]).status).toBe(0);
    const before = readTree(join(root, "generated"));
    expect(before.size).toBeGreaterThan(0);
    rmSync(join(root, "rules"), { recursive: true });
    writeFileSync(join(root, "rules"), "not a folder\n");
    const run = hexlaw(["build", "--root", root]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("error[HX0019]: rules/ cannot be read: it is a file, not a folder.");
    expect(readTree(join(root, "generated"))).toEqual(before);
    expect(readdirSync(root).sort()).toEqual(["generated", "rules"]);
  });
});
