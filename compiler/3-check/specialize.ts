import type { Expr, IfExpr, Literal } from "../language/ast.ts";
import { BOOLEAN } from "../language/types.ts";
import { dispatch, mapChildren, type Cases } from "../language/visit.ts";
import type { CheckedFacts } from "./facts.ts";

type Known = { value: unknown } | null;

/**
 * Simplifies an expression for a procedure that fixes some inputs (`with
 * attack_type = overrun`): conditions on fixed inputs are decided, and only the
 * branch taken remains. A procedure's closure, and so its form and its engine,
 * then hold only what it can actually read.
 */
export function specialize(expr: Expr, fixed: Fixed): Expr {
  if (fixed.values.size === 0) return expr;
  return dispatch(SPECIALIZE, expr, fixed);
}

/** A procedure's fixed inputs (by name, in wire form), and the facts of the expressions specialized (new nodes get their originals' facts). */
export interface Fixed {
  values: ReadonlyMap<string, unknown>;
  facts: CheckedFacts;
}

const parts = (expr: Expr, fixed: Fixed) => {
  const copy = mapChildren(expr, (child) => specialize(child, fixed));
  if (copy !== expr) fixed.facts.derive(copy, expr);
  return copy;
};
/** A condition the fixed inputs decide becomes `true` or `false`; otherwise its parts are specialized. */
const decided = (expr: Expr, fixed: Fixed) => {
  const value = known(expr, fixed);
  return value && typeof value.value === "boolean" ? boolean(value.value, expr, fixed) : parts(expr, fixed);
};

const SPECIALIZE: Cases<Expr, Fixed> = {
  If: (expr, fixed) => {
    const test = known(expr.test, fixed);
    if (test && typeof test.value === "boolean") return specialize(test.value ? expr.consequent : expr.alternate, fixed);
    return parts(expr, fixed);
  },
  Binary: (expr, fixed) => {
    if (expr.op !== "and" && expr.op !== "or") return decided(expr, fixed);
    const left = known(expr.left, fixed);
    const right = known(expr.right, fixed);
    const decisive = expr.op === "or";
    if (left?.value === decisive || right?.value === decisive) return boolean(decisive, expr, fixed);
    if (left) return specialize(expr.right, fixed);
    if (right) return specialize(expr.left, fixed);
    return parts(expr, fixed);
  },
  Unary: decided,
  In: decided,
  Field: parts,
  Lookup: parts,
  Index: parts,
  Ratio: parts,
  Aggregate: parts,
  Call: parts,
  List: parts,
  Set: parts,
  Span: parts,
  RecordLiteral: parts,
  Literal: (expr) => expr,
  Name: (expr) => expr,
};

/**
 * Specializes a definition that cites each of its `count` branches (an if/elif/else chain):
 * branches whose test the fixed inputs decide are dropped or taken, and `kept` says which of
 * the original branches remain, in order, so that each keeps its own citation.
 */
export function specializeBranches(expr: Expr, count: number, fixed: Fixed): { value: Expr; kept: number[] } {
  const all = Array.from({ length: count }, (_, k) => k);
  if (fixed.values.size === 0) return { value: expr, kept: all };
  const chain: IfExpr[] = [];
  let node = expr;
  for (let k = 0; k < count - 1 && node.type === "If"; k++) {
    chain.push(node);
    node = node.alternate;
  }
  const open: { at: IfExpr; test: Expr; value: Expr; k: number }[] = [];
  let taken: { value: Expr; k: number } = { value: node, k: chain.length };
  for (const [k, at] of chain.entries()) {
    const test = known(at.test, fixed);
    if (test?.value === true) {
      taken = { value: at.consequent, k };
      break;
    }
    if (test?.value !== false) open.push({ at, test: at.test, value: at.consequent, k });
  }
  const value = open.reduceRight<Expr>(
    (alternate, b) => {
      const branch: IfExpr = { ...b.at, test: specialize(b.test, fixed), consequent: specialize(b.value, fixed), alternate };
      fixed.facts.derive(branch, b.at);
      return branch;
    },
    specialize(taken.value, fixed),
  );
  return { value, kept: [...open.map((b) => b.k), taken.k] };
}

function boolean(value: boolean, at: Expr, { facts }: Fixed): Literal {
  const literal: Literal = { type: "Literal", kind: "boolean", value, loc: at.loc };
  facts.setType(literal, BOOLEAN);
  return literal;
}

/** The value of an expression if the fixed inputs decide it. */
function known(expr: Expr, fixed: Fixed): Known {
  return dispatch(KNOWN, expr, fixed);
}

const unknown = () => null;

const KNOWN: Cases<Known, Fixed> = {
  Literal: (expr) => (expr.kind === "boolean" || expr.kind === "integer" || expr.kind === "number" ? { value: expr.value } : null),
  Name: (expr, fixed) => {
    const b = fixed.facts.binding(expr);
    if (b?.kind === "member") return { value: b.member };
    if (b?.kind === "input" && fixed.values.has(b.decl.name)) return { value: fixed.values.get(b.decl.name) };
    return null;
  },
  Unary: (expr, fixed) => {
    const operand = known(expr.operand, fixed);
    return operand && expr.op === "not" ? { value: !operand.value } : null;
  },
  Binary: (expr, fixed) => {
    const left = known(expr.left, fixed);
    const right = known(expr.right, fixed);
    if (expr.op === "and") {
      if (left?.value === false || right?.value === false) return { value: false };
      return left && right ? { value: Boolean(left.value && right.value) } : null;
    }
    if (expr.op === "or") {
      if (left?.value === true || right?.value === true) return { value: true };
      return left && right ? { value: Boolean(left.value || right.value) } : null;
    }
    if (!left || !right) return null;
    if (expr.op === "==") return { value: left.value === right.value };
    if (expr.op === "!=") return { value: left.value !== right.value };
    return null;
  },
  In: (expr, fixed) => {
    if (expr.set.type !== "Set") return null;
    const value = known(expr.value, fixed);
    const items = expr.set.items.map((item) => known(item, fixed));
    if (!value || items.some((item) => item === null)) return null;
    return { value: items.some((item) => item!.value === value.value) };
  },
  // Arithmetic, charts, lists and calls are left to the engine: only conditions are decided here.
  Field: unknown,
  Lookup: unknown,
  Index: unknown,
  Ratio: unknown,
  Set: unknown,
  Span: unknown,
  If: unknown,
  Aggregate: unknown,
  Call: unknown,
  List: unknown,
  RecordLiteral: unknown,
};
