import type { Expr, Lookup } from "../language/ast.ts";
import { nodesOf } from "../language/visit.ts";
import type { NotationInfo, Type } from "../language/types.ts";
import type { CheckedEdition, DiceModel, InputModel, LetModel, ProcedureModel, RequirementModel, TableKey, TableModel } from "../3-check/types.ts";
import {
  arr, arrow, assign, bin, call, cast, cond, data, id, index, lit, member, newExpr, not, obj, optionalMember, tArray, tRef, tUnion, rt, rtType, builtin, type TsExpr, type TsStmt, type TsType,
} from "./ts/ast.ts";
import { printDeclarations, printModuleParts } from "./ts/print.ts";
import { fingerprint } from "../cache-files.ts";
import { ExpressionEmitter } from "./emit-expression.ts";
import { engineSchema, fieldSchema } from "./emit-schema.ts";
import { nativeType, numberValue, typeDeclarations, typeTag, wireConversion, wireType } from "./emit-types.ts";
import { branchName, cellName, checkName, definitionName, diceName, elementName, inputName, localName, perUnitName, stepName, tableKeysName, tableName } from "./names.ts";
import { traceOrder, type TraceNode } from "./trace-order.ts";
import { groundsOf } from "./grounds.ts";
import { diceRead } from "./dice-read.ts";
import { STRAIGHT, straightAllowed, straightFunction } from "./emit-straight.ts";
import { ENGINE_FORMATS } from "../runtime/formats.ts";

const S = id("s");
const STATE = tRef("State");

/** The input `resolve` and `distribution` work on: checked, or checked now (invalid input throws). */
const admittedInput = call(rt("admitInput"), [id("schema"), id("input"), id("NOTATIONS")], [tRef("Input")]);

/** Definitions `assume` can fix: single values (not lists or records). */
const ASSUMABLE_KINDS = new Set(["number", "integer", "boolean", "text", "odds", "range", "enum", "notation"]);

const parserName = (grammar: string) => `notation$${grammar.replace(/-/g, "_")}`;

/** The notations whose values a procedure may read or be given, each once. */
function notationsIn(types: Type[]): NotationInfo[] {
  const found = new Map<string, NotationInfo>();
  const records = new Set<unknown>();
  const visit = (t: Type): void => {
    if (t.kind === "list") visit(t.of);
    else if (t.kind === "table") visit(t.info.cell);
    else if (t.kind === "record" && !records.has(t.info)) {
      records.add(t.info);
      t.info.fields.forEach((f) => visit(f.type));
    } else if (t.kind === "notation" && !found.has(t.info.name)) found.set(t.info.name, t.info);
  };
  types.forEach(visit);
  return [...found.values()];
}

/**
 * One engine module per procedure: metadata, types, the input schema, the bound
 * tables, one memoized function per definition, and `check`, `resolve` and
 * `distribution`. The module holds exactly the procedure's dependency closure.
 */
export function emitEngine(procedure: ProcedureModel, edition: CheckedEdition, runtimeImport: string, notationImport: (grammar: string) => string): EngineCode {
  const globals = procedure.lets.filter((l) => !l.each);
  const elements = procedure.lets.filter((l) => l.each);
  const emitter = new ExpressionEmitter(edition.facts, undefined, undefined, procedure.keys);
  const definitionFunctions = [
    ...globals.map((l) => definitionFunction(l, emitter.definition(definitionName(l.key)))),
    ...elements.map((l) => elementFunction(l, emitter.definition(elementName(l.each!.list, l.name)))),
    ...elements.map(perUnitFunction),
    ...procedure.requirements.map((r) => checkFunction(r, emitter.definition(checkName(r.name)))),
    ...procedure.lets.filter((l) => l.branches).map((l) => branchFunction(l, emitter.definition(branchName(l.key)))),
    ...globals.filter(readsCell).map((l) => cellFunction(l, emitter.definition(cellName(l.key)))),
  ];
  const straight = straightFunction(procedure, edition.facts, emitter.constants, {
    inputValue: (input, read) => inputValue(input, procedure.fixed.get(input.name), read),
    output: directOutput,
  });
  const typesUsed: Type[] = [...procedure.inputs.map((i) => i.type), ...procedure.lets.map((l) => l.type), ...procedure.tables.map((t) => t.cellType)];
  const notations = notationsIn(typesUsed).filter((n) => edition.parsers.has(n.grammar));
  const grammars = [...new Set(notations.map((n) => n.grammar))].sort();

  const header = engineHeader(procedure, edition);
  const imports: TsStmt[] = [
    { type: "import", names: [], namespace: "rt", from: runtimeImport },
    ...grammars.map((g): TsStmt => ({ type: "import", names: [], namespace: parserName(g), from: notationImport(g) })),
  ];
  const head: TsStmt[] = [{ type: "comment", text: header.comment }, { type: "blank" }, ...imports, { type: "blank" }, metadataStatement(header.metadata)];
  const statements: TsStmt[] = [
    { type: "blank" },
    ...typeDeclarations(typesUsed).flatMap((s) => [s, { type: "blank" } as TsStmt]),
    ...interfaceStatements(procedure),
    { type: "blank" },
    ...formStatements(procedure, globals, notations),
    { type: "blank" },
    ...procedure.tables.flatMap((t) => tableStatements(t, globals.some((l) => readsCell(l) && tablesRead(l).includes(t.name)))),
    ...stepStatements(procedure),
    { type: "blank" },
    stateClass(procedure),
    { type: "blank" },
    ...procedure.inputs.map((i) => inputAccessor(i, undefined)),
    ...procedure.fixedInputs.map((i) => inputAccessor(i, procedure.fixed.get(i.name))),
    ...procedure.dice.map(diceAccessor),
    ...definitionFunctions,
    ...emitter.helpers,
    straight.fn,
    ...straight.helpers,
    ...emitter.constants.values(),
    { type: "blank" },
    {
      type: "const",
      name: "CHECKS",
      valueType: tArray(rtType("CheckSpec", [STATE]), true),
      init: arr(procedure.requirements.map((r) => obj({ info: id(stepName(`check$${r.name}`)), message: lit(r.message), test: id(checkName(r.name)) }))),
    },
    holdsFunction(procedure),
    traceStatement(procedure),
    ...outputStatements(procedure),
    memoStatement(procedure),
    // Typed: a procedure without dice has an empty outcome, which TypeScript cannot type by itself.
    { type: "const", name: "OUTCOME", valueType: tArray(tRef("string"), true), init: data(procedure.outcome) },
    { type: "blank" },
    assumeFunction(assumable(globals)),
    { type: "blank" },
    inheritFunction(procedure),
    { type: "blank" },
    ...validatorFunctions(),
    { type: "blank" },
    admitDiceFunction(procedure),
    { type: "blank" },
    resolveFunction(procedure),
    { type: "blank" },
    retraceFunction(),
    { type: "blank" },
    distributionFunction(),
  ];
  const printed = printModuleParts(head, statements);
  // The declarations sit beside the JavaScript, which imports the runtime's JavaScript.
  const declarations = printDeclarations([...head, ...statements].map((s) => (s.type === "import" ? { ...s, from: javaScriptSpecifier(s.from) } : s)));
  // What the engine runs: its code and imports, and the metadata it reads, whatever edition it is of.
  const runs = Object.fromEntries(Object.entries(header.metadata).filter(([key]) => !EDITION_METADATA.has(key)));
  const shareKey = fingerprint(JSON.stringify(imports), JSON.stringify(runs), printed.bodyJavascript);
  return { source: printed.typescript, javascript: printed.javascript, declarations, header, shareKey };
}

