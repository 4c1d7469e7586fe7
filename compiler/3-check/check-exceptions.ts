import { writtenKey } from "../2-resolve/scoped-names.ts";
import type { Session } from "../diagnostics/session.ts";
import type { ExceptionDecl, Expr, LetDecl } from "../language/ast.ts";
import { dispatch, type Cases } from "../language/visit.ts";
import { editionName, placeIn, type Declared, type ResolvedEdition } from "../2-resolve/types.ts";
import { pathKey } from "./expression-scope.ts";
import type { ExpressionFacts } from "./facts.ts";
import { suggest } from "./suggest.ts";

/** An exception with the exceptions to it (those that name its label with `to`). */
export interface ExceptionNode {
  declared: Declared<ExceptionDecl>;
  children: ExceptionNode[];
}

/** The exceptions of one definition: those to the definition itself, each with its own. */
export interface DefinitionExceptions {
  definition: Declared<LetDecl>;
  roots: ExceptionNode[];
  /** Every exception in the order an engine tries them: an exception before the one it excepts. */
  ordered: Declared<ExceptionDecl>[];
}

/**
 * Attaches each `exception` to the definition it excepts and to the labelled exception it
 * names with `to`. An exception to no definition (HX0310), to a label no exception of that
 * definition has (HX0311), with a label used twice (HX0202) or in a circle of exceptions
 * (HX0313) is reported and left out.
 */
export function attachExceptions(resolved: ResolvedEdition, session: Session): Map<LetDecl, DefinitionExceptions> {
  const { symbols } = resolved;
  const byTarget = new Map<string, Declared<ExceptionDecl>[]>();
  for (const declared of symbols.exceptions) {
    const { target } = declared.decl;
    const key = writtenKey(symbols, target, declared.file, session);
    if (key === null) continue;
    if (!symbols.lets.has(key)) {
      const element = [...symbols.elementLets.values()].some((scope) => scope.has(target.name));
      const hint = element
        ? "an exception replaces a definition of the whole edition; a per-element definition (`let u.x for u in …`) states its cases in its own `if … then … else …`"
        : suggest(target.name, symbols.letKeys.keys(), "an exception names the `let` it replaces");
      session.report("HX0310", { name: target.name, hint }, placeIn(declared.file, target.nameLoc));
      continue;
    }
    byTarget.set(key, [...(byTarget.get(key) ?? []), declared]);
  }

  const result = new Map<LetDecl, DefinitionExceptions>();
  for (const [name, exceptions] of byTarget) {
    const nodes = new Map<Declared<ExceptionDecl>, ExceptionNode>(exceptions.map((e) => [e, { declared: e, children: [] }]));
    const labelled = new Map<string, ExceptionNode>();
    for (const node of nodes.values()) {
      const { label } = node.declared.decl;
      if (!label) continue;
      const first = labelled.get(label.name);
      if (first) {
        session.report("HX0202", { name: `${name}: ${label.name}`, edition: editionName(resolved.edition) }, placeIn(node.declared.file, label.nameLoc),
          [{ message: "first defined here", place: placeIn(first.declared.file, first.declared.decl.label!.nameLoc) }]);
        nodes.delete(node.declared);
        continue;
      }
      labelled.set(label.name, node);
    }
    const roots: ExceptionNode[] = [];
    for (const node of nodes.values()) {
      const { parent } = node.declared.decl;
      if (!parent) {
        roots.push(node);
        continue;
      }
      const excepted = labelled.get(parent.name);
      if (!excepted) {
        session.report("HX0311", { name, label: parent.name, hint: suggest(parent.name, labelled.keys(), labelled.size > 0 ? `the labelled exceptions to \`${name}\` are ${[...labelled.keys()].join(", ")}` : `no exception to \`${name}\` has a label; write one as \`exception label: ${name} when …\``) }, placeIn(node.declared.file, parent.nameLoc));
        continue;
      }
      excepted.children.push(node);
    }
    const ordered: Declared<ExceptionDecl>[] = [];
    const reached = new Set<ExceptionNode>();
    const walk = (node: ExceptionNode) => {
      reached.add(node);
      node.children.forEach(walk);
      ordered.push(node.declared);
    };
    roots.forEach(walk);
    // An exception no walk from the definition reaches is in a circle (each has one parent): reported once, at its first.
    const circled = new Set<ExceptionNode>();
    for (const node of nodes.values()) {
      if (reached.has(node) || circled.has(node) || !node.declared.decl.parent) continue;
      const path: ExceptionNode[] = [];
      let at: ExceptionNode | undefined = node;
      while (at && !path.includes(at) && !circled.has(at)) {
        path.push(at);
        at = at.declared.decl.parent ? labelled.get(at.declared.decl.parent.name) : undefined;
      }
      path.forEach((n) => circled.add(n));
      // A chain that ends at an exception left out above (its label unknown) is left out with it, said once there.
      if (!at || !path.includes(at)) continue;
      const circle = path.slice(path.indexOf(at));
      const labels = [...circle, circle[0]].map((n) => n.declared.decl.label?.name ?? "?");
      session.report("HX0313", { name, path: labels.join(" → ") }, placeIn(circle[0].declared.file, circle[0].declared.decl.parent!.nameLoc));
    }
    result.set(symbols.lets.get(name)!.decl, { definition: symbols.lets.get(name)!, roots, ordered });
  }
  return result;
}

