/**
 * Every trace step cites the sentence that decided it (issue 26.5), walked over the trace of
 * every vector of every generated engine, each step beside the definition the checked model
 * has for it:
 *
 * - a quote keeps the source's capitalization (a requirement's message is a sentence, but the
 *   words it quotes may start mid-sentence: "(units in Strat Mode … cannot attack)");
 * - a definition that cites each branch of its if/elif/else shows a branch's citation, never
 *   only its paragraph's own (the fallback) when another branch gave the value;
 * - a value read from a chart cell — the definition's value, or the branch of its if/elif/else
 *   that gave it — shows the chart and the line it read (`cell`), not just the paragraph's
 *   sentence that says to use the chart. Which branch gave the value is told from the trace: the
 *   chart's branch did when every other branch is a value the trace shows (a constant, an input,
 *   a definition) and none of them equals the step's value.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { CheckedEdition, LetModel } from "../../compiler/3-check/types.ts";
import { quoteFoundAsPrinted } from "../../compiler/3-check/quotes.ts";
import type { Expr } from "../../compiler/language/ast.ts";
import { generatedEngines, resolveVector } from "../support/engines.ts";
import { compiledRepository } from "../support/repo.ts";

interface Step { kind: string; name: string; item?: number; paragraph: string; quote: string; value: unknown; cell?: string }

const engines = generatedEngines();
const NOT_SHOWN = Symbol("not shown in the trace");

/** The value a branch gives, as the trace shows it; NOT_SHOWN for one the trace cannot tell. */
function branchValue(branch: Expr, edition: CheckedEdition, values: Map<string, unknown>): unknown {
  if (branch.type === "Literal") return branch.kind === "all" ? "all" : branch.kind === "none" ? null : branch.value;
  if (branch.type !== "Name" && branch.type !== "Field") return NOT_SHOWN;
  const binding = edition.facts.binding(branch);
  if (binding?.kind === "member") return binding.member;
  if (binding?.kind === "input") return values.has(binding.decl.name) ? values.get(binding.decl.name) : NOT_SHOWN;
  if (binding?.kind === "let") return values.has(binding.key) ? values.get(binding.key) : NOT_SHOWN;
  return NOT_SHOWN;
}

/** The branches of a value's if/elif/else, in order (a value that is not one is its own branch). */
function branchesOf(value: Expr): Expr[] {
  return value.type === "If" ? [...branchesOf(value.consequent), ...branchesOf(value.alternate)] : [value];
}

/** Whether a chart cell gave a step's value: its one branch read from a chart, when every other branch's value is shown and differs. */
function fromChart(definition: LetModel, step: Step, edition: CheckedEdition, values: Map<string, unknown>): boolean {
  const branches = branchesOf(definition.value);
  const lookups = branches.filter((b) => b.type === "Lookup" && b.object.type === "Name");
  if (lookups.length !== 1) return false;
  return branches.filter((b) => b !== lookups[0]).every((b) => {
    const other = branchValue(b, edition, values);
    return other !== NOT_SHOWN && JSON.stringify(other) !== JSON.stringify(step.value);
  });
}

describe("every trace step cites the sentence that decided it", () => {
  let editions: CheckedEdition[];
  beforeAll(async () => {
    editions = (await compiledRepository()).editions;
  }, 120_000);

  it("in the trace of every vector of every engine", async () => {
    const problems: string[] = [];
    let walked = 0;
    for (const named of engines) {
      const [ruleset, edition, procedureName] = named.name.split("/");
      const checked = editions.find((e) => e.resolved.ruleset.id === ruleset && e.resolved.edition.id === edition)!;
      const procedure = checked.procedures.find((p) => p.name === procedureName)!;
      const engine = await named.load();
      for (const vector of named.vectors()) {
        const trace = resolveVector(engine, vector).trace as Step[];
        const values = new Map(trace.filter((s) => s.item === undefined).map((s) => [s.name, s.value]));
        for (const step of trace) {
          walked++;
          const where = `${named.name} ${vector.id}: ${step.name}${step.item === undefined ? "" : `[${step.item}]`} (${step.paragraph})`;
          const paragraph = checked.resolved.paragraphs.get(step.paragraph);
          if (step.quote && paragraph && !quoteFoundAsPrinted(step.quote, paragraph)) problems.push(`${where} quotes “${step.quote}” in other capitals than the source`);
          if (step.kind !== "let") continue;
          const definition = procedure.letsByKey.get(step.name);
          if (!definition) continue;
          const branches = definition.branches ?? [];
          if (branches.length > 1 && !branches.some((b) => b.paragraph === step.paragraph && b.quote === step.quote)) {
            problems.push(`${where} quotes “${step.quote}”, none of its branches' sentences`);
          }
          const assumed = Object.hasOwn(vector.assume ?? {}, step.name);
          if (!definition.each && !assumed && !step.cell && fromChart(definition, step, checked, values)) {
            problems.push(`${where} = ${JSON.stringify(step.value)} comes from a chart, but cites no chart line (quotes “${step.quote}”)`);
          }
        }
      }
    }
    expect(walked, "steps walked").toBeGreaterThan(0);
    console.info(`trace citations: ${walked} steps walked over every vector of ${engines.length} engines`);
    expect(problems).toEqual([]);
  }, 300_000);
});