/** The top of an engine module: what it is generated from, and its metadata (what it answers, with labels and paragraphs). */
function engineHeader(procedure: ProcedureModel, edition: CheckedEdition): EngineHeader {
  const { ruleset, edition: meta } = edition.resolved;
  const files = [...new Set([procedure.citation.file, ...procedure.lets.map((l) => l.citation.file), ...procedure.requirements.map((r) => r.citation.file)])].sort();
  return {
    comment: `Generated by Hexlaw from rules/${ruleset.id}/${meta.id}/ — do not edit.\nProcedure \`${procedure.name}\`: ${procedure.label} (${procedure.citation.paragraph}). Regenerate with \`hexlaw build\`.`,
    metadata: {
      ruleset: ruleset.id,
      rulesetTitle: ruleset.title,
      edition: meta.id,
      editionTitle: meta.title,
      supersedes: meta.supersedes ?? null,
      procedure: procedure.name,
      title: procedure.label,
      paragraph: procedure.citation.paragraph,
      sources: files,
      outputs: procedure.outputs,
      outcome: procedure.outcome,
      summary: procedure.summary,
      decisive: procedure.decisive,
      definitions: Object.fromEntries(procedure.outputNames.map((name) => {
        const l = procedure.letsByKey.get(name)!;
        return [name, { label: l.label, paragraph: l.citation.paragraph, quote: l.citation.quote, perUnit: Boolean(l.each), random: l.random }];
      })),
      formats: ENGINE_FORMATS,
    },
  };
}

/** The types of what the engine reads and answers: `Input`, `Dice` and `Outputs`, in JSON form. */
function interfaceStatements(procedure: ProcedureModel): TsStmt[] {
  return [
    { type: "interface", name: "Input", exported: true, doc: "The inputs, in JSON form (odds as \"3:1\", “All” as \"all\").", members: procedure.inputs.map((i) => ({ name: i.name, type: wireType(i.type), ...(i.type.orUnknown ? { optional: true } : {}), doc: `${i.label}${i.description ? ` — ${i.description}` : ""} (${i.citation.paragraph})` })) },
    { type: "blank" },
    { type: "interface", name: "Dice", exported: true, doc: "The dice, as rolled totals.", members: procedure.dice.map((d) => ({ name: d.name, type: tRef("number"), doc: `${d.label}: ${d.count}d${d.sides} (${d.citation.paragraph})` })) },
    { type: "blank" },
    { type: "interface", name: "Outputs", exported: true, doc: "What the procedure answers, in JSON form (one value per unit for `list.name`).", members: procedure.outputNames.map((name) => {
      const l = procedure.letsByKey.get(name)!;
      return { name, type: wireType(outputType(l)), doc: `${l.label} (${l.citation.paragraph})` };
    }) },
  ];
}

/** What a form needs (`schema`), how results written as text are read (`NOTATIONS`), and what `assume` may fix (`ASSUMABLE`). */
function formStatements(procedure: ProcedureModel, globals: LetModel[], notations: NotationInfo[]): TsStmt[] {
  return [
    { type: "const", name: "schema", exported: true, valueType: rtType("EngineSchema"), doc: "Everything a form needs: labels, types, ranges, enum labels and the paragraph behind each input.", init: data(engineSchema(procedure)) },
    { type: "blank" },
    {
      type: "const",
      name: "NOTATIONS",
      valueType: rtType("NotationReaders"),
      doc: "Results written as text (an input, an assumption) are read with their chart notation's grammar.",
      init: obj(notations.map((n) => ({
        key: n.name,
        value: obj({ parse: member(id(parserName(n.grammar)), "parse"), fields: data(n.fields.map((f) => fieldSchema(f))) }),
      }))),
    },
    {
      type: "const",
      name: "ASSUMABLE",
      valueType: tArray(rtType("FieldSchema"), true),
      doc: "The definitions `assume` may fix, with their types (a worked example's \"assume the odds were 4:1\").",
      init: data(assumable(globals).filter((l) => ASSUMABLE_KINDS.has(l.type.kind)).map((l) => fieldSchema({ name: l.key, label: l.label, description: "", type: l.type }))),
    },
  ];
}