/**
 * HX0312: two exceptions of the same level (to the definition, or to the same labelled
 * exception) whose conditions can both hold, counting the exceptions to each. The compiler
 * never picks one: the conditions must be exclusive — shown by a comparison of the same value
 * in each that no value passes both (`x == 0` and `x > 0`, `not b` and `b`, `t == open` and
 * `t in {close, very_close}`) — or one must be made an exception to the other.
 */
export function checkOverlaps(exceptions: Map<LetDecl, DefinitionExceptions>, facts: ExpressionFacts, session: Session): void {
  const conditionsOf = (node: ExceptionNode): Expr[] => [node.declared.decl.condition, ...node.children.flatMap(conditionsOf)];
  const checkLevel = (name: string, siblings: ExceptionNode[]) => {
    for (const [j, later] of siblings.entries()) {
      for (const earlier of siblings.slice(0, j)) {
        const overlap = conditionsOf(earlier).some((a) => conditionsOf(later).some((b) => !exclusive(a, b, facts)));
        if (!overlap) continue;
        const { decl, file } = later.declared;
        const labelOf = (n: ExceptionNode) => n.declared.decl.label?.name;
        const label = labelOf(earlier) ?? "first";
        session.report("HX0312", {
          name,
          hint: `make one an exception to the other (label it \`exception ${label}: ${name} when …\` and write the other \`exception ${name} to ${label} when …\`), or make the conditions exclusive by a comparison of the same value`,
        }, placeIn(file, decl.condition.loc), [{ message: "the other exception that can apply", place: placeIn(earlier.declared.file, earlier.declared.decl.condition.loc) }]);
      }
    }
    siblings.forEach((node) => checkLevel(name, node.children));
  };
  for (const { definition, roots } of exceptions.values()) checkLevel(definition.decl.name, roots);
}

/** What one comparison says about a value: the values it allows. */
type Constraint =
  | { key: string; values: unknown[]; negated: boolean }
  | { key: string; low?: { at: number; open: boolean }; high?: { at: number; open: boolean } };

/** Whether no values make both conditions hold, as shown by two comparisons of the same value (one of each `and`). */
export function exclusive(a: Expr, b: Expr, facts: ExpressionFacts): boolean {
  const left = conjuncts(a).map((e) => constraint(e, facts)).filter((c): c is Constraint => c !== null);
  const right = conjuncts(b).map((e) => constraint(e, facts)).filter((c): c is Constraint => c !== null);
  return left.some((x) => right.some((y) => x.key === y.key && disjoint(x, y)));
}

