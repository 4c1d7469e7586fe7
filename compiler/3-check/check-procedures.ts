import type { Session } from "../diagnostics/session.ts";
import type { NameRef, ProcedureDecl } from "../language/ast.ts";
import { placeIn, type Declared, type ResolvedEdition } from "../2-resolve/types.ts";
import type { LiteralValues } from "./literal-values.ts";
import { humanize } from "./resolve-types.ts";
import { markRandom, type Model } from "./build-model.ts";
import { collectDependencies } from "./collect-dependencies.ts";
import { specialize, specializeBranches } from "./specialize.ts";
import type { LetModel, OutputGroup, ProcedureModel } from "./types.ts";

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
  return [...resolved.symbols.procedures.values()].map((declared) => checkProcedure(declared, model, literals, session));
}

function checkProcedure(
  declared: Declared<ProcedureDecl>,
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
          if (model.letsByKey.has(name.name)) names.push(name.name);
          else report(name, "a definition", `\`${clause.type.toLowerCase()}\` lists definitions (\`let name = …\`, or \`list.name\` for one per unit)`);
        }
        if (clause.type === "Output") outputs.push({ label: clause.group?.text ?? "Results", names });
        else outcome.push(...names);
        break;
      }
    }
  }

  // Under the procedure's fixed inputs, each definition keeps only the branches it can take;
  // only definitions the procedure reaches are specialized.
  const lets = new Map<string, LetModel>();
  const specialized = (key: string): LetModel | undefined => {
    const known = lets.get(key);
    if (known) return known;
    const definition = model.letsByKey.get(key);
    if (!definition) return undefined;
    // A definition citing each branch keeps the citations of the branches that remain.
    const cited = definition.branches ? specializeBranches(definition.value, definition.branches.length, fixed) : undefined;
    const value = cited?.value ?? specialize(definition.value, fixed);
    const branches = cited?.kept.map((k) => definition.branches![k]);
    const citations = branches?.length === 1 ? { citation: branches[0], branches: undefined } : { branches };
    // Dependencies change only where specializing dropped a branch.
    const copy = { ...definition, value, ...citations, deps: value === definition.value ? definition.deps : collectDependencies(value), random: false };
    lets.set(key, copy);
    return copy;
  };
  const requirements = new Map(checks.map((name) => {
    const r = model.requirements.get(name)!;
    const condition = specialize(r.condition, fixed);
    return [name, { ...r, condition, deps: condition === r.condition ? r.deps : collectDependencies(condition) }] as const;
  }));

  // The closure: definitions reached from the outputs, the outcome and the checks.
  const inputs = new Set<string>();
  const dice = new Set<string>();
  const tables = new Set<string>();
  const outputNames = [...new Set([...outputs.flatMap((g) => g.names), ...outcome])];
  const queue: string[] = [...outputNames];
  const addDeps = (deps: { inputs: Set<string>; lets: Set<string>; elementLets: Set<string>; dice: Set<string>; tables: Set<string> }) => {
    deps.inputs.forEach((n) => inputs.add(n));
    deps.dice.forEach((n) => dice.add(n));
    deps.tables.forEach((n) => tables.add(n));
    queue.push(...deps.lets, ...deps.elementLets);
  };
  for (const requirement of requirements.values()) addDeps(requirement.deps);
  const reached = new Set<string>();
  while (queue.length > 0) {
    const key = queue.pop()!;
    if (reached.has(key)) continue;
    reached.add(key);
    const definition = specialized(key);
    if (definition) addDeps(definition.deps);
  }
  markRandom(lets);

  for (const name of fixed.keys()) {
    if (!inputs.has(name)) {
      const clause = decl.clauses.find((c) => c.type === "With");
      const binding = clause?.type === "With" ? clause.bindings.find((b) => b.name.name === name) : undefined;
      if (binding) report(binding.name, "an input this procedure uses", "remove it, or output something that depends on it");
    }
  }

  // Definitions in the order they are written in the rulebook.
  const letsByKey = new Map([...model.letsByKey.keys()].filter((key) => lets.has(key)).map((key) => [key, lets.get(key)!] as const));
  return {
    name: decl.name,
    label: decl.label?.text ?? humanize(decl.name),
    citation: model.citation(declared, null),
    fixed,
    inputs: [...model.inputs.values()].filter((i) => inputs.has(i.name) && !fixed.has(i.name)),
    fixedInputs: [...model.inputs.values()].filter((i) => inputs.has(i.name) && fixed.has(i.name)),
    dice: [...model.dice.values()].filter((d) => dice.has(d.name)),
    lets: [...letsByKey.values()],
    requirements: checks.map((name) => requirements.get(name)!),
    tables: [...tables].map((name) => model.tables.get(name)).filter((t) => t !== undefined),
    outputs,
    outcome: outcome.length > 0 ? outcome : outputs.flatMap((g) => g.names).filter((n) => letsByKey.get(n)?.random),
    outputNames,
    letsByKey,
  };
}
