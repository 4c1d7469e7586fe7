import type { Session } from "../diagnostics/session.ts";
import type { LetDecl, NameRef, ProcedureDecl, SummaryPart } from "../language/ast.ts";
import { placeIn, type Declared, type ResolvedEdition, type Symbols } from "../2-resolve/types.ts";
import { writtenKey } from "../2-resolve/scoped-names.ts";
import { localNames } from "./local-names.ts";
import type { LiteralValues } from "./literal-values.ts";
import { humanize } from "./resolve-types.ts";
import { describe } from "../language/types.ts";
import { markRandom, type Model } from "./build-model.ts";
import { collectDependencies } from "./collect-dependencies.ts";
import { specialize, specializeBranches } from "./specialize.ts";
import type { Decisive, Dependencies, InputModel, LetModel, OutputGroup, ProcedureModel, SummaryPartModel } from "./types.ts";

/**
 * Closes each procedure over what it uses: from its outputs and checks, every
 * definition, input, die and table they depend on. One engine is generated per
 * procedure from exactly this closure.
 */
export function checkProcedures(
  resolved: ResolvedEdition,
  model: Model,
  literals: LiteralValues,
  session: Session,
): ProcedureModel[] {
  return [...resolved.symbols.procedures.values()].map((declared) => localNames(checkProcedure(declared, resolved.symbols, model, literals, session), resolved.symbols));
}