/** Every definition as the runtime reads it (`DEFINITIONS`), the outputs among them (`OUTPUTS`), and `outputs`, which gives them in JSON form. */
function outputStatements(procedure: ProcedureModel): TsStmt[] {
  const globals = procedure.lets.filter((l) => !l.each);
  const elements = procedure.lets.filter((l) => l.each);
  const definitionKeys = [...globals, ...elements].map((l) => l.key);
  const grounds = groundsOf(procedure);
  const dice = diceRead(procedure);
  return [
    {
      type: "const",
      name: "DEFINITIONS",
      valueType: tArray(rtType("OutputSpec", [STATE]), true),
      init: arr([
        ...globals.map((l) => obj({ info: id(stepName(l.key)), random: lit(l.random), ground: lit(grounds.has(l.key)), dice: data(dice.get(l.key)), get: id(definitionName(l.key)), wire: wireFunction(l.type) })),
        ...elements.map((l) => obj({
          info: id(stepName(`out$${l.key}`)),
          random: lit(l.random),
          ground: lit(grounds.has(l.key)),
          dice: data(dice.get(l.key)),
          get: arrow([{ name: "s", type: STATE }], perUnitValues(l)),
          wire: outputWire(l),
        })),
      ]),
    },
    {
      type: "const",
      name: "OUTPUTS",
      init: arr(procedure.outputNames.map((name) => index(id("DEFINITIONS"), lit(definitionKeys.indexOf(name))))),
    },
    {
      type: "function",
      name: "outputs",
      doc: "The outputs as one object literal (a fixed shape is much faster to build than adding keys one by one).\nFast path: everything computable; otherwise each output on its own, so one stop leaves the rest.",
      params: [{ name: "c", type: rtType("Collector", [STATE]) }],
      returns: tRef("Record", [tRef("string"), tUnion([rtType("Wire"), tRef("undefined")])]),
      body: [
        {
          type: "if",
          test: member(id("c"), "allowed"),
          then: [
            { type: "const", name: "s", init: member(id("c"), "s") },
            {
              type: "try",
              body: [{ type: "return", value: obj(procedure.outputNames.map((name) => ({ key: name, value: directOutput(procedure.letsByKey.get(name)!) }))) }],
              error: "error",
              handler: [{ type: "if", test: not(bin("instanceof", id("error"), rt("Stop"))), then: [{ type: "throw", value: id("error") }] }],
            },
          ],
        },
        { type: "return", value: obj(procedure.outputNames.map((name, i) => ({ key: name, value: call(member(id("c"), "value"), [index(id("OUTPUTS"), lit(i))]) }))) },
      ],
    },
  ];
}

/** `check`, `checkDice` and `checkAssume`: what a caller gives, validated against the schema; they never throw. */
function validatorFunctions(): TsStmt[] {
  return [
    {
      type: "function",
      name: "check",
      exported: true,
      doc: "Validates unknown data (a form, a JSON file) against the schema, filling defaults. Never throws.",
      params: [{ name: "value", type: tRef("unknown") }],
      returns: rtType("CheckResult", [tRef("Input")]),
      body: [{ type: "return", value: call(rt("checkInput"), [id("schema"), id("value"), id("NOTATIONS")], [tRef("Input")]) }],
    },
    { type: "blank" },
    {
      type: "function",
      name: "checkDice",
      exported: true,
      doc: "Validates a dice assignment such as { \"combat_roll\": 7 }. Never throws.",
      params: [{ name: "value", type: tRef("unknown") }],
      returns: rtType("CheckResult", [tRef("Partial", [tRef("Dice")])]),
      body: [{ type: "return", value: call(rt("checkDice"), [member(id("schema"), "dice"), id("value")]) }],
    },
    { type: "blank" },
    {
      type: "function",
      name: "checkAssume",
      exported: true,
      doc: "Validates values to assume, such as { \"result\": \"Ao1e4 DL1o2\" }, against their definitions' types. Never throws.",
      params: [{ name: "value", type: tRef("unknown") }],
      returns: rtType("CheckResult", [tRef("Record", [tRef("string"), rtType("Wire")])]),
      body: [{ type: "return", value: call(rt("checkAssumed"), [id("ASSUMABLE"), id("value"), id("NOTATIONS")]) }],
    },
  ];
}

/** `resolve`: whether the action is allowed, every output the dice allow, and the trace (straight through when it can). */
function resolveFunction(procedure: ProcedureModel): TsStmt {
  return {
    type: "function",
    name: "resolve",
    exported: true,
    doc: "Decides whether the action is allowed, computes every output the given dice allow, and traces each step to its paragraph.\nThrows rt.InvalidInput for input, dice or assumptions that `check`, `checkDice` or `checkAssume` would refuse.",
    params: [
      { name: "input", type: tRef("Input") },
      { name: "dice", type: tRef("Partial", [tRef("Dice")]), defaultValue: obj({}) },
      { name: "options", type: rtType("ResolveOptions"), optional: true },
    ],
    returns: rtType("Resolution", [tRef("Outputs")]),
    body: [
      { type: "const", name: "admitted", init: admittedInput },
      { type: "const", name: "rolled", init: call(id("admitDice"), [id("dice")]) },
      {
        type: "if",
        test: straightAllowed,
        then: [
          { type: "const", name: "values", init: call(id(STRAIGHT), [id("admitted"), id("rolled")]) },
          {
            type: "if",
            test: bin("!==", id("values"), lit(null)),
            then: [{
              type: "return",
              value: call(rt("resolved"), [
                id("values"),
                cond(bin("===", optionalMember(id("options"), "trace"), lit(false)), lit(null), id("retrace")),
                id("admitted"),
                // The dice as they are now: the caller may reuse the object before reading the trace.
                obj(procedure.dice.map((d) => ({ key: d.name, value: member(id("rolled"), d.name) }))),
              ], [tRef("Outputs")]),
            }],
          },
        ],
      },
      { type: "const", name: "s", init: newExpr("State", [id("admitted"), id("rolled"), id("options")]) },
      {
        type: "if",
        test: optionalMember(id("options"), "assume"),
        then: [{ type: "expr", expr: call(id("assume"), [S, call(rt("admitAssumed"), [id("ASSUMABLE"), member(id("options"), "assume"), id("NOTATIONS")])]) }],
      },
      { type: "return", value: call(rt("finish"), [S, id("CHECKS"), id("outputs"), call(rt("extraOutputs"), [id("OUTPUTS"), id("DEFINITIONS"), optionalMember(id("options"), "also")]), id("TRACE"), id("holds")], [tRef("Outputs"), STATE]) },
    ],
  };
}

