import type { ExpressionFacts } from "../3-check/facts.ts";
import type { InputModel, LetModel, ProcedureModel } from "../3-check/types.ts";
import {
  assign, bin, call, cast, id, index, lit, member, newExpr, not, obj, tArray, tRef, rt, rtType, tUnion, type TsExpr, type TsParam, type TsStmt, type TsType,
} from "./ts/ast.ts";
import { ExpressionEmitter } from "./emit-expression.ts";
import { nativeType } from "./emit-types.ts";
import { checkName, definitionName, diceName, elementName, inputName, localName } from "./names.ts";
import { loopLocals, schedule, type Step } from "./plan-straight.ts";

/** The name of an engine's straight-line evaluation. */
export const STRAIGHT = "straight";

/** What the straight-line function needs from the engine emitter: how an input is read, and how an output goes to wire form. */
export interface StraightParts {
  /** An input's value in native form, read from `input` (a fixed input's constant). */
  inputValue: (input: InputModel, read: TsExpr) => TsExpr;
  /** An output's value in wire form, from the expression of its native value. */
  output: (definition: LetModel, value: TsExpr) => TsExpr;
}

/**
 * `function straight(input, dice)`: the usual `resolve` — every requirement holds and every
 * output can be computed — in one straight-line function. Each input, die and definition
 * the requirements and outputs read is computed once, in the trace's order (each after what
 * it reads), into a local; a per-unit definition into an array, unit by unit. No state
 * object, no memo checks, no per-output bookkeeping.
 *
 * It gives up (returns null) as soon as that usual case does not apply — a requirement that
 * fails, a die not rolled, an input not known, a value that stops (an unknown chart cell,
 * division by zero) — and `resolve` then evaluates step by step, which says why. Every
 * definition is a pure function of the input and the dice, so computing one that a branch
 * would not have read changes no value: when this function answers, it answers what the
 * step-by-step evaluation would.
 */
export function straightFunction(procedure: ProcedureModel, facts: ExpressionFacts, constants: Map<string, TsStmt>, parts: StraightParts): { fn: TsStmt; helpers: TsStmt[] } {
  const types = new Map<string, TsType>();
  for (const i of [...procedure.inputs, ...procedure.fixedInputs]) types.set(inputName(i.name), nativeType(i.type));
  for (const d of procedure.dice) types.set(diceName(d.name), tRef("number"));
  for (const l of procedure.lets) {
    if (l.each) types.set(elementName(l.each.list, l.name), tArray(nativeType(l.type), true));
    else types.set(definitionName(l.key), nativeType(l.type));
  }
  // Emitted twice: the first time finds which per-unit values comprehensions read — all units'
  // values, so they need their array, complete before a loop reads them; the others are kept in
  // a local of their loop when only that loop reads them.
  const charts = new Map(procedure.tables.map((t) => [t.name, t]));
  const first = new ExpressionEmitter(facts, { kind: "locals", types, scalars: new Set(), charts }, constants, procedure.keys);
  emitSteps(procedure, schedule(procedure, new Map()), first, new Set(), parts, []);
  const steps = schedule(procedure, first.capturedBy);
  const scalars = loopLocals(procedure, steps, first.capturedAnywhere);
  const emitter = new ExpressionEmitter(facts, { kind: "locals", types, scalars, charts }, constants, procedure.keys);
  const loops: TsStmt[] = [];
  const body = emitSteps(procedure, steps, emitter, scalars, parts, loops);
  // The outputs in wire form, made by a function of its own: its conversions (exact numbers,
  // odds, per-unit arrays) get that function's inlining budget, which straight() has spent.
  const outputLocals = procedure.outputNames.map((name) => {
    const l = procedure.letsByKey.get(name)!;
    return { key: name, l, local: l.each ? elementName(l.each.list, l.name) : definitionName(l.key) };
  });
  const outputParams = [...new Map(outputLocals.map((o) => [o.local, { name: o.local, type: emitter.typeOf(o.local) } as TsParam])).values()];
  const outputs: TsStmt = {
    type: "function",
    name: `${STRAIGHT}$outputs`,
    doc: "The outputs of `straight`, in wire form.",
    params: outputParams,
    returns: tRef("Record", [tRef("string"), rtType("Wire")]),
    body: [{ type: "return", value: obj(outputLocals.map((o) => ({ key: o.key, value: parts.output(o.l, id(o.local)) }))) }],
  };
  const values = call(id(`${STRAIGHT}$outputs`), outputParams.map((p) => id(p.name)));
  const [first$, ...later] = inStages(body, values, (name) => (name === "input" ? tRef("Input") : name === "dice" ? DICE : emitter.typeOf(name)));
  const fn: TsStmt = {
    type: "function",
    name: STRAIGHT,
    doc: "`resolve` in the usual case, straight through: every requirement holds and every output is computed, each definition once, into a local.\nNull when that is not the case (a requirement fails, a die is not rolled, a value stops): `resolve` then evaluates step by step, which says why.",
    params: [{ name: "input", type: tRef("Input") }, { name: "dice", type: DICE }],
    returns: tUnion([tRef("Record", [tRef("string"), rtType("Wire")]), tRef("null")]),
    body: [{
      type: "try",
      body: first$,
      error: "error",
      handler: [
        { type: "if", test: not(bin("instanceof", id("error"), rt("Stop"))), then: [{ type: "throw", value: id("error") }] },
        GIVE_UP,
      ],
    }],
  };
  return { fn, helpers: [...later, ...loops, outputs, ...emitter.helpers] };
}

