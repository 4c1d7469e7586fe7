import type { Session } from "../diagnostics/session.ts";
import { LIMITS } from "../language/limits.ts";
import { placeIn, type ResolvedEdition } from "../2-resolve/types.ts";
import type { DiceModel, ProcedureModel } from "./types.ts";

/**
 * Dice are counted exactly: an engine's distribution goes through every total of
 * every die it rolls, and counts the ways to roll each in a safe integer. Each die
 * must be a real one (HX0033), and a procedure's dice few enough to go through and
 * to count (HX0034), or the build would hang or the chances come out as NaN.
 */
export function checkDice(resolved: ResolvedEdition, procedures: ProcedureModel[], session: Session): void {
  const bad = new Set<string>();
  for (const [name, { decl, file }] of resolved.symbols.dice) {
    const problem = dieProblem(decl.count, decl.sides);
    if (!problem) continue;
    bad.add(name);
    session.report("HX0033", { count: decl.count, sides: decl.sides, problem, maxSides: LIMITS.diceSides, limit: LIMITS.diceCombinations }, placeIn(file, decl.diceLoc));
  }
  for (const procedure of procedures) {
    const dice = procedure.dice.filter((d) => !bad.has(d.name));
    const problem = rollsProblem(dice);
    const declared = resolved.symbols.procedures.get(procedure.name);
    if (!problem || !declared) continue;
    session.report(
      "HX0034",
      { procedure: procedure.name, dice: dice.map((d) => `${d.count}d${d.sides} (${d.name})`).join(", "), problem, maxCombinations: LIMITS.diceCombinations, maxTotals: LIMITS.diceTotals },
      placeIn(declared.file, declared.decl.nameLoc),
    );
  }
}

/** Why `count`d`sides` cannot be counted exactly, or null. */
function dieProblem(count: number, sides: number): string | null {
  if (count < 1) return "rolls no dice";
  if (sides < 2) return "rolls dice of fewer than two sides";
  if (sides > LIMITS.diceSides) return `rolls dice of more than ${LIMITS.diceSides} sides`;
  if (count * Math.log2(sides) > Math.log2(LIMITS.diceCombinations)) return `can fall in ${sides}^${count} ways, more than ${LIMITS.diceCombinations} (the most that can be counted exactly)`;
  return null;
}

/** Why a procedure's dice together are too many to go through or to count, or null. */
function rollsProblem(dice: DiceModel[]): string | null {
  const log2 = dice.reduce((sum, d) => sum + d.count * Math.log2(d.sides), 0);
  if (log2 > Math.log2(LIMITS.diceCombinations)) return `their rolls fall in more than ${LIMITS.diceCombinations} ways together (the most that can be counted exactly)`;
  // Each combination of totals is one run of the rules when the chances are worked out.
  const totals = dice.reduce((product, d) => product * (d.count * (d.sides - 1) + 1), 1);
  if (totals > LIMITS.diceTotals) return `their totals combine in ${totals} ways, more than the ${LIMITS.diceTotals} the chances are worked out from`;
  return null;
}
