import type { Session } from "../diagnostics/session.ts";
import type { Loc, Text } from "../language/ast.ts";
import { placeIn, type ResolvedEdition } from "../2-resolve/types.ts";
import type { Model } from "./build-model.ts";
import { quoteFound } from "./quotes.ts";

/** Text in quotation marks: “…” or "…" (a single ’ is an apostrophe as often as a quote, so it is not one). */
const QUOTED = /“([^”]+)”|"([^"]+)"/g;

/**
 * What a trace and a form say in the rules' name must be the rules' words:
 * every definition and requirement quotes the sentence it formalizes (HX0513),
 * text a label or description puts in quotation marks is the cited paragraph's
 * (HX0514: labels, descriptions, messages, summaries, example titles), and two
 * different quantities never share a label (HX0515).
 */
export function checkQuotes(resolved: ResolvedEdition, model: Model, session: Session): void {
  const { symbols, paragraphs } = resolved;

  for (const definition of model.letsByKey.values()) {
    const { decl } = definition;
    const place = placeIn(definition.citation.file, decl.nameLoc);
    if (decl.branches) {
      decl.branches.forEach((branch, i) => {
        if (!branch.quote) session.report("HX0513", { what: `Branch ${i + 1} of \`${definition.key}\``, paragraph: branch.cite?.id ?? definition.citation.paragraph }, place);
      });
    } else if (!decl.quote) {
      session.report("HX0513", { what: `\`${definition.key}\``, paragraph: definition.citation.paragraph }, place);
    }
  }
  for (const { decl, file, paragraph } of symbols.exceptions) {
    if (!decl.quote) session.report("HX0513", { what: `An exception to \`${decl.target.name}\``, paragraph }, placeIn(file, decl.target.nameLoc));
  }
  for (const requirement of model.requirements.values()) {
    if (!requirement.citation.quote) {
      session.report("HX0513", { what: `Requirement \`${requirement.name}\``, paragraph: requirement.citation.paragraph }, placeIn(requirement.citation.file, requirement.decl.nameLoc));
    }
  }

  const quotedOutside = (text: Text | null, what: string, file: string, cited: string[]): void => {
    if (!text) return;
    for (const match of text.text.matchAll(QUOTED)) {
      const words = match[1] ?? match[2];
      if (cited.some((id) => { const p = paragraphs.get(id); return p !== undefined && quoteFound(words, p); })) continue;
      session.report("HX0514", { what, text: words, paragraph: cited.join(", ") }, placeIn(file, text.loc));
    }
  };
  for (const [name, { decl, file, paragraph }] of symbols.inputs) {
    quotedOutside(decl.label, `The label of \`${name}\``, file, [paragraph]);
    quotedOutside(decl.description, `The description of \`${name}\``, file, [paragraph]);
  }
  for (const [name, { decl, file, paragraph }] of symbols.dice) {
    quotedOutside(decl.label, `The label of \`${name}\``, file, [paragraph]);
    quotedOutside(decl.description, `The description of \`${name}\``, file, [paragraph]);
  }
  for (const [name, { decl, file, paragraph }] of [...symbols.records, ...symbols.notations]) {
    quotedOutside(decl.label, `The label of \`${name}\``, file, [paragraph]);
    for (const field of decl.fields) {
      quotedOutside(field.label, `The label of \`${name}.${field.name}\``, file, [paragraph]);
      quotedOutside(field.description, `The description of \`${name}.${field.name}\``, file, [paragraph]);
    }
  }
  for (const [name, { decl, file, paragraph }] of symbols.enums) {
    quotedOutside(decl.label, `The label of \`${name}\``, file, [paragraph]);
    for (const member of decl.members) quotedOutside(member.label, `The label of \`${name}.${member.name}\``, file, [paragraph]);
  }
  for (const [name, { decl, file, paragraph }] of symbols.tables) quotedOutside(decl.label, `The label of \`${name}\``, file, [paragraph]);
  for (const [name, { decl, file, paragraph }] of symbols.requirements) quotedOutside(decl.message, `The message of \`${name}\``, file, [paragraph]);
  for (const [name, { decl, file, paragraph }] of symbols.procedures) {
    quotedOutside(decl.label, `The label of \`${name}\``, file, [paragraph]);
    for (const clause of decl.clauses) {
      if (clause.type === "Output") quotedOutside(clause.group, `An output group of \`${name}\``, file, [paragraph]);
      if (clause.type === "Summary") {
        for (const part of clause.parts) {
          for (const item of part.items) if (item.type === "SummaryText") quotedOutside({ text: item.text, loc: item.loc }, `The summary of \`${name}\``, file, [paragraph]);
          quotedOutside(part.otherwise, `The summary of \`${name}\``, file, [paragraph]);
        }
      }
    }
  }
  // An example's title and dispute are shown beside the rules: what they put in quotation
  // marks is the words of the paragraph the example belongs to, or of the one it cites.
  for (const { decl, file, paragraph } of symbols.examples) {
    const cited = decl.cite && decl.cite.id !== paragraph ? [decl.cite.id, paragraph] : [paragraph];
    quotedOutside(decl.title, `The title of example \`${decl.title.text}\``, file, cited);
    quotedOutside(decl.disputed, `The dispute of example \`${decl.title.text}\``, file, cited);
  }
  for (const definition of model.letsByKey.values()) {
    const cited = [definition.citation.paragraph, ...(definition.branches ?? []).map((b) => b.paragraph)];
    quotedOutside(definition.decl.label, `The label of \`${definition.key}\``, definition.citation.file, cited);
  }

  // Inputs, dice and definitions are what forms and traces show by label.
  const labelled: { key: string; label: string; file: string; loc: Loc }[] = [
    ...[...model.inputs.values()].map((i) => ({ key: i.name, label: i.label, file: i.citation.file, loc: i.decl.nameLoc })),
    ...[...model.dice.values()].map((d) => ({ key: d.name, label: d.label, file: d.citation.file, loc: d.decl.nameLoc })),
    ...[...model.letsByKey.values()].map((l) => ({ key: l.key, label: l.label, file: l.citation.file, loc: l.decl.nameLoc })),
  ];
  const first = new Map<string, (typeof labelled)[number]>();
  for (const item of labelled) {
    const label = item.label.trim().toLowerCase();
    const earlier = first.get(label);
    if (!earlier) {
      first.set(label, item);
      continue;
    }
    session.report("HX0515", { label: item.label, name: item.key, other: earlier.key }, placeIn(item.file, item.loc), [
      { message: `\`${earlier.key}\` has this label`, place: placeIn(earlier.file, earlier.loc) },
    ]);
  }
  // A unit's field is shown beside the definitions that use it (a printed strength beside the
  // strength it fights at): it may share a label with the same field of another record (the
  // attacker's and the defender's Combat Strength), never with an input, die or definition.
  for (const [name, { decl, file }] of symbols.records) {
    for (const field of decl.fields) {
      const earlier = field.label ? first.get(field.label.text.trim().toLowerCase()) : undefined;
      if (!field.label || !earlier) continue;
      session.report("HX0515", { label: field.label.text, name: `${name}.${field.name}`, other: earlier.key }, placeIn(file, field.nameLoc), [
        { message: `\`${earlier.key}\` has this label`, place: placeIn(earlier.file, earlier.loc) },
      ]);
    }
  }
}
