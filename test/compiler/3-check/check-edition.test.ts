/**
 * checkEdition, the checker's entry: from a resolved edition, the procedures closed over
 * what their outputs depend on (and nothing else), the types of the definitions, and
 * every mistake of a block reported at once, each at its place.
 */
import { afterEach, describe, expect, it } from "vitest";
import { readCorpus } from "../../../compiler/1-read/read-corpus.ts";
import { resolveCorpus } from "../../../compiler/2-resolve/resolve-edition.ts";
import { checkEdition } from "../../../compiler/3-check/check-edition.ts";
import type { CheckedEdition } from "../../../compiler/3-check/types.ts";
import { Session } from "../../../compiler/diagnostics/session.ts";
import { describe as describeType } from "../../../compiler/language/types.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

const roots: string[] = [];
afterEach(() => {
  roots.splice(0).forEach(removeTemp);
});

/** Reads, resolves and checks a one-chapter edition whose paragraph 1.1 is followed by `rules`. */
function check(rules: string): { checked: CheckedEdition; session: Session } {
  const { root } = documentCorpus(`${frontMatter()}\n# 1.0 Test\n\n**1.1** Roll and total the strengths; a stack needs 3 MP.\n\n\`\`\`rules\n${rules}\n\`\`\`\n`);
  roots.push(root);
  const session = new Session();
  const [resolved] = resolveCorpus(readCorpus({ root }, session), session);
  expect(session.diagnostics.map((d) => d.message)).toEqual([]);
  return { checked: checkEdition(resolved!, session), session };
}

const RULES = `record unit "Unit" { strength "Strength": number >= 0 "Printed strength" }
input units "Units": list of unit min 1 "The stack"
input mp_left "MP left": number >= 0 "MP left"
input unused_input "Unused": boolean = false "Read by nothing the procedure answers"
dice roll "Roll": 2d6
dice other_roll "Other roll": 1d6
let total "Total" = sum(u.strength for u in units) "total the strengths"
let modified "Modified roll" = roll + total "Roll and total the strengths"
let spare "Spare" = if unused_input then other_roll else 0 "Roll"
require enough_mp: mp_left >= 3 else "a stack needs 3 MP"
procedure attack "Attack" @1.1 {
  check enough_mp
  output "Roll": modified
}`;

describe("checkEdition", () => {
  it("closes a procedure over what its outputs and checks depend on, and nothing else", () => {
    const { checked, session } = check(RULES);
    expect(session.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const [attack] = checked.procedures;
    expect(checked.procedures.map((p) => p.name)).toEqual(["attack"]);
    expect(attack!.inputs.map((i) => i.name).sort()).toEqual(["mp_left", "units"]);
    expect(attack!.dice.map((d) => d.name)).toEqual(["roll"]);
    expect(attack!.lets.map((l) => l.key).sort()).toEqual(["modified", "total"]);
    expect(attack!.requirements.map((r) => r.name)).toEqual(["enough_mp"]);
    expect(attack!.outputNames).toEqual(["modified"]);
  });

  it("types each definition from its expression", () => {
    const { checked } = check(RULES);
    const lets = checked.procedures[0]!.letsByKey;
    expect(describeType(lets.get("total")!.type)).toBe(describeType(lets.get("modified")!.type));
    expect(describeType(lets.get("total")!.type)).toMatch(/number/);
  });

  it("reports every mistake of a block at once, each at its place", () => {
    const { session } = check(`input mp_left "MP left": number >= 0 "MP left"
let a "A" = mp_left + missing "Roll"
let b "B" = mp_left and true "Roll"
procedure p "P" @1.1 {
  output "Out": a, b
}`);
    expect(session.sorted().map((d) => `${d.code} ${d.place?.start.line}:${d.place?.start.column}`)).toEqual(["HX0203 18:23", "HX0301 19:13"]);
  });
});