const GIVE_UP: TsStmt = { type: "return", value: lit(null) };
const DICE = tRef("Readonly", [tRef("Record", [tRef("string"), tUnion([tRef("number"), tRef("undefined")])])]);

/**
 * How much of the straight-line evaluation one function holds, in syntax nodes. A JavaScript
 * engine optimizes each function with a budget of its own for inlining the operations it
 * calls (V8: ~920 bytes of bytecode); one long function spends it on its first steps and calls
 * the rest. Stages of about this size each get the budget.
 */
const STAGE_NODES = 200;

/**
 * The steps cut into stages of about `STAGE_NODES` each: the first stage's statements (ending by
 * returning the next stage's answer), and the later stages as functions `straight$2`, … Each
 * stage is given the values it or a later stage reads from before it, and hands them on with
 * its own; the last returns `result`. A step that gives up returns null, which every stage
 * returns as it is; a stop is thrown to the first stage's handler.
 */
function inStages(steps: TsStmt[], result: TsExpr, typeOf: (name: string) => TsType | undefined): [TsStmt[], ...TsStmt[]] {
  const chunks: TsStmt[][] = [[]];
  let size = 0;
  for (const step of steps) {
    const nodes = countNodes(step);
    if (size > 0 && size + nodes > STAGE_NODES) {
      chunks.push([]);
      size = 0;
    }
    chunks.at(-1)!.push(step);
    size += nodes;
  }
  // What each stage and those after it read (the result counts as read by the last).
  const readFrom = chunks.map(() => new Set<string>());
  for (let k = chunks.length - 1; k >= 0; k--) {
    const reads = readFrom[k];
    if (k === chunks.length - 1) namesIn(result, reads);
    else readFrom[k + 1].forEach((name) => reads.add(name));
    chunks[k].forEach((step) => namesIn(step, reads));
  }
  // A value's type as declared where it is made (an array a later loop fills stays mutable).
  const declared = new Map<string, TsType | undefined>();
  for (const step of steps) if (step.type === "const") declared.set(step.name, step.valueType);
  const known = new Set(["input", "dice"]);
  const handed: string[][] = [];
  for (let k = 0; k < chunks.length; k++) {
    for (const step of chunks[k]) if (step.type === "const") known.add(step.name);
    handed.push(k + 1 < chunks.length ? [...known].filter((name) => readFrom[k + 1].has(name)) : []);
  }
  const next = (k: number): TsStmt => ({ type: "return", value: k + 1 < chunks.length ? call(id(stageName(k + 1)), handed[k].map((name) => id(name))) : result });
  const later = chunks.slice(1).map((chunk, j): TsStmt => ({
    type: "function",
    name: stageName(j + 1),
    doc: `Stage ${j + 2} of \`${STRAIGHT}\`, with the values it and the later stages read from before it.`,
    params: handed[j].map((name) => ({ name, type: declared.get(name) ?? typeOf(name) })),
    returns: tUnion([tRef("Record", [tRef("string"), rtType("Wire")]), tRef("null")]),
    body: [...chunk, next(j + 1)],
  }));
  return [[...chunks[0], next(0)], ...later];
}

const stageName = (k: number) => `${STRAIGHT}$${k + 1}`;

/** The number of syntax nodes of a statement or expression: a measure of its size. */
function countNodes(node: TsStmt | TsExpr): number {
  let count = 0;
  walk(node, () => count++);
  return count;
}

/** The names a statement or expression reads, added to `into`. */
function namesIn(node: TsStmt | TsExpr, into: Set<string>): void {
  walk(node, (n) => {
    if (n.type === "id") into.add(n.name);
  });
}

/** Visits every statement and expression node under `node` (itself included). */
function walk(node: TsStmt | TsExpr, visit: (node: TsStmt | TsExpr) => void): void {
  visit(node);
  const each = (nodes: readonly (TsStmt | TsExpr)[] | undefined) => nodes?.forEach((n) => walk(n, visit));
  switch (node.type) {
    case "array": return each(node.items);
    case "object": return each(node.properties.map((p) => p.value));
    case "call": case "new": return each([node.callee, ...node.args]);
    case "member": case "asConst": case "as": case "satisfies": return each([node.type === "member" ? node.object : node.expr]);
    case "index": return each([node.object, node.index]);
    case "binary": return each([node.left, node.right]);
    case "unary": return each([node.operand]);
    case "conditional": return each([node.test, node.consequent, node.alternate]);
    case "assign": return each([node.target, node.value]);
    case "arrow": return each(Array.isArray(node.body) ? node.body : [node.body]);
    case "const": return each([node.init]);
    case "let": return each(node.init ? [node.init] : []);
    case "return": case "throw": return each(node.value ? [node.value] : []);
    case "expr": return each([node.expr]);
    case "if": return each([node.test, ...node.then, ...(node.otherwise ?? [])]);
    case "for": return each([node.limit, ...node.body]);
    case "while": return each([node.test, ...node.body]);
    case "try": return each([...node.body, ...node.handler]);
    default: return;
  }
}