/** `retrace`: the trace of a resolution answered straight through, made when it is first read. */
function retraceFunction(): TsStmt {
  return {
    type: "function",
    name: "retrace",
    doc: "The trace of a resolution answered straight through: the same evaluation made step by step, when the trace is first read.",
    params: [{ name: "input", type: tRef("object") }, { name: "dice", type: tRef("Record", [tRef("string"), tUnion([tRef("number"), tRef("undefined")])]) }],
    returns: tArray(rtType("TraceStep")),
    body: [{ type: "return", value: member(call(rt("finish"), [newExpr("State", [id("input"), id("dice"), lit(undefined)]), id("CHECKS"), id("outputs"), arr([]), id("TRACE"), id("holds")], [tRef("Outputs"), STATE]), "trace") }],
  };
}

/** `distribution`: the exact probability of every outcome over all dice. */
function distributionFunction(): TsStmt {
  return {
    type: "function",
    name: "distribution",
    exported: true,
    doc: "The exact probability of every outcome over all dice (dice are enumerated only where the rules read them).",
    params: [{ name: "input", type: tRef("Input") }],
    returns: rtType("Distribution", [tRef("Outputs")]),
    body: [
      { type: "const", name: "admitted", init: admittedInput },
      {
        type: "return",
        value: call(rt("distribute"), [
          member(id("schema"), "dice"),
          {
            type: "arrow",
            params: [{ name: "dice", type: tRef("Record", [tRef("string"), tUnion([tRef("number"), tRef("undefined")])]) }, { name: "parent", type: tUnion([STATE, tRef("null")]) }],
            body: [
              { type: "const", name: "s", init: newExpr("State", [id("admitted"), id("dice"), rt("UNTRACED")]) },
              { type: "if", test: id("parent"), then: [{ type: "expr", expr: call(id("inherit"), [S, id("parent")]) }] },
              { type: "return", value: S },
            ],
          },
          arrow([{ name: "s", type: STATE }], cond(call(id("holds"), [S]), lit(null), call(rt("requirements"), [S, id("CHECKS")]))),
          id("OUTCOME"),
          id("OUTPUTS"),
          id("MEMO"),
        ], [tRef("Outputs"), STATE]),
      },
    ],
  };
}

/** An engine module as source text, and what share-engines.ts needs to publish another edition's as this one's. */
export interface EngineCode {
  source: string;
  /** The same module without types, for loading in-process (examples, diffs); published as `.js` beside the `.ts`. */
  javascript: string;
  /** What the module exports, typed: published as `.d.ts` beside the `.js`. */
  declarations: string;
  header: EngineHeader;
  /** Equal for two engines that run the very same code (imports, metadata they read, functions); their editions may differ. */
  shareKey: string;
}

/** The top of an engine module: its comment and its metadata. */
export interface EngineHeader {
  comment: string;
  metadata: Record<string, unknown>;
}

/** The metadata that says which edition an engine is of; its code never reads them (it reads `metadata.definitions`). */
const EDITION_METADATA = new Set(["ruleset", "rulesetTitle", "edition", "editionTitle", "supersedes", "sources"]);

/** `export const metadata = {…} as const;` */
export function metadataStatement(metadata: Record<string, unknown>): TsStmt {
  return { type: "const", name: "metadata", exported: true, init: { type: "asConst", expr: data(metadata) } };
}

/** A relative import of a TypeScript module, as the JavaScript beside it is imported (`./x.ts` → `./x.js`). */
export function javaScriptSpecifier(specifier: string): string {
  return specifier.startsWith(".") ? specifier.replace(/\.ts$/, ".js") : specifier;
}

/** A per-unit definition's value for every unit: `perUnit$units$x(s)`. */
function perUnitValues(definition: LetModel): TsExpr {
  return call(id(perUnitName(definition.each!.list, definition.name)), [S]);
}

/**
 * `function perUnit$units$x(s) { … }`: the list of a per-unit definition's values, unit by
 * unit (a loop, no closure), into a list made at its length (growing one by one costs more).
 */
function perUnitFunction(definition: LetModel): TsStmt {
  const { list } = definition.each!;
  const type = tArray(nativeType(definition.type));
  return {
    type: "function",
    name: perUnitName(list, definition.name),
    params: [{ name: "s", type: STATE }],
    returns: type,
    body: [
      { type: "const", name: "n", init: member(call(id(inputName(list)), [S]), "length") },
      { type: "const", name: "out", valueType: type, init: newExpr("Array", [id("n")]) },
      { type: "for", index: "i", limit: id("n"), body: [{ type: "expr", expr: assign(index(id("out"), id("i")), call(id(elementName(list, definition.name)), [S, id("i")])) }] },
      { type: "return", value: id("out") },
    ],
  };
}

