import type peggy from "peggy";
import type { Code, Values } from "../diagnostics/diagnostic.ts";
import { grammarParser, RULES_GRAMMAR } from "../grammars.ts";
import { decimal } from "../runtime/numbers.ts";
import type { Block, Loc } from "./ast.ts";
import { LIMITS, nesting, tooDeep } from "./limits.ts";
import { INTERNAL_WORDS, RESERVED, STATEMENT_WORDS } from "./words.ts";

/** The rules language's parser, compiled again when grammar/rules.peggy changes. */
function rulesParser(): peggy.Parser {
  return grammarParser(RULES_GRAMMAR);
}

/**
 * Where a block's first character sits in its Markdown file. A block nested in a
 * list item or a quote has every line indented (or prefixed with `> `) in the file
 * by the same width; mdast gives the text without it.
 */
export interface Origin {
  line: number;
  column: number;
  offset: number;
}

/** Why a block cannot be read: a diagnostic's code and values, and where (in the file's terms). */
export type ParseProblem = Problem<"HX0031" | "HX0035" | "HX0036" | "HX0201">;

type Problem<C extends Code> = C extends Code ? { code: C; values: Values<C>; loc: Loc } : never;

export type ParseResult = { ok: true; block: Block } | { ok: false; problem: ParseProblem };

/** A name or number the grammar refuses (thrown through Peggy by `options.refuse`). */
class Refusal {
  readonly problem: ParseProblem;
  constructor(problem: ParseProblem) {
    this.problem = problem;
  }
}

const OPTIONS = {
  reserved: RESERVED,
  internal: INTERNAL_WORDS,
  // A number the runtime cannot hold exactly (more digits than a safe integer) is refused.
  exact: (text: string) => decimal(text) !== null,
  unsafeNumber: (text: string, loc: Loc) => new Refusal(problem("HX0035", { text }, loc)),
  internalName: (name: string, loc: Loc) => new Refusal(problem("HX0036", { name }, loc)),
};

function problem<C extends ParseProblem["code"]>(code: C, values: NoInfer<Values<C>>, loc: Loc): Problem<C> {
  return { code, values, loc } as Problem<C>;
}

/** Parses the text of a `rules` block; positions come out in the Markdown file's terms. */
export function parseRulesBlock(text: string, origin: Origin): ParseResult {
  // Brackets (and runs of prefix operators) deeper than the limit are refused before parsing.
  const nested = nesting(text);
  if (nested.over) return { ok: false, problem: tooDeepAt(text, nested.offset, origin) };
  let block: Block;
  try {
    block = rulesParser().parse(text, { ...OPTIONS, origin }) as Block;
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, problem: error.problem };
    // Nesting deep enough to exhaust the stack (such as a long chain of `else if`) is refused where it is deepest.
    if (error instanceof RangeError) return { ok: false, problem: tooDeepAt(text, nested.offset, origin) };
    // Each generated parser has its own SyntaxError class.
    if (!(error instanceof rulesParser().SyntaxError)) throw error;
    const loc = { start: { ...error.location.start }, end: { ...error.location.end } } as Loc;
    shiftLoc(loc, origin);
    return { ok: false, problem: describeSyntaxError(error, loc, text) };
  }
  const deep = tooDeep(block);
  if (deep) return { ok: false, problem: problem("HX0031", { limit: LIMITS.expressionDepth }, deep) };
  return { ok: true, block };
}

/** HX0031 at an offset of the block's text. */
function tooDeepAt(text: string, offset: number, origin: Origin): ParseProblem {
  const before = text.slice(0, offset).split("\n");
  const start = { line: before.length, column: before.at(-1)!.length + 1, offset };
  const loc = { start, end: { ...start, offset: offset + 1, column: start.column + 1 } } as Loc;
  shiftLoc(loc, origin);
  return problem("HX0031", { limit: LIMITS.expressionDepth }, loc);
}

function describeSyntaxError(error: peggy.parser.SyntaxError, loc: Loc, text: string): ParseProblem {
  const expected = summarizeExpected(error.expected ?? []);
  const token = tokenAt(text, error.location.start.offset);
  const found = error.found === null || token === "" ? "the end of the block" : `\`${token}\``;
  const width = Math.max(1, token.length);
  loc.end = { ...loc.start, offset: loc.start.offset + width, column: loc.start.column + width };
  const hint = RESERVED.has(token) && expected.includes("a name")
    ? `\`${token}\` is a reserved word; choose another name`
    : expected.includes("an expression")
      ? "an operator or keyword must be followed by a value, a name or a parenthesized expression"
      : `statements start with ${STATEMENT_WORDS.slice(0, -1).join(", ")} or ${STATEMENT_WORDS.at(-1)}`;
  return problem("HX0201", { expected, found, hint }, loc);
}

/** The word, number, string or symbol that starts at `offset`. */
function tokenAt(text: string, offset: number): string {
  const rest = text.slice(offset);
  const match = /^(?:[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?|"[^"\n]*"?|@\S+|==|!=|<=|>=|\.\.|\S)/.exec(rest);
  return match ? match[0] : "";
}

/** Peggy lists every token it could have accepted; say it the way a person would. */
function summarizeExpected(expected: peggy.parser.Expectation[]): string {
  const descriptions = new Set<string>();
  let name = false;
  let value = false;
  for (const e of expected) {
    if (e.type === "other" && e.description === "name") name = true;
    else if (e.type === "other" && (e.description === "number" || e.description === "string")) value = true;
    else if (e.type === "literal") descriptions.add(`\`${e.text}\``);
    else if (e.type === "class") descriptions.add(describeClass(e));
    else if (e.type === "other" && e.description !== "whitespace" && e.description !== "comment" && e.description !== "end of line") descriptions.add(e.description);
    else if (e.type === "end") descriptions.add("the end of the block");
  }
  const expression = name && value;
  const parts: string[] = [];
  if (expression) parts.push("an expression");
  else if (name) parts.push("a name");
  else if (value) parts.push("a value");
  const operators = [...descriptions].filter((d) => !/^`[a-z]+`$/.test(d));
  const words = [...descriptions].filter((d) => /^`[a-z]+`$/.test(d));
  // Inside an expression, the literal tokens that start one (`(`, `-`, `if`, …) say nothing more.
  if (!expression) parts.push(...words);
  parts.push(...operators.filter((d) => !(expression && ["`(`", "`-`", "`[`", "`{`"].includes(d))));
  const unique = [...new Set(parts)];
  if (unique.length === 0) return "something else";
  return unique.length === 1 ? unique[0] : `${unique.slice(0, -1).join(", ")} or ${unique.at(-1)}`;
}

function describeClass(e: peggy.parser.ClassExpectation): string {
  const parts = e.parts.map((p) => (Array.isArray(p) ? p.join("-") : p)).join("");
  if (/^0-9$/.test(parts)) return "a digit";
  if (/a-z|A-Z/.test(parts)) return "a letter";
  if (/^[-+*/<>=!]+$/.test(parts)) return "an operator";
  return `one of [${parts}]`;
}

/** Peggy's error locations are in the block's terms; move them to the file's. */
function shiftLoc(loc: Loc, origin: Origin): void {
  const indent = origin.column - 1;
  for (const point of [loc.start, loc.end]) {
    point.column += indent;
    point.offset += origin.offset + indent * (point.line - 1);
    point.line += origin.line - 1;
  }
}
