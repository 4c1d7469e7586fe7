import type { Session } from "../diagnostics/session.ts";
import type { ResolvedEdition } from "../2-resolve/types.ts";
import { editionName, placeIn } from "../2-resolve/types.ts";
import { buildModel } from "./build-model.ts";
import { Definitions } from "./check-definitions.ts";
import { checkDice } from "./check-dice.ts";
import { compileNotation } from "./compile-notation.ts";
import { attachExceptions, checkOverlaps } from "./check-exceptions.ts";
import { checkExamples } from "./check-examples.ts";
import { checkProcedures } from "./check-procedures.ts";
import { checkQuotes } from "./check-quotes.ts";
import { LiteralValues } from "./literal-values.ts";
import { GRAMMAR_DIR } from "../grammars.ts";
import { Notations } from "./load-notations.ts";
import { TypeResolver } from "./resolve-types.ts";
import type { CheckedEdition, ProcedureModel } from "./types.ts";

const notations = new Notations(GRAMMAR_DIR);

/** Phase 3: types, charts, procedures and examples of one edition. */
export function checkEdition(resolved: ResolvedEdition, session: Session): CheckedEdition {
  const types = new TypeResolver(resolved.symbols, session);
  const literals = new LiteralValues(session, notations);
  for (const [name, { decl, file }] of resolved.symbols.notations) {
    if (decl.pattern) compileNotation(decl, types.notations.get(name)!, file, literals, session);
    else if (decl.grammar) {
      const parser = notations.parser(decl.grammar.text);
      if (typeof parser === "string") session.report("HX0207", { name, grammar: decl.grammar.text, reason: parser }, placeIn(file, decl.grammar.loc));
    }
  }
  const exceptions = attachExceptions(resolved, session);
  const definitions = new Definitions(resolved.symbols, types, session, exceptions);
  definitions.checkAll();
  checkOverlaps(exceptions, definitions.checker.facts, session);
  const model = buildModel(resolved, definitions, exceptions, literals, notations, session);
  checkQuotes(resolved, model, session);
  const procedures = checkProcedures(resolved, model, literals, session);
  checkDice(resolved, procedures, session);
  const checked = new Set(procedures.flatMap((p) => p.requirements.map((r) => r.name)));
  for (const [name, { decl, file }] of resolved.symbols.requirements) {
    if (!checked.has(name)) session.report("HX0503", { name }, placeIn(file, decl.nameLoc));
  }
  checkEmbeds(resolved, procedures, session);
  return {
    resolved,
    enums: [...types.enums.values(), ...types.inlineEnums],
    records: [...types.records.values()],
    notations: [...types.notations.values()],
    tables: model.tables,
    facts: model.facts,
    procedures,
    examples: checkExamples(resolved, procedures, literals, session),
    parsers: new Map(
      [...types.notations.values()].flatMap((n) => {
        const source = notations.source(n);
        return source === null ? [] : [[n.grammar, source] as const];
      }),
    ),
  };
}

/** `::calculator{procedure=…}` must name a procedure of the document's edition. */
function checkEmbeds(resolved: ResolvedEdition, procedures: ProcedureModel[], session: Session): void {
  const names = procedures.map((p) => p.name);
  for (const document of resolved.edition.documents) {
    for (const embed of document.embeds) {
      if (embed.kind === "calculator" && !names.includes(embed.attributes.procedure ?? "")) {
        session.report(
          "HX0105",
          { name: embed.attributes.procedure ?? "", edition: editionName(resolved.edition), known: names.join(", ") || "none" },
          embed.place,
        );
      }
    }
  }
}