/** An output computed directly, in wire form (the fast path of `outputs`; `value` is its native value). */
function directOutput(definition: LetModel, value: TsExpr = definition.each ? perUnitValues(definition) : call(id(definitionName(definition.key)), [S])): TsExpr {
  const wire = outputWire(definition);
  const plain = isPlain(wire);
  // Notation results (and lists of them) are plain objects already; TypeScript needs telling that they are JSON.
  const notation = definition.type.kind === "notation" || (definition.type.kind === "list" && definition.type.of.kind === "notation");
  if (plain) return cast(notation ? cast(value, tRef("unknown")) : value, rtType("Wire"));
  // A list converted item by item: by the runtime's loop, not a closure made on every call.
  const type = outputType(definition);
  if (type.kind === "list") return call(rt("wireEach"), [value, wireFunction(type.of)]);
  return call(wire, [value]);
}

/** For `distribution`: each definition's memo field, and the definitions and dice it reads (by key). */
function memoStatement(procedure: ProcedureModel): TsStmt {
  return {
    type: "const",
    name: "MEMO",
    valueType: tRef("Readonly", [tRef("Record", [tRef("string"), rtType("MemoSpec", [STATE])])]),
    init: obj(procedure.lets.map((l) => ({
      key: l.key,
      value: obj({
        read: arrow([{ name: "s", type: STATE }], member(S, l.each ? elementName(l.each.list, l.name) : definitionName(l.key))),
        lets: data([...l.deps.lets, ...l.deps.elementLets].filter((k) => procedure.letsByKey.has(k))),
        dice: data([...l.deps.dice]),
      }),
    }))),
  };
}

/**
 * Whether every requirement holds — the usual case, decided in one expression, which the
 * JavaScript engine compiles as one; a requirement that cannot be decided (a stop) says no,
 * and `rt.requirements` then runs them one by one to say which fail and why.
 */
function holdsFunction(procedure: ProcedureModel): TsStmt {
  const body: TsStmt[] = procedure.requirements.length === 0
    ? [{ type: "return", value: lit(true) }]
    : [{
        type: "try",
        body: [{ type: "return", value: procedure.requirements.map((r) => call(id(checkName(r.name)), [S])).reduce((a, b) => bin("&&", a, b)) }],
        error: "error",
        handler: [
          { type: "if", test: not(bin("instanceof", id("error"), rt("Stop"))), then: [{ type: "throw", value: id("error") }] },
          { type: "return", value: lit(false) },
        ],
      }];
  return { type: "function", name: "holds", params: [{ name: "s", type: STATE }], returns: tRef("boolean"), body };
}

/** Where the trace finds each step's value, in the order `traceOrder` fixes. */
function traceStatement(procedure: ProcedureModel): TsStmt {
  const read = (field: string) => arrow([{ name: "s", type: STATE }], member(S, field));
  const entry = (node: TraceNode): TsExpr => {
    switch (node.kind) {
      case "input":
        return obj({ info: id(stepName(`in$${node.name}`)), value: read(inputName(node.name)) });
      case "dice":
        return obj({ info: id(stepName(`die$${node.name}`)), value: read(diceName(node.name)) });
      case "check":
        return obj({ info: id(stepName(`check$${procedure.requirements[node.index].name}`)), check: lit(node.index) });
      case "let": {
        const l = procedure.letsByKey.get(node.key)!;
        // A definition citing each branch says which branch gave its value.
        const branches: Record<string, TsExpr> = l.branches
          ? { branch: id(branchName(l.key)), branches: arr(l.branches.map((_, k) => id(stepName(branchStep(l.key, k))))) }
          : {};
        // A definition that reads a chart cell names the cell it read.
        const cell: Record<string, TsExpr> = !l.each && readsCell(l) ? { cell: id(cellName(l.key)) } : {};
        return l.each
          ? obj({ info: id(stepName(node.key)), items: read(elementName(l.each.list, l.name)), ...branches })
          : obj({ info: id(stepName(node.key)), value: read(definitionName(l.key)), ...branches, ...cell });
      }
    }
  };
  return {
    type: "const",
    name: "TRACE",
    doc: "The trace, in reading order: each step after the steps it reads.",
    valueType: tArray(rtType("TraceEntry", [STATE]), true),
    // An output that lists an input is that input's step.
    init: arr(traceOrder(procedure).filter((node) => node.kind !== "let" || !procedure.letsByKey.get(node.key)!.echo).map(entry)),
  };
}

/** The runtime's wire converter for a type: most values are already JSON; a list is always a copy (it may be an input's). */
function wireFunction(type: Type): TsExpr {
  if (type.kind === "list") {
    const inner = wireFunction(type.of);
    if (isPlain(inner)) return member(rt("wireAs"), "list");
    return arrow([{ name: "value", type: tRef("unknown") }], call(member(cast(id("value"), tArray(tRef("unknown"), true)), "map"), [inner]));
  }
  if (type.kind === "odds") return member(rt("wireAs"), "odds");
  if (type.kind === "range") return member(rt("wireAs"), "range");
  if (type.kind === "number" || (type.kind === "integer" && type.orAll)) return member(rt("wireAs"), "number");
  return member(rt("wireAs"), "plain");
}

/** An output's wire converter: a per-unit output's list is made for it, so it is not copied again. */
function outputWire(definition: LetModel): TsExpr {
  const item = wireFunction(definition.type);
  return definition.each && isPlain(item) ? item : wireFunction(outputType(definition));
}

function isPlain(wire: TsExpr): boolean {
  return wire.type === "member" && wire.property === "plain";
}

/** A per-unit definition is output as a list: one value per unit. */
function outputType(definition: LetModel): Type {
  return definition.each ? { kind: "list", of: definition.type } : definition.type;
}


// ─── Tables ──────────────────────────────────────────────────────────────────

function keyValue(key: TableKey): TsExpr {
  if ("member" in key) return lit(key.member);
  return data({ min: key.min, max: key.max, text: key.header }, true);
}

/** Keys as values: odds keys as odds ("13:1+" is 13:1), others as integers or member names. */
function keysOf(type: Type): TsExpr {
  return rt(type.kind === "odds" ? "oddsKeysOf" : "keysOf");
}

function cellValue(value: unknown): TsExpr {
  return data(value, true);
}

