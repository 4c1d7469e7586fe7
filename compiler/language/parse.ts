import { readFileSync } from "node:fs";
import peggy from "peggy";
import type { Block, Loc } from "./ast.ts";

const GRAMMAR_FILE = new URL("../../grammar/rules.peggy", import.meta.url);

let parser: peggy.Parser | undefined;

function rulesParser(): peggy.Parser {
  parser ??= peggy.generate(readFileSync(GRAMMAR_FILE, "utf8"));
  return parser;
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

export interface SyntaxProblem {
  expected: string;
  found: string;
  hint: string;
  loc: Loc;
}

export type ParseResult = { ok: true; block: Block } | { ok: false; problem: SyntaxProblem };

/** Parses the text of a `rules` block; positions come out in the Markdown file's terms. */
export function parseRulesBlock(text: string, origin: Origin): ParseResult {
  try {
    const block = rulesParser().parse(text) as Block;
    shiftLocations(block, origin);
    return { ok: true, block };
  } catch (error) {
    // Each generated parser has its own SyntaxError class.
    if (!(error instanceof rulesParser().SyntaxError)) throw error;
    const loc = { start: error.location.start, end: error.location.end } as Loc;
    shiftLoc(loc, origin);
    return { ok: false, problem: describeSyntaxError(error, loc) };
  }
}

function describeSyntaxError(error: peggy.parser.SyntaxError, loc: Loc): SyntaxProblem {
  const expected = summarizeExpected(error.expected ?? []);
  const found = error.found === null ? "the end of the block" : `\`${error.found}\``;
  if (loc.end.offset === loc.start.offset) loc.end = { ...loc.start, offset: loc.start.offset + 1, column: loc.start.column + 1 };
  const hint = expected.includes("an expression")
    ? "an operator or keyword must be followed by a value, a name or a parenthesized expression"
    : "statements start with input, record, enum, let, require, dice, table, notation, procedure or example";
  return { expected, found, hint, loc };
}

/** Peggy lists every token it could have accepted; say it the way a person would. */
function summarizeExpected(expected: peggy.parser.Expectation[]): string {
  const descriptions = new Set<string>();
  let expression = false;
  for (const e of expected) {
    if (e.type === "other" && (e.description === "name" || e.description === "number")) expression = true;
    else if (e.type === "literal") descriptions.add(`\`${e.text}\``);
    else if (e.type === "other" && e.description !== "whitespace") descriptions.add(e.description);
    else if (e.type === "end") descriptions.add("the end of the block");
  }
  const keywords = [...descriptions].filter((d) => /^`[a-z]+`$/.test(d));
  const others = [...descriptions].filter((d) => !/^`[a-z]+`$/.test(d));
  const parts: string[] = [];
  if (expression) parts.push("an expression");
  if (keywords.length > 0 && !expression) parts.push(...keywords.slice(0, 6));
  parts.push(...others.filter((d) => !(expression && ["`(`", "`-`", "`[`", "`{`", "string"].includes(d))));
  if (parts.length === 0) return "something else";
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} or ${parts.at(-1)}`;
}

const LOC_KEYS = new Set(["loc", "nameLoc", "fieldLoc", "calleeLoc"]);

/** Grammar actions share position objects between nodes; each must move once. */
function shiftLocations(node: unknown, origin: Origin, moved = new WeakSet<object>()): void {
  if (Array.isArray(node)) {
    for (const item of node) shiftLocations(item, origin, moved);
    return;
  }
  if (node === null || typeof node !== "object") return;
  for (const [key, value] of Object.entries(node)) {
    if (LOC_KEYS.has(key) && value && typeof value === "object" && "start" in value) shiftLoc(value as Loc, origin, moved);
    else shiftLocations(value, origin, moved);
  }
}

function shiftLoc(loc: Loc & { source?: unknown }, origin: Origin, moved = new WeakSet<object>()): void {
  delete loc.source;
  const indent = origin.column - 1;
  for (const point of [loc.start, loc.end]) {
    if (moved.has(point)) continue;
    moved.add(point);
    point.column += indent;
    point.offset += origin.offset + indent * (point.line - 1);
    point.line += origin.line - 1;
  }
}
