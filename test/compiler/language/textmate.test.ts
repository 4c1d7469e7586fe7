/**
 * The TextMate grammar (grammar/rules.tmLanguage.json) and its Markdown injection are
 * what compiler/language/textmate.ts makes from the language's word lists (`UPDATE=1`
 * rewrites them), and Shiki, reading the committed files, gives every reserved word
 * of compiler/language/words.ts the scope its list stands for.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createHighlighter, type Highlighter } from "shiki";
import { beforeAll, describe, expect, it } from "vitest";
import { AGGREGATES, BUILTINS, ROUNDING_MODES } from "../../../compiler/language/builtins.ts";
import { markdownInjection, SCOPE, textmateGrammar } from "../../../compiler/language/textmate.ts";
import { CLAUSE_WORDS, CONSTANT_WORDS, EXPRESSION_WORDS, RESERVED, STATEMENT_WORDS, TYPE_WORDS } from "../../../compiler/language/words.ts";
import { REPO } from "../../support/repo.ts";

const UPDATE = Boolean(process.env.UPDATE) && process.env.UPDATE !== "0";
const FILES = { "grammar/rules.tmLanguage.json": textmateGrammar(), "grammar/rules.markdown.tmLanguage.json": markdownInjection() };

describe("the committed grammars", () => {
  it.each(Object.entries(FILES))("%s is what textmate.ts makes from the word lists", (file, made) => {
    const path = join(REPO, file);
    if (UPDATE) writeFileSync(path, `${JSON.stringify(made, null, 2)}\n`);
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual(made);
  });
});

describe("Shiki with the committed grammar", () => {
  let shiki: Highlighter;
  beforeAll(async () => {
    const rules = JSON.parse(readFileSync(join(REPO, "grammar/rules.tmLanguage.json"), "utf8"));
    const injection = JSON.parse(readFileSync(join(REPO, "grammar/rules.markdown.tmLanguage.json"), "utf8"));
    shiki = await createHighlighter({ themes: ["github-light"], langs: ["markdown", { ...rules, name: "rules" }, { ...injection, name: "rules-in-markdown", injectTo: ["text.html.markdown"] }] });
  });

  /** The innermost scopes of each token of one line. */
  const scopes = (code: string, lang: string = "rules") =>
    shiki.codeToTokens(code, { lang: lang as never, theme: "github-light", includeExplanation: true }).tokens.flat()
      .flatMap((t) => (t.explanation ?? []).map((e) => ({ text: e.content.trim(), scope: e.scopes.at(-1)?.scopeName ?? "" })))
      .filter((t) => t.text !== "");
  const scopeOf = (code: string, word: string, lang?: string) => scopes(code, lang).find((t) => t.text === word)?.scope;

  it("knows every reserved word of words.ts", () => {
    // Each word in a place the language puts it, so the grammar is tried as an editor meets it.
    for (const word of STATEMENT_WORDS) expect([word, scopeOf(`${word} x`, word)]).toEqual([word, expect.stringMatching(/^keyword\.declaration\./)]);
    for (const word of EXPRESSION_WORDS) expect([word, scopeOf(`a ${word} b`, word)]).toEqual([word, expect.stringMatching(/^keyword\.(control|operator\.logical)\./)]);
    for (const word of CONSTANT_WORDS) expect([word, scopeOf(`x = ${word}`, word)]).toEqual([word, expect.stringMatching(/^constant\.language\./)]);
    for (const word of CLAUSE_WORDS) expect([word, scopeOf(`  ${word} x`, word)]).toEqual([word, expect.stringMatching(/^keyword\.other\.clause\./)]);
    for (const word of TYPE_WORDS) expect([word, scopeOf(`input x: ${word}`, word)]).toEqual([word, expect.stringMatching(/^support\.type\./)]);
    // …and no reserved word is missing from the lists the grammar is made from.
    for (const word of RESERVED) expect([...STATEMENT_WORDS, ...EXPRESSION_WORDS, ...CONSTANT_WORDS]).toContain(word);
  });

  it("reads functions, rounding modes, dice, odds, strings, citations and comments", () => {
    for (const fn of new Set([...Object.keys(BUILTINS), ...AGGREGATES])) expect([fn, scopeOf(`let x = ${fn}(y)`, fn)]).toEqual([fn, expect.stringMatching(/^support\.function\./)]);
    for (const mode of ROUNDING_MODES) expect(scopeOf(`round(x, ${mode})`, mode)).toMatch(/^support\.constant\./);
    expect(scopeOf("dice r: 2d6", "2d6")).toMatch(/^constant\.numeric\.dice\./);
    expect(scopeOf("let o = 3:1", "3:1")).toMatch(/^constant\.numeric\.odds\./);
    expect(scopeOf('let x = 3 @9.8 "Roll two dice"', "@9.8")).toMatch(/^markup\.underline\.link\./);
    expect(scopes('let x = 3 @9.8 "Roll two dice"').some((t) => t.text.includes("Roll two dice") && t.scope.startsWith("string.quoted."))).toBe(true);
    expect(scopeOf("let x = 3 # why it is 3", "# why it is 3")).toMatch(/^comment\.line\./);
    expect(scopeOf("let odds = 3", "odds")).toMatch(/^entity\.name\.definition\./);
  });

  it("highlights a ```rules block inside Markdown through the injection", () => {
    const markdown = "Some text.\n\n```rules\nlet overrun_cost = 3\n```\n";
    const lines = shiki.codeToTokens(markdown, { lang: "markdown", theme: "github-light", includeExplanation: true }).tokens;
    const inside = lines[3].flatMap((t) => t.explanation ?? []);
    expect(inside.some((e) => e.content.trim() === "let" && e.scopes.some((s) => s.scopeName === SCOPE) && e.scopes.at(-1)!.scopeName.startsWith("keyword."))).toBe(true);
  });
});
