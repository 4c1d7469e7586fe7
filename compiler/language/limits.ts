/**
 * Bounds on what a rules block may ask of the compiler. A rule document is untrusted
 * input: past these bounds it gets a diagnostic with a place, never a crash or a hang.
 */
import type { Block, Expr, Loc } from "./ast.ts";
import { children, expressionsOf } from "./visit.ts";

export const LIMITS = {
  /** Levels of expression nesting (each operator, call, `if` and bracket is one). */
  expressionDepth: 100,
  /**
   * Definitions in a chain, each reading the next: an engine computes a definition by first
   * computing what it reads, one call inside the other, so the chain is as deep as its stack.
   */
  definitionChain: 1000,
  /** Unknown names reported per file; the rest are counted in one line (HX0032). */
  unknownNamesPerFile: 50,
  /** Sides of one die. */
  diceSides: 1000,
  /** Equally likely combinations of all the dice of one procedure: each is counted exactly in a safe integer. */
  diceCombinations: Number.MAX_SAFE_INTEGER,
  /** Combinations of dice totals a procedure's distribution enumerates (one run of the rules each). */
  diceTotals: 1_000_000,
} as const;

/**
 * The first expression node of a parsed block that lies deeper than `limit` levels,
 * or null. It walks the tree with its own stack, so a tree of any depth is measured
 * without recursion (the passes after it recurse, which is why the depth is bounded).
 */
export function tooDeep(block: Block, limit: number = LIMITS.expressionDepth): Loc | null {
  const stack: [Expr, number][] = block.statements.flatMap((s) => expressionsOf(s).map((e): [Expr, number] => [e, 1])).reverse();
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > limit) return node.loc;
    // The last part first: a long chain of operators is refused at its last operand, where the text passes the limit.
    for (const child of children(node)) stack.push([child, depth + 1]);
  }
  return null;
}

/**
 * How deep a block nests, read from its text alone: brackets, and runs of `-`, `not`
 * and `if` (each opens a level the parser enters). The offset where it first nests
 * deeper than `limit`, or else the deepest point (so that a block the parser ran out
 * of stack on has a place to point at), and whether the limit was passed there.
 */
export function nesting(text: string, limit: number = LIMITS.expressionDepth): { offset: number; over: boolean } {
  let depth = 0;
  let prefixes = 0;
  let best = 0;
  let bestAt = 0;
  const token = /"(?:\\.|[^"\\\n])*"?|#[^\n]*|[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?|\S/g;
  for (let m = token.exec(text); m; m = token.exec(text)) {
    const t = m[0];
    if (t === "(" || t === "[" || t === "{") depth++;
    else if (t === ")" || t === "]" || t === "}") depth = Math.max(0, depth - 1);
    if (t === "-" || t === "not" || t === "if") prefixes++;
    else if (t !== "(" && t !== "[" && t !== "{") prefixes = 0;
    if (depth + prefixes > limit) return { offset: m.index, over: true };
    if (depth + prefixes > best) {
      best = depth + prefixes;
      bestAt = m.index;
    }
  }
  return { offset: bestAt, over: false };
}
