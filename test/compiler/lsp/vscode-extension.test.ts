// The VS Code extension (compiler/lsp/vscode/): its grammars are the compiler's, copied as its
// `npm install` copies them, under the scopes its package.json contributes; and installing it (its
// node_modules, the copied grammars, a packaged .vsix) leaves generated/ up to date.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { inputsFingerprint } from "../../../compiler/build-inputs.ts";
import { REPO, removeTemp, tempDir } from "../../support/repo.ts";

const EXTENSION = join(REPO, "compiler/lsp/vscode");
const manifest = JSON.parse(readFileSync(join(EXTENSION, "package.json"), "utf8"));

test("npm install copies grammar/'s TextMate grammars to the paths and scopes the extension contributes", () => {
  const root = tempDir();
  try {
    cpSync(join(REPO, "grammar"), join(root, "grammar"), { recursive: true });
    cpSync(EXTENSION, join(root, "compiler/lsp/vscode"), { recursive: true });
    execFileSync(process.execPath, [join(root, "compiler/lsp/vscode", "copy-grammars.mjs")]);
    const contributed: { scopeName: string; path: string; injectTo?: string[]; embeddedLanguages?: Record<string, string> }[] = manifest.contributes.grammars;
    expect(contributed.length).toBeGreaterThan(0);
    for (const grammar of contributed) {
      const copied = readFileSync(join(root, "compiler/lsp/vscode", grammar.path), "utf8");
      const name = grammar.path.split("/").at(-1)!;
      expect(copied).toBe(readFileSync(join(REPO, "grammar", name), "utf8"));
      expect(JSON.parse(copied).scopeName).toBe(grammar.scopeName);
    }
    // The Markdown injection marks a rules block's text with the scope the extension maps to the language.
    const markdown = contributed.find((g) => g.injectTo)!;
    expect(markdown.injectTo).toEqual(["text.html.markdown"]);
    const embedded = Object.keys(markdown.embeddedLanguages ?? {});
    expect(readFileSync(join(REPO, "grammar", markdown.path.split("/").at(-1)!), "utf8")).toContain(`"contentName": "${embedded[0]} `);
    expect(manifest.contributes.languages.map((l: { id: string }) => l.id)).toContain(markdown.embeddedLanguages![embedded[0]]);
  } finally {
    removeTemp(root);
  }
});

test("the extension's installed files are no input of a compile: generated/ stays up to date", () => {
  const before = inputsFingerprint(REPO);
  const installed = join(EXTENSION, "node_modules", ".hexlaw-test");
  mkdirSync(installed, { recursive: true });
  try {
    writeFileSync(join(installed, "index.js"), "module.exports = 1;\n");
    expect(inputsFingerprint(REPO)).toBe(before);
  } finally {
    rmSync(installed, { recursive: true, force: true });
  }
});
