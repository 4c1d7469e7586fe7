import type { Dependencies, InputModel, LetModel, ProcedureModel } from "../3-check/types.ts";
import { assign, bin, cast, id, index, lit, member, newExpr, not, obj, tArray, tRef, type TsExpr, type TsStmt, type TsType } from "./ts/ast.ts";
import { ExpressionEmitter } from "./emit-expression.ts";
import { nativeType } from "./emit-types.ts";
import { checkName, definitionName, diceName, elementName, inputName, localName } from "./names.ts";
import { traceOrder } from "./trace-order.ts";

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
 * The definitions, inputs and dice that the requirements and the outputs read, directly
 * or through other definitions (keys as `traceOrder` names them: `in:x`, `die:x`, `let:key`).
 */
function needed(procedure: ProcedureModel): Set<string> {
  const seen = new Set<string>();
  const reads = (deps: Dependencies): void => {
    for (const name of deps.inputs) seen.add(`in:${name}`);
    for (const name of deps.dice) seen.add(`die:${name}`);
    for (const key of [...deps.lets, ...deps.elementLets]) definition(key);
  };
  const definition = (key: string): void => {
    const model = procedure.letsByKey.get(key);
    if (!model || seen.has(`let:${key}`)) return;
    seen.add(`let:${key}`);
    if (model.each) seen.add(`in:${model.each.list}`);
    reads(model.deps);
  };
  procedure.requirements.forEach((r) => reads(r.deps));
  procedure.outputNames.forEach(definition);
  return seen;
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
export function straightFunction(procedure: ProcedureModel, constants: Map<string, TsStmt>, parts: StraightParts): { fn: TsStmt; helpers: TsStmt[] } {
  const inputs = new Map([...procedure.inputs, ...procedure.fixedInputs].map((i) => [i.name, i]));
  const types = new Map<string, TsType>();
  for (const i of inputs.values()) types.set(inputName(i.name), nativeType(i.type));
  for (const d of procedure.dice) types.set(diceName(d.name), tRef("number"));
  for (const l of procedure.lets) {
    if (l.each) types.set(elementName(l.each.list, l.name), tArray(nativeType(l.type), true));
    else types.set(definitionName(l.name), nativeType(l.type));
  }
  const emitter = new ExpressionEmitter({ kind: "locals", types }, constants);
  const wanted = needed(procedure);
  const giveUp: TsStmt = { type: "return", value: lit(null) };
  const body: TsStmt[] = [];
  for (const node of traceOrder(procedure)) {
    switch (node.kind) {
      case "input": {
        if (!wanted.has(`in:${node.name}`)) break;
        const input = inputs.get(node.name)!;
        const read = member(id("input"), node.name);
        // An input left out because it is not known yet: the step-by-step evaluation says what it stops.
        if (input.type.orUnknown) body.push({ type: "if", test: bin("==", read, lit(null)), then: [giveUp] });
        body.push({ type: "const", name: inputName(node.name), init: parts.inputValue(input, read) });
        break;
      }
      case "dice": {
        if (!wanted.has(`die:${node.name}`)) break;
        const name = diceName(node.name);
        body.push({ type: "const", name, init: member(id("dice"), node.name) });
        body.push({ type: "if", test: bin("===", id(name), lit(undefined)), then: [giveUp] });
        break;
      }
      case "check": {
        const r = procedure.requirements[node.index];
        emitter.definition(`straight$${checkName(r.name)}`);
        // `as boolean`: TypeScript would narrow the values the requirement tests, which the definitions after it read as declared.
        body.push({ type: "if", test: not(cast(emitter.emit(r.condition, r.citation.paragraph), tRef("boolean"))), then: [giveUp] });
        break;
      }
      case "let": {
        if (!wanted.has(`let:${node.key}`)) break;
        body.push(...definitionStatements(procedure.letsByKey.get(node.key)!, emitter, types));
        break;
      }
    }
  }
  const values = obj(procedure.outputNames.map((name) => {
    const l = procedure.letsByKey.get(name)!;
    return { key: name, value: parts.output(l, id(l.each ? elementName(l.each.list, l.name) : definitionName(l.name))) };
  }));
  const fn: TsStmt = {
    type: "function",
    name: STRAIGHT,
    doc: "`resolve` in the usual case, straight through: every requirement holds and every output is computed, each definition once, into a local.\nNull when that is not the case (a requirement fails, a die is not rolled, a value stops): `resolve` then evaluates step by step, which says why.",
    params: [{ name: "input", type: tRef("Input") }, { name: "dice", type: tRef("Readonly", [tRef("Record", [tRef("string"), tRef("number | undefined")])]) }],
    returns: tRef("Record<string, rt.Wire> | null"),
    body: [{
      type: "try",
      body: [...body, { type: "return", value: values }],
      error: "error",
      handler: [
        { type: "if", test: not(bin("instanceof", id("error"), id("rt.Stop"))), then: [{ type: "throw", value: id("error") }] },
        giveUp,
      ],
    }],
  };
  return { fn, helpers: emitter.helpers };
}

/** `const odds = …;`, or for a per-unit definition its array, filled unit by unit. */
function definitionStatements(definition: LetModel, emitter: ExpressionEmitter, types: Map<string, TsType>): TsStmt[] {
  if (!definition.each) {
    const name = definitionName(definition.name);
    emitter.definition(`straight$${name}`);
    return [{ type: "const", name, valueType: types.get(name), init: emitter.emit(definition.value, definition.citation.paragraph) }];
  }
  const { list, variable } = definition.each;
  const name = elementName(list, definition.name);
  const units = id(inputName(list));
  const i = `${variable}$i`;
  emitter.definition(`straight$${name}`);
  return [
    { type: "const", name, valueType: tArray(nativeType(definition.type)), init: newExpr("Array", [member(units, "length")]) },
    {
      type: "for",
      index: i,
      limit: member(units, "length"),
      body: [
        { type: "const", name: localName(variable), init: index(units, id(i)) },
        { type: "expr", expr: assign(index(id(name), id(i)), emitter.emit(definition.value, definition.citation.paragraph)) },
      ],
    },
  ];
}

/** Whether `resolve` may answer straight through: no values assumed and no definitions asked for beyond the outputs. */
export const straightAllowed: TsExpr = bin(
  "&&",
  bin("===", { type: "member", object: id("options"), property: "assume", optional: true }, lit(undefined)),
  bin("===", { type: "member", object: id("options"), property: "also", optional: true }, lit(undefined)),
);