function checkProcedure(
  declared: Declared<ProcedureDecl>,
  symbols: Symbols,
  model: Model,
  literals: LiteralValues,
  session: Session,
): ProcedureModel {
  const { decl, file } = declared;
  const report = (name: NameRef, expected: string, hint: string) =>
    session.report("HX0501", { name: name.name, procedure: decl.name, expected, hint }, placeIn(file, name.nameLoc));

  const fixed = new Map<string, unknown>();
  const checks: string[] = [];
  const outputs: OutputGroup[] = [];
  const outcome: string[] = [];
  const summaries: { parts: SummaryPart[]; loc: ProcedureDecl["loc"] }[] = [];
  /** Inputs an output lists: each answered as a definition whose value is the input. */
  const echoes = new Map<string, LetModel>();
  for (const clause of decl.clauses) {
    switch (clause.type) {
      case "With":
        for (const binding of clause.bindings) {
          const input = model.inputs.get(binding.name.name);
          if (!input) {
            report(binding.name, "an input", "`with` fixes an input to a value for this procedure");
            continue;
          }
          const value = literals.value(binding.value, input.type, file, `The value of \`${input.name}\``);
          if (value.ok) fixed.set(input.name, value.value);
        }
        break;
      case "Check":
        for (const name of clause.names) {
          if (model.requirements.has(name.name)) checks.push(name.name);
          else report(name, "a requirement", "`check` lists requirements (`require name: …`)");
        }
        break;
      case "Output":
      case "Outcome": {
        const names: string[] = [];
        for (const name of clause.names) {
          const key = writtenKey(symbols, name, file, session);
          if (key === null) continue;
          const input = model.letsByKey.has(key) ? undefined : model.inputs.get(key);
          if (input && !echoes.has(input.name)) echoes.set(input.name, echoOf(input, name, model));
          if (model.letsByKey.has(key) || input) names.push(key);
          else report(name, "a definition or an input", `\`${clause.type.toLowerCase()}\` lists definitions (\`let name = …\`, or \`list.name\` for one per unit) and inputs`);
        }
        if (clause.type === "Output") outputs.push({ label: clause.group?.text ?? "Results", names });
        else outcome.push(...names);
        break;
      }
      case "Summary":
        summaries.push(clause);
        break;
    }
  }

  // Under the procedure's fixed inputs, each definition keeps only the branches it can take;
  // only definitions the procedure reaches are specialized.
  const lets = new Map<string, LetModel>();
  const specializing = { values: fixed, facts: model.facts };
  const specialized = (key: string): LetModel | undefined => {
    const known = lets.get(key);
    if (known) return known;
    const definition = model.letsByKey.get(key) ?? echoes.get(key);
    if (!definition) return undefined;
    // A definition citing each branch keeps the citations of the branches that remain.
    const cited = definition.branches ? specializeBranches(definition.value, definition.branches.length, specializing) : undefined;
    const value = cited?.value ?? specialize(definition.value, specializing);
    const branches = cited?.kept.map((k) => definition.branches![k]);
    const citations = branches?.length === 1 ? { citation: branches[0], branches: undefined } : { branches };
    // Dependencies change only where specializing dropped a branch.
    const copy = { ...definition, value, ...citations, deps: value === definition.value ? definition.deps : collectDependencies(value, model.facts), random: false };
    lets.set(key, copy);
    return copy;
  };
  const requirements = new Map(checks.map((name) => {
    const r = model.requirements.get(name)!;
    const condition = specialize(r.condition, specializing);
    return [name, { ...r, condition, deps: condition === r.condition ? r.deps : collectDependencies(condition, model.facts) }] as const;
  }));

  // The closure: definitions reached from the outputs, the outcome and the checks (as written, or
  // specialized: without the branches the fixed inputs rule out).
  const outputNames = [...new Set([...outputs.flatMap((g) => g.names), ...outcome])];
  const closure = (definitions: readonly string[], from: readonly Dependencies[] = [], definition: (key: string) => { deps: Dependencies } | undefined = specialized): Reach => {
    const reach: Reach = { lets: new Set(), inputs: new Set(), fields: new Set(), dice: new Set(), tables: new Set() };
    const queue: string[] = [...definitions];
    const addDeps = (deps: Dependencies) => {
      deps.inputs.forEach((n) => reach.inputs.add(n));
      deps.fields.forEach((n) => reach.fields.add(n));
      deps.dice.forEach((n) => reach.dice.add(n));
      deps.tables.forEach((n) => reach.tables.add(n));
      queue.push(...deps.lets, ...deps.elementLets);
    };
    from.forEach(addDeps);
    while (queue.length > 0) {
      const key = queue.pop()!;
      if (reach.lets.has(key)) continue;
      reach.lets.add(key);
      const found = definition(key);
      if (found) addDeps(found.deps);
    }
    return reach;
  };
  const { inputs, dice, tables } = closure(outputNames, [...requirements.values()].map((r) => r.deps));
  markRandom(lets);

  // A fixed input is used when the rules read it, even if only in conditions it decides (`with attack_type = overrun`).
  const read = closure(outputNames, checks.map((name) => model.requirements.get(name)!.deps), (key) => model.letsByKey.get(key)).inputs;
  for (const name of fixed.keys()) {
    if (!read.has(name)) {
      const clause = decl.clauses.find((c) => c.type === "With");
      const binding = clause?.type === "With" ? clause.bindings.find((b) => b.name.name === name) : undefined;
      if (binding) report(binding.name, "an input this procedure uses", "remove it, or output something that depends on it");
    }
  }

  // Definitions in the order they are written in the rulebook.
  const letsByKey = new Map([...echoes.keys(), ...model.letsByKey.keys()].filter((key) => lets.has(key)).map((key) => [key, lets.get(key)!] as const));
  const finalOutcome = outcome.length > 0 ? outcome : outputs.flatMap((g) => g.names).filter((n) => letsByKey.get(n)?.random);
  const summary = checkSummary(summaries, decl, outputNames, letsByKey, (name) => writtenKey(symbols, name, file, session), session, file)
    ?? (finalOutcome.length > 0 ? finalOutcome : (outputs[0]?.names ?? [])).map((value) => ({ items: [{ value }] }));
  const inputOrder = [...model.inputs.values()].filter((i) => inputs.has(i.name) && !fixed.has(i.name));
  return {
    name: decl.name,
    label: decl.label?.text ?? humanize(decl.name),
    citation: model.citation(declared, null),
    fixed,
    inputs: inputOrder,
    fixedInputs: [...model.inputs.values()].filter((i) => inputs.has(i.name) && fixed.has(i.name)),
    dice: [...model.dice.values()].filter((d) => dice.has(d.name)),
    lets: [...letsByKey.values()],
    requirements: checks.map((name) => requirements.get(name)!),
    tables: [...tables].map((name) => model.tables.get(name)).filter((t) => t !== undefined),
    outputs,
    outcome: finalOutcome,
    summary,
    decisive: decisive(summary, requirements, inputOrder, closure),
    outputNames,
    letsByKey,
    keys: new Map(),
  };
}

/**
 * An output that lists an input: a definition whose value is the input, with the input's
 * label and citation. It is not a step of the trace of its own (the input's step is there).
 */