function emitSteps(procedure: ProcedureModel, steps: Step[], emitter: ExpressionEmitter, scalars: ReadonlySet<string>, parts: StraightParts, loops: TsStmt[]): TsStmt[] {
  const inputs = new Map([...procedure.inputs, ...procedure.fixedInputs].map((i) => [i.name, i]));
  const body: TsStmt[] = [];
  for (const step of steps) {
    switch (step.kind) {
      case "input": {
        const input = inputs.get(step.name)!;
        const read = member(id("input"), step.name);
        // An input left out because it is not known yet: the step-by-step evaluation says what it stops.
        if (input.type.orUnknown) body.push({ type: "if", test: bin("==", read, lit(null)), then: [GIVE_UP] });
        body.push({ type: "const", name: inputName(step.name), init: parts.inputValue(input, read) });
        break;
      }
      case "dice": {
        const name = diceName(step.name);
        body.push({ type: "const", name, init: member(id("dice"), step.name) });
        body.push({ type: "if", test: bin("===", id(name), lit(undefined)), then: [GIVE_UP] });
        break;
      }
      case "check": {
        const r = procedure.requirements[step.index];
        emitter.definition(`straight$${checkName(r.name)}`);
        // `as boolean`: TypeScript would narrow the values the requirement tests, which the definitions after it read as declared.
        body.push({ type: "if", test: not(cast(emitter.emit(r.condition, r.citation.paragraph), tRef("boolean"))), then: [GIVE_UP] });
        break;
      }
      case "let": {
        const l = procedure.letsByKey.get(step.key)!;
        const name = definitionName(l.key);
        emitter.definition(`straight$${name}`);
        body.push({ type: "const", name, valueType: nativeType(l.type), init: emitter.emit(l.value, l.citation.paragraph) });
        break;
      }
      case "units":
        body.push(...unitLoop(procedure, step, emitter, scalars, loops));
        break;
    }
  }
  return body;
}

/**
 * The per-unit definitions of one list in one loop: each into its array (made at the list's
 * length), or a local of the loop. The loop is a function of its own (added to `loops`), given
 * the arrays it fills and the values it reads: a JavaScript engine optimizes each function with
 * a budget of its own for inlining the operations it calls, which one long function runs out of.
 */
function unitLoop(procedure: ProcedureModel, step: Extract<Step, { kind: "units" }>, emitter: ExpressionEmitter, scalars: ReadonlySet<string>, loops: TsStmt[]): TsStmt[] {
  const list = inputName(step.list);
  const units = id(list);
  const i = `${step.variable}$i`;
  const arrays: TsStmt[] = [];
  const filled: TsParam[] = [];
  const own = new Set<string>();
  const { code: loop, reads } = emitter.readsOf(() => {
    const body: TsStmt[] = [{ type: "const", name: localName(step.variable), init: index(units, id(i)) }];
    for (const key of step.keys) {
      const l = procedure.letsByKey.get(key)!;
      const name = elementName(step.list, l.name);
      emitter.definition(`straight$${name}`);
      const value = emitter.emit(l.value, l.citation.paragraph);
      own.add(name);
      if (scalars.has(name)) {
        body.push({ type: "const", name, valueType: nativeType(l.type), init: value });
      } else {
        arrays.push({ type: "const", name, valueType: tArray(nativeType(l.type)), init: newExpr("Array", [member(units, "length")]) });
        filled.push({ name, type: tArray(nativeType(l.type)) });
        body.push({ type: "expr", expr: assign(index(id(name), id(i)), value) });
      }
    }
    return body;
  });
  const read = [list, ...[...reads].filter((name) => name !== list && !own.has(name))].map((name): TsParam => ({ name, type: emitter.typeOf(name) }));
  const params = [...read, ...filled];
  const name = `straight$loop$${own.values().next().value}`;
  loops.push({
    type: "function",
    name,
    doc: `The per-unit definitions ${step.keys.map((key) => `\`${key}\``).join(", ")}, unit by unit.`,
    params,
    returns: tRef("void"),
    body: [{ type: "for", index: i, limit: member(units, "length"), body: loop }],
  });
  return [...arrays, { type: "expr", expr: call(id(name), params.map((p) => id(p.name))) }];
}

/** Whether `resolve` may answer straight through (see `rt.straightOptions`; the outputs are the metadata's definitions). */
export const straightAllowed: TsExpr = call(rt("straightOptions"), [id("options"), member(id("metadata"), "definitions")]);