function tableStatements(table: TableModel, cited: boolean): TsStmt[] {
  return [
    {
      type: "const",
      name: tableName(table.name),
      doc: `${table.label} — chart “${table.caption}” (${table.citation.paragraph})${table.unknownCells > 0 ? `; ${table.unknownCells} cell(s) unknown` : ""}`,
      valueType: rtType("Table", [nativeType({ ...table.cellType, orNone: undefined } as Type)]),
      init: call(rt("table"), [obj({
        name: lit(table.name),
        caption: lit(table.caption),
        paragraph: lit(table.citation.paragraph),
        rows: arr(table.rows.map(keyValue)),
        columns: arr(table.columns.map(keyValue)),
        cells: arr(table.cells.map((row) => arr(row.map(cellValue)))),
        ...(table.partial ? { partial: lit(true) } : {}),
        // Headers as printed, for "this cell is not known" messages (only charts with unknown cells need
        // them) and for the trace step of a definition that reads a cell ("row 7, column 9").
        ...(table.unknownCells > 0 || table.partial || cited
          ? { rowHeaders: data(table.rows.map((k) => k.header), true), columnHeaders: data(table.columns.map((k) => k.header), true) }
          : {}),
      })]),
    },
    { type: "const", name: tableKeysName(table.name, "rows"), init: cast(call(keysOf(table.rowType), [member(id(tableName(table.name)), "rows")]), tArray(nativeType(table.rowType), true)) },
    { type: "const", name: tableKeysName(table.name, "columns"), init: cast(call(keysOf(table.columnType), [member(id(tableName(table.name)), "columns")]), tArray(nativeType(table.columnType), true)) },
    { type: "blank" },
  ];
}

// ─── Steps and state ─────────────────────────────────────────────────────────

function stepInfo(name: string, label: string, kind: string, paragraph: string, quote: string, type: Type): TsExpr {
  return data({ name, label, kind, paragraph, quote, type: typeTag(type) });
}

function stepStatements(procedure: ProcedureModel): TsStmt[] {
  const step = (key: string, init: TsExpr): TsStmt => ({ type: "const", name: stepName(key), valueType: rtType("StepInfo"), init });
  return [
    ...procedure.inputs.map((i) => step(`in$${i.name}`, stepInfo(i.name, i.label, "input", i.citation.paragraph, i.citation.quote, i.type))),
    // A fixed input is the procedure's premise, not a sentence of the rules: it cites the procedure and quotes nothing.
    ...procedure.fixedInputs.map((i) => step(`in$${i.name}`, stepInfo(i.name, i.label, "input", procedure.citation.paragraph, "", i.type))),
    ...procedure.dice.map((d) => step(`die$${d.name}`, stepInfo(d.name, d.label, "dice", d.citation.paragraph, d.citation.quote, { kind: "integer" }))),
    ...procedure.lets.map((l) => step(l.key, stepInfo(l.key, l.label, "let", l.citation.paragraph, l.citation.quote, l.type))),
    ...procedure.lets.filter((l) => l.each).map((l) => step(`out$${l.key}`, stepInfo(l.key, l.label, "let", l.citation.paragraph, l.citation.quote, outputType(l)))),
    ...procedure.lets.flatMap((l) => (l.branches ?? []).map((c, k) => step(branchStep(l.key, k), stepInfo(l.key, l.label, "let", c.paragraph, c.quote, l.type)))),
    ...procedure.requirements.map((r) => step(`check$${r.name}`, stepInfo(r.name, r.message, "check", r.citation.paragraph, r.citation.quote, { kind: "boolean" }))),
  ];
}

function optional(type: TsType): TsType {
  return tUnion([type, tRef("undefined")]);
}

function stateClass(procedure: ProcedureModel): TsStmt {
  return {
    type: "class",
    name: "State",
    extends: rt("State"),
    doc: "One evaluation: each field memoizes a definition, so each is computed once, only if needed; the trace reads them.",
    fields: [
      ...procedure.inputs.map((i) => ({ name: inputName(i.name), valueType: optional(nativeType(i.type)), init: lit(undefined) })),
      ...procedure.fixedInputs.map((i) => ({ name: inputName(i.name), valueType: optional(nativeType(i.type)), init: lit(undefined) })),
      ...procedure.dice.map((d) => ({ name: diceName(d.name), valueType: optional(tRef("number")), init: lit(undefined) })),
      ...procedure.lets.map((l) =>
        l.each
          ? { name: elementName(l.each.list, l.name), valueType: optional(tArray(optional(nativeType(l.type)))), init: lit(undefined) }
          : { name: definitionName(l.key), valueType: optional(nativeType(l.type)), init: lit(undefined) },
      ),
    ],
  };
}

/** `let v = s.x; if (v === undefined) { …; v = …; (verify v); s.x = v; } return v;` */
function memoized(name: string, field: TsExpr, returns: TsType, compute: TsStmt[], value: TsExpr, params = [{ name: "s", type: STATE }], verify: TsStmt[] = []): TsStmt {
  return {
    type: "function",
    name,
    params,
    returns,
    body: [
      { type: "let", name: "v", init: field },
      {
        type: "if",
        test: bin("===", id("v"), lit(undefined)),
        then: [
          ...compute,
          { type: "expr", expr: assign(id("v"), value) },
          ...verify,
          { type: "expr", expr: assign(field, id("v")) },
        ],
      },
      { type: "return", value: id("v") },
    ],
  };
}

/** An input's value in native form: `read` converted from wire form, or a fixed input's constant. */
function inputValue(input: InputModel, fixed: unknown, read: TsExpr): TsExpr {
  const native = nativeType(input.type);
  const conversion = wireConversion(input.type);
  return fixed !== undefined ? cast(fixedValue(fixed, input.type), native) : cast(conversion ? call(conversion, [read]) : read, native);
}