function conjuncts(expr: Expr): Expr[] {
  return expr.type === "Binary" && expr.op === "and" ? [...conjuncts(expr.left), ...conjuncts(expr.right)] : [expr];
}

const FLIPPED: Record<string, string> = { "<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!=" };

function constraint(expr: Expr, facts: ExpressionFacts): Constraint | null {
  if (expr.type === "Unary" && expr.op === "not") {
    const key = pathKey(expr.operand);
    return key && facts.type(expr.operand)?.kind === "boolean" ? { key, values: [false], negated: false } : null;
  }
  if (expr.type === "Name" || expr.type === "Field") {
    const key = pathKey(expr);
    return key && facts.type(expr)?.kind === "boolean" ? { key, values: [true], negated: false } : null;
  }
  if (expr.type === "In" && expr.set.type === "Set") {
    const key = pathKey(expr.value);
    const values = expr.set.items.map((item) => constant(item, facts));
    return key && values.every((v) => v !== undefined) ? { key, values, negated: false } : null;
  }
  if (expr.type !== "Binary" || !(expr.op in FLIPPED)) return null;
  const [path, op, value] = constant(expr.right, facts) !== undefined ? [expr.left, expr.op, constant(expr.right, facts)] : [expr.right, FLIPPED[expr.op], constant(expr.left, facts)];
  const key = pathKey(path);
  if (!key || value === undefined || (path.type === "Name" && facts.binding(path)?.kind === "member")) return null;
  if (op === "==" || op === "!=") return { key, values: [value], negated: op === "!=" };
  if (typeof value !== "number") return null;
  if (op === "<" || op === "<=") return { key, high: { at: value, open: op === "<" } };
  return { key, low: { at: value, open: op === ">" } };
}

/** A value written as a constant: a number, `true`/`false`, text, or an enum member (bare or qualified). */
function constant(expr: Expr, facts: ExpressionFacts): unknown {
  return dispatch(CONSTANT, expr, facts);
}

const notConstant = () => undefined;
const CONSTANT: Cases<unknown, ExpressionFacts> = {
  Literal: (e) => (e.kind === "none" || e.kind === "all" ? undefined : e.value),
  Unary: (e) => (e.op === "-" && e.operand.type === "Literal" && typeof e.operand.value === "number" ? -e.operand.value : undefined),
  Name: (e, facts) => {
    const b = facts.binding(e);
    return b?.kind === "member" ? `member:${b.member}` : undefined;
  },
  Field: (e, facts) => {
    const b = facts.binding(e);
    return b?.kind === "member" ? `member:${b.member}` : undefined;
  },
  Lookup: notConstant, Index: notConstant, Binary: notConstant, Ratio: notConstant, In: notConstant, Set: notConstant,
  Span: notConstant, If: notConstant, Aggregate: notConstant, Call: notConstant, List: notConstant, RecordLiteral: notConstant,
};

/** Whether no value passes both constraints (numbers are read as real numbers, which leaves out nothing). */
function disjoint(x: Constraint, y: Constraint): boolean {
  if ("values" in x && !x.negated) return x.values.every((v) => !passes(y, v));
  if ("values" in y && !y.negated) return y.values.every((v) => !passes(x, v));
  if ("values" in x || "values" in y) return false;
  const low = [x.low, y.low].filter((b) => b !== undefined).sort((p, q) => q.at - p.at || Number(q.open) - Number(p.open))[0];
  const high = [x.high, y.high].filter((b) => b !== undefined).sort((p, q) => p.at - q.at || Number(q.open) - Number(p.open))[0];
  if (!low || !high) return false;
  return low.at > high.at || (low.at === high.at && (low.open || high.open));
}

function passes(c: Constraint, value: unknown): boolean {
  if ("values" in c) return c.values.includes(value) !== c.negated;
  if (typeof value !== "number") return true;
  if (c.low && (c.low.open ? value <= c.low.at : value < c.low.at)) return false;
  return !c.high || (c.high.open ? value < c.high.at : value <= c.high.at);
}