function echoOf(input: InputModel, written: NameRef, model: Model): LetModel {
  const value: NameRef = { type: "Name", name: input.name, nameLoc: written.nameLoc, loc: written.loc };
  model.facts.bind(value, { kind: "input", decl: input.decl });
  const { orUnknown: _, ...type } = input.type;
  model.facts.setType(value, type);
  const decl: LetDecl = { type: "Let", name: input.name, nameLoc: input.decl.nameLoc, loc: input.decl.loc, label: input.decl.label, value, cite: null, quote: null };
  return {
    name: input.name,
    key: input.name,
    label: input.label,
    type,
    value,
    citation: input.citation,
    random: false,
    deps: collectDependencies(value, model.facts),
    decl,
    echo: true,
  };
}

/** What a closure reached: definition keys, inputs, record fields (`record.field`), dice and tables. */
interface Reach {
  lets: Set<string>;
  inputs: Set<string>;
  fields: Set<string>;
  dice: Set<string>;
  tables: Set<string>;
}

/** The procedure's `summary` clause, checked: one clause, its values and conditions outputs of the procedure, `signed` only on numbers. */
function checkSummary(
  clauses: { parts: SummaryPart[]; loc: ProcedureDecl["loc"] }[],
  decl: ProcedureDecl,
  outputNames: readonly string[],
  letsByKey: ReadonlyMap<string, LetModel>,
  keyOf: (name: NameRef) => string | null,
  session: Session,
  file: string,
): SummaryPartModel[] | null {
  if (clauses.length === 0) return null;
  for (const extra of clauses.slice(1)) session.report("HX0512", { procedure: decl.name }, placeIn(file, extra.loc));
  /** The output a summary names, by key; null (reported) if it is not one. */
  const outputKey = (name: NameRef): string | null => {
    const key = keyOf(name);
    if (key === null) return null;
    if (outputNames.includes(key)) return key;
    session.report("HX0501", { name: name.name, procedure: decl.name, expected: "an output of this procedure", hint: "a summary shows outputs: add it to an `output` group or to `outcome`" }, placeIn(file, name.nameLoc));
    return null;
  };
  return clauses[0].parts.map((part) => {
    const items: SummaryPartModel["items"] = [];
    for (const item of part.items) {
      if (item.type === "SummaryText") {
        items.push({ text: item.text });
        continue;
      }
      const name = outputKey(item.name);
      if (name === null) continue;
      const type = letsByKey.get(name)?.type;
      if (item.signed && type && type.kind !== "number" && type.kind !== "integer") {
        session.report("HX0511", { name, procedure: decl.name, actual: describe(type) }, placeIn(file, item.name.nameLoc));
      }
      items.push(item.signed ? { value: name, signed: true } : { value: name });
    }
    const when = part.condition ? outputKey(part.condition) : null;
    return { items, ...(part.otherwise ? { otherwise: part.otherwise.text } : {}), ...(when !== null ? { when } : {}) };
  });
}

/**
 * The steps behind the summary and behind each check, and the inputs either reads
 * (a unit's field counts for every list of that record), in the order the form lists them.
 */
function decisive(
  summary: readonly SummaryPartModel[],
  requirements: ReadonlyMap<string, { deps: Dependencies }>,
  inputs: readonly { name: string; type: ProcedureModel["inputs"][number]["type"] }[],
  closure: (definitions: readonly string[], from?: readonly Dependencies[]) => Reach,
): Decisive {
  const steps = (reach: Reach) => [...reach.inputs, ...reach.dice, ...reach.lets];
  const values = summary.flatMap((part) => [...part.items.flatMap((item) => ("value" in item ? [item.value] : [])), ...(part.when ? [part.when] : [])]);
  const behindSummary = closure(values);
  const checks = Object.fromEntries([...requirements].map(([name, r]) => [name, closure([], [r.deps])] as const));
  const all = [behindSummary, ...Object.values(checks)];
  const read = (set: (r: Reach) => Set<string>, name: string) => all.some((r) => set(r).has(name));
  const paths = inputs.flatMap((input) => {
    const record = input.type.kind === "list" ? input.type.of : input.type;
    if (record.kind !== "record") return read((r) => r.inputs, input.name) ? [input.name] : [];
    return record.info.fields.filter((f) => read((r) => r.fields, `${record.info.name}.${f.name}`)).map((f) => `${input.name}.${f.name}`);
  });
  return {
    steps: steps(behindSummary),
    checks: Object.fromEntries(Object.entries(checks).map(([name, reach]) => [name, steps(reach)])),
    inputs: paths,
  };
}