/** Reads an input once, converting it from wire form; a fixed input reads its constant. */
function inputAccessor(input: InputModel, fixed: unknown): TsStmt {
  const name = input.name;
  const native = nativeType(input.type);
  const read = member(member(S, "input"), name);
  const value = inputValue(input, fixed, read);
  // An input left out because it is not known yet stops whatever reads it.
  const notKnown: TsStmt[] = input.type.orUnknown
    ? [{ type: "if", test: bin("==", read, lit(null)), then: [{ type: "throw", value: call(rt("notKnown"), [id(stepName(`in$${name}`))]) }] }]
    : [];
  return memoized(inputName(name), member(S, inputName(name)), native, notKnown, value);
}

function fixedValue(value: unknown, type: Type): TsExpr {
  if (type.kind === "odds" && typeof value === "string") return call(rt("oddsIn"), [lit(value)]);
  if (value === "all") return lit(Infinity);
  if (type.kind === "number" && typeof value === "number") return data(numberValue(value));
  return data(value);
}

/**
 * The dice `resolve` works on. The usual case — a plain object whose every key is one of
 * the procedure's dice with a total it can roll — is checked here, die by die, without
 * allocating; anything else goes to `rt.admitDice`, which throws for what `checkDice` refuses.
 */
function admitDiceFunction(procedure: ProcedureModel): TsStmt {
  const dice = id("dice");
  const local = (d: DiceModel) => id(`d$${d.name}`);
  const possible = (d: DiceModel): TsExpr => call(rt("rollOrNone"), [local(d), lit(d.count), lit(d.count * d.sides)]);
  const counts = procedure.dice.map((d): TsExpr => cond(bin("===", local(d), lit(undefined)), lit(0), lit(1)));
  const given = counts.length > 0 ? counts.reduce((a, b) => bin("+", a, b)) : lit(0);
  const admitted = [...procedure.dice.map(possible), bin("===", call(rt("keyCount"), [dice]), given)].reduce((a, b) => bin("&&", a, b));
  return {
    type: "function",
    name: "admitDice",
    doc: "The dice `resolve` works on: the usual case checked here, die by die; anything else by `rt.admitDice` (which throws for what `checkDice` refuses).",
    params: [{ name: "dice", type: tRef("unknown") }],
    returns: tRef("Record", [tRef("string"), tUnion([tRef("number"), tRef("undefined")])]),
    body: [
      {
        type: "if",
        test: call(rt("plainObject"), [dice]),
        then: [
          ...procedure.dice.map((d): TsStmt => ({ type: "const", name: `d$${d.name}`, init: member(dice, d.name) })),
          { type: "if", test: admitted, then: [{ type: "return", value: cast(dice, tRef("Record", [tRef("string"), tUnion([tRef("number"), tRef("undefined")])])) }] },
        ],
      },
      { type: "return", value: call(rt("admitDice"), [member(id("schema"), "dice"), dice]) },
    ],
  };
}

/** Reads a die once; a die the caller did not roll stops what needs it. */
function diceAccessor(dice: DiceModel): TsStmt {
  const name = diceName(dice.name);
  const missing: TsStmt = { type: "if", test: bin("===", id("v"), lit(undefined)), then: [{ type: "throw", value: call(rt("needDie"), [id(stepName(`die$${dice.name}`)), lit(dice.name)]) }] };
  return memoized(name, member(S, name), tRef("number"), [], member(member(S, "dice"), dice.name), undefined, [missing]);
}

function definitionFunction(definition: LetModel, emitter: ExpressionEmitter): TsStmt {
  const name = definitionName(definition.key);
  return memoized(
    name,
    member(S, name),
    nativeType(definition.type),
    [],
    emitter.emit(definition.value, definition.citation.paragraph),
  );
}

function elementFunction(definition: LetModel, emitter: ExpressionEmitter): TsStmt {
  const { list, variable } = definition.each!;
  const name = elementName(list, definition.name);
  const i = `${variable}$i`;
  // One value per unit, in an array made on first use.
  return memoized(
    name,
    index(bin("??=", member(S, name), newExpr("Array", [member(call(id(inputName(list)), [S]), "length")])), id(i)),
    nativeType(definition.type),
    [{ type: "const", name: localName(variable), init: index(call(id(inputName(list)), [S]), id(i)) }],
    emitter.emit(definition.value, definition.citation.paragraph),
    [{ name: "s", type: STATE }, { name: i, type: tRef("number") }],
  );
}

/** The step of branch `k` of a definition that cites each branch. */
function branchStep(key: string, k: number): string {
  return `${key}$branch${k}`;
}

/**
 * Which branch of an if/elif/else gave a definition its value, for the trace: its tests
 * again, read from the values resolving memoized (the trace is made after resolving).
 */
function branchFunction(definition: LetModel, emitter: ExpressionEmitter): TsStmt {
  const tests: TsExpr[] = [];
  let node = definition.value;
  for (let k = 0; k < definition.branches!.length - 1 && node.type === "If"; k++) {
    tests.push(emitter.emit(node.test, definition.citation.paragraph));
    node = node.alternate;
  }
  const choice = tests.reduceRight<TsExpr>((otherwise, test, k) => cond(test, lit(k), otherwise), lit(tests.length));
  const each = definition.each;
  const params = each ? [{ name: "s", type: STATE }, { name: `${each.variable}$i`, type: tRef("number") }] : [{ name: "s", type: STATE }];
  const unit: TsStmt[] = each
    ? [{ type: "const", name: localName(each.variable), init: index(call(id(inputName(each.list)), [S]), id(`${each.variable}$i`)) }]
    : [];
  return { type: "function", name: branchName(definition.key), params, returns: tRef("number"), body: [...unit, { type: "return", value: choice }] };
}

/**
 * Where a value can come from on a chart: a cell it reads (`T[row, column]`), or the key a search
 * along the chart stopped at (`first(r for r in rows(T) where … T[r, c] …)` stops in row r, column c).
 */
