import type { Session } from "../diagnostics/session.ts";
import type { ExampleDecl } from "../language/ast.ts";
import { editionName, placeIn, type Declared, type ResolvedEdition } from "../2-resolve/types.ts";
import type { Wire } from "../runtime/runtime.ts";
import { writtenKey } from "../2-resolve/scoped-names.ts";
import type { LiteralValues } from "./literal-values.ts";
import type { ExampleModel, Expectation, ProcedureModel } from "./types.ts";

/**
 * Reads the rulebook's worked examples into test cases: every given input, die,
 * assumption and expectation in wire form, checked against the procedure it runs.
 * Whether the rules produce what the example says is decided later, by running
 * the generated engine (phase 5).
 */
export function checkExamples(
  resolved: ResolvedEdition,
  procedures: ProcedureModel[],
  literals: LiteralValues,
  session: Session,
): ExampleModel[] {
  const examples: ExampleModel[] = [];
  const ids = new Map<string, number>();
  for (const declared of resolved.symbols.examples) {
    const example = checkExample(declared, procedures, literals, session, resolved);
    if (!example) continue;
    const count = (ids.get(example.id) ?? 0) + 1;
    ids.set(example.id, count);
    if (count > 1) example.id = `${example.id}-${count}`;
    examples.push(example);
  }
  return examples;
}

function checkExample(
  declared: Declared<ExampleDecl>,
  procedures: ProcedureModel[],
  literals: LiteralValues,
  session: Session,
  resolved: ResolvedEdition,
): ExampleModel | null {
  const { decl, file } = declared;
  const title = decl.title.text;
  const procedure = procedures.find((p) => p.name === decl.procedure.name);
  if (!procedure) {
    session.report("HX0504", { name: decl.procedure.name, edition: editionName(resolved.edition), known: procedures.map((p) => p.name).join(", ") || "none" }, placeIn(file, decl.procedure.nameLoc));
    return null;
  }
  let ok = true;
  const bad = (name: { name: string; nameLoc: Parameters<typeof placeIn>[1] }, expected: string, hint: string) => {
    ok = false;
    session.report("HX0505", { title, name: name.name, expected, procedure: procedure.name, hint }, placeIn(file, name.nameLoc));
  };
  const input: Record<string, Wire> = {};
  // Inputs the example gives, even with a value that was rejected (reported already).
  const given = new Set<string>();
  const dice: Record<string, number> = {};
  const assume: Record<string, Wire> = {};
  const expect: Expectation[] = [];

  for (const clause of decl.clauses) {
    if (clause.type === "ExampleBindings") {
      for (const binding of clause.bindings) {
        const name = binding.name.name;
        if (clause.kind === "given") {
          given.add(name);
          const target = procedure.inputs.find((i) => i.name === name);
          if (!target) {
            const hint = procedure.fixed.has(name) ? `the procedure fixes ${name} itself` : `inputs: ${procedure.inputs.map((i) => i.name).join(", ")}`;
            bad(binding.name, "an input", hint);
            continue;
          }
          const value = literals.value(binding.value, target.type, file, `The given \`${name}\``);
          if (value.ok) input[name] = value.value;
          else ok = false;
        } else if (clause.kind === "dice") {
          const die = procedure.dice.find((d) => d.name === name);
          if (!die) {
            bad(binding.name, "a die", `dice: ${procedure.dice.map((d) => d.name).join(", ") || "none"}`);
            continue;
          }
          const value = literals.value(binding.value, { kind: "integer", min: die.count, max: die.count * die.sides }, file, `The roll \`${name}\``);
          if (value.ok) dice[name] = value.value as number;
          else ok = false;
        } else {
          // An output that lists an input is given, not assumed.
          const written = writtenKey(resolved.symbols, binding.name, file, session);
          if (written === null) continue;
          const key = procedure.keys.get(written) ?? written;
          const definition = procedure.letsByKey.get(key)?.echo ? undefined : procedure.letsByKey.get(key);
          if (!definition) {
            bad(binding.name, "a definition", "`assume` fixes a definition the procedure computes");
            continue;
          }
          const value = literals.value(binding.value, definition.type, file, `The assumed \`${name}\``);
          if (value.ok) assume[key] = value.value;
          else ok = false;
        }
      }
    } else {
      for (const expectation of clause.expectations) {
        const place = placeIn(file, expectation.loc);
        if (expectation.type === "ExpectAllowed") {
          expect.push({ kind: "allowed", place });
        } else if (expectation.type === "ExpectViolated") {
          if (!procedure.requirements.some((r) => r.name === expectation.name.name)) {
            bad(expectation.name, "a requirement", `checks: ${procedure.requirements.map((r) => r.name).join(", ")}`);
            continue;
          }
          expect.push({ kind: "violated", name: expectation.name.name, place });
        } else {
          const written = writtenKey(resolved.symbols, expectation.name, file, session);
          if (written === null) continue;
          const key = procedure.keys.get(written) ?? written;
          const definition = procedure.letsByKey.get(key);
          if (!definition) {
            bad(expectation.name, "a definition", "examples can expect any definition the procedure computes (`list.name` for one value per unit)");
            continue;
          }
          const type = definition.each ? { kind: "list" as const, of: definition.type } : definition.type;
          const value = literals.value(expectation.value, type, file, `The expected \`${expectation.name.name}\``);
          if (value.ok) expect.push({ kind: "value", name: key, value: value.value, place });
          else ok = false;
        }
      }
    }
  }
  for (const inputModel of procedure.inputs) {
    if (!(inputModel.name in input) && !given.has(inputModel.name)) {
      if (inputModel.defaultValue !== undefined) input[inputModel.name] = inputModel.defaultValue as Wire;
      else if (!inputModel.type.orUnknown) {
        ok = false;
        session.report("HX0510", { title, name: inputModel.name }, placeIn(file, decl.title.loc));
      }
    }
  }
  if (!ok) return null;
  return {
    id: exampleId(declared.paragraph, title),
    title,
    procedure: procedure.name,
    paragraph: declared.paragraph,
    disputed: decl.disputed?.text ?? null,
    input,
    dice,
    assume,
    expect,
    file,
    place: placeIn(file, decl.title.loc),
  };
}

function exampleId(paragraph: string, title: string): string {
  const words = title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return `${paragraph}-${words}`.slice(0, 80);
}