type ChartRead = { kind: "cell"; lookup: Lookup } | { kind: "search"; lookup: Lookup; along: "rows" | "columns" };

/** The chart reads a value can be: itself, or a branch of its if/elif/else, from a named table. */
function chartReads(value: Expr): ChartRead[] {
  if (value.type === "Lookup") return value.object.type === "Name" ? [{ kind: "cell", lookup: value }] : [];
  if (value.type === "If") return [...chartReads(value.consequent), ...chartReads(value.alternate)];
  const search = searchOf(value);
  return search ? [search] : [];
}

/** `first`/`last` of a chart's own keys, kept by a filter that reads the chart at the key and at one place across it. */
function searchOf(value: Expr): ChartRead | null {
  if (value.type !== "Aggregate" || (value.fn !== "first" && value.fn !== "last") || !value.filter) return null;
  const variable = value.variable.name;
  if (value.value && !(value.value.type === "Name" && value.value.name === variable)) return null;
  const { list } = value;
  if (list.type !== "Call" || (list.callee !== "rows" && list.callee !== "columns") || list.args[0]?.type !== "Name") return null;
  const table = list.args[0].name;
  const along = list.callee;
  const isVariable = (x: Expr) => x.type === "Name" && x.name === variable;
  const mentionsVariable = (x: Expr) => nodesOf(x).some(isVariable);
  const lookup = nodesOf(value.filter).find(
    (x): x is Lookup =>
      x.type === "Lookup" && x.object.type === "Name" && x.object.name === table &&
      (along === "rows" ? isVariable(x.row) && !mentionsVariable(x.column) : isVariable(x.column) && !mentionsVariable(x.row)),
  );
  return lookup ? { kind: "search", lookup, along } : null;
}

function readsCell(definition: LetModel): boolean {
  return !definition.each && chartReads(definition.value).length > 0;
}

function tablesRead(definition: LetModel): string[] {
  return chartReads(definition.value).map((read) => (read.lookup.object as Extract<Expr, { type: "Name" }>).name);
}

/**
 * Where a definition whose value is a chart cell read it, for the trace: "Combat Table (9.9), row 7,
 * column 9". A cell given by a branch of an if/elif/else is cited when that branch gave the value
 * (the conditions are read again, as the value read them); another branch cites no cell. A search
 * along a chart cites the cell it stopped at, the found key's row (or column) across the other key.
 */
function cellFunction(definition: LetModel, emitter: ExpressionEmitter): TsStmt {
  const e = (x: Expr) => emitter.emit(x, definition.citation.paragraph);
  const value = call(id(definitionName(definition.key)), [S]);
  const place = (x: Expr): TsExpr => {
    const [read] = x.type === "If" ? [] : chartReads(x);
    if (read?.kind === "cell") return call(rt("cellPlace"), [e(read.lookup.object), emitter.rowKey(read.lookup, definition.citation.paragraph), e(read.lookup.column), value]);
    if (read?.kind === "search") {
      const { object, row, column } = read.lookup;
      return call(rt("searchPlace"), read.along === "rows" ? [e(object), value, e(column)] : [e(object), e(row), value]);
    }
    if (x.type === "If" && chartReads(x).length > 0) return cond(e(x.test), place(x.consequent), place(x.alternate));
    return lit(null);
  };
  return { type: "function", name: cellName(definition.key), params: [{ name: "s", type: STATE }], returns: tUnion([tRef("string"), tRef("null")]), body: [{ type: "return", value: place(definition.value) }] };
}

function checkFunction(requirement: RequirementModel, emitter: ExpressionEmitter): TsStmt {
  return {
    type: "function",
    name: checkName(requirement.name),
    params: [{ name: "s", type: STATE }],
    returns: tRef("boolean"),
    body: [{ type: "return", value: emitter.emit(requirement.condition, requirement.citation.paragraph) }],
  };
}

/**
 * When dice are enumerated, a branch starts from its parent's values: they were
 * computed before the die being branched on was read, so they cannot depend on it.
 * Per-unit values are copied, so branches never share an array they write to.
 */
function inheritFunction(procedure: ProcedureModel): TsStmt {
  const copy = (field: string, perUnit: boolean): TsStmt => ({
    type: "expr",
    expr: assign(member(S, field), perUnit ? call(optionalMember(member(id("parent"), field), "slice")) : member(id("parent"), field)),
  });
  return {
    type: "function",
    name: "inherit",
    params: [{ name: "s", type: STATE }, { name: "parent", type: STATE }],
    returns: tRef("void"),
    body: [
      ...[...procedure.inputs, ...procedure.fixedInputs].map((i) => copy(inputName(i.name), false)),
      ...procedure.lets.map((l) => (l.each ? copy(elementName(l.each.list, l.name), true) : copy(definitionName(l.key), false))),
    ],
  };
}

/** The definitions an example may assume: not an output that lists an input (the input is given instead). */
function assumable(definitions: LetModel[]): LetModel[] {
  return definitions.filter((l) => !l.echo);
}

/** Worked examples fix intermediate values ("assume the base odds were 4:1"). */
function assumeFunction(definitions: LetModel[]): TsStmt {
  return {
    type: "function",
    name: "assume",
    params: [{ name: "s", type: STATE }, { name: "values", type: tRef("Readonly", [tRef("Record", [tRef("string"), rtType("Wire")])]) }],
    returns: tRef("void"),
    body: definitions.map((d) => {
      const name = definitionName(d.key);
      const read = member(id("values"), d.key);
      const conversion = wireConversion(d.type);
      const value = cast(conversion ? call(conversion, [read]) : cast(read, tRef("unknown")), nativeType(d.type));
      return {
        type: "if",
        test: call(builtin("Object", "hasOwn"), [id("values"), lit(d.key)]),
        then: [{ type: "expr", expr: assign(member(S, name), value) }],
      } satisfies TsStmt;
    }),
  };
}

