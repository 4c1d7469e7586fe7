import type { Session } from "../diagnostics/session.ts";
import type { Expr, IfExpr, LetDecl, Loc, RequireDecl, Text } from "../language/ast.ts";
import type { DefinitionExceptions } from "./check-exceptions.ts";
import { editionName, placeIn, type Declared, type ResolvedEdition } from "../2-resolve/types.ts";
import { bindTable } from "./bind-tables.ts";
import type { Definitions } from "./check-definitions.ts";
import { checkDefinitionChains } from "./check-definition-chains.ts";
import { collectDependencies } from "./collect-dependencies.ts";
import { runDeep, type Deep } from "../deep.ts";
import type { CheckedFacts } from "./facts.ts";
import type { LiteralValues } from "./literal-values.ts";
import type { Notations } from "./load-notations.ts";
import { inSourceCase, quoteFound } from "./quotes.ts";
import { humanize } from "./resolve-types.ts";
import type { Citation, DiceModel, InputModel, LetModel, RequirementModel, TableModel } from "./types.ts";

/** Every typed definition of an edition, with citations: what procedures and examples draw on. */
export interface Model {
  inputs: Map<string, InputModel>;
  dice: Map<string, DiceModel>;
  /** Global and per-element definitions by key (`name` or `list.name`). */
  letsByKey: Map<string, LetModel>;
  requirements: Map<string, RequirementModel>;
  tables: Map<string, TableModel>;
  /** What checking found about every expression (types, what names stand for). */
  facts: CheckedFacts;
  /** Where a declaration comes from: its paragraph (or `cited`, a branch's own) and its quote. */
  citation(declared: Declared<{ loc: Loc; nameLoc?: Loc }>, quote: Text | null, cited?: string): Citation;
}

/** Builds the model from the typed definitions; checks quotes and binds tables to charts. */
export function buildModel(
  resolved: ResolvedEdition,
  definitions: Definitions,
  exceptions: ReadonlyMap<LetDecl, DefinitionExceptions>,
  literals: LiteralValues,
  notations: Notations,
  session: Session,
): Model {
  const { symbols, paragraphs } = resolved;
  const facts = definitions.checker.facts;

  const citation: Model["citation"] = (declared, quote, cited = declared.paragraph) => {
    const paragraph = paragraphs.get(cited);
    const place = placeIn(declared.file, declared.decl.nameLoc ?? declared.decl.loc);
    if (quote && paragraph && !quoteFound(quote.text, paragraph)) {
      session.report("HX0509", { paragraph: cited, quote: quote.text }, placeIn(declared.file, quote.loc));
    }
    return { paragraph: cited, quote: quote?.text ?? "", file: declared.file, place };
  };

  fillFieldDefaults(resolved, definitions, literals);
  const inputs = new Map<string, InputModel>();
  for (const [name, declared] of symbols.inputs) {
    const { decl, file } = declared;
    const type = definitions.inputType(name, declared);
    const model: InputModel = {
      name,
      label: decl.label?.text ?? humanize(name),
      description: decl.description?.text ?? "",
      type,
      citation: citation(declared, null),
      decl,
    };
    if (decl.defaultValue) {
      const value = literals.value(decl.defaultValue, type, file, `The default of \`${name}\``);
      if (value.ok) model.defaultValue = value.value;
    }
    inputs.set(name, model);
  }

  const dice = new Map<string, DiceModel>();
  for (const [name, declared] of symbols.dice) {
    const { decl } = declared;
    dice.set(name, {
      name,
      label: decl.label?.text ?? humanize(name),
      description: decl.description?.text ?? `${decl.count}d${decl.sides}`,
      count: decl.count,
      sides: decl.sides,
      citation: citation(declared, null),
      decl,
    });
  }

  // A requirement quotes its message when that is the paragraph's own words (as the paragraph capitalizes them).
  const requirementQuote = ({ decl, paragraph }: Declared<RequireDecl>): Text | null => {
    const cited = paragraphs.get(paragraph);
    return decl.quote ?? (cited && quoteFound(decl.message.text, cited) ? { ...decl.message, text: inSourceCase(decl.message.text, cited) } : null);
  };
  // A definition citing each branch is its paragraph's, with the quote of a branch of that paragraph.
  const ownCitation = (declared: Declared<LetDecl>, branches: NonNullable<LetDecl["branches"]>): Citation => {
    const own = branches.find((b) => b.quote && (b.cite?.id ?? declared.paragraph) === declared.paragraph);
    return { ...citation(declared, null), quote: own?.quote?.text ?? "" };
  };
  const letsByKey = new Map<string, LetModel>();
  const addLet = (key: string, declared: Declared<LetDecl>, each?: LetModel["each"]) => {
    const { decl } = declared;
    const type = definitions.typeOfLetDecl(decl);
    const own = decl.branches ? ownCitation(declared, decl.branches) : citation(declared, decl.quote);
    const branches = decl.branches?.map((b) => citation(declared, b.quote, b.cite?.id));
    // A definition with exceptions is a chain that tries each exception first, each citing its own block.
    const ordered = exceptions.get(decl)?.ordered ?? [];
    const value = ordered.reduceRight<Expr>((alternate, { decl: e }) => {
      const branch: IfExpr = { type: "If", test: e.condition, consequent: e.value, alternate, loc: e.loc };
      facts.setType(branch, type);
      return branch;
    }, decl.value);
    const cited = ordered.length > 0 ? [...ordered.map((e) => citation(e, e.decl.quote)), ...(branches ?? [own])] : branches;
    const model: LetModel = {
      name: decl.name,
      key,
      each,
      label: decl.label?.text ?? humanize(decl.name),
      type,
      value,
      citation: own,
      ...(cited ? { branches: cited } : {}),
      random: false,
      deps: collectDependencies(value, facts),
      decl,
    };
    letsByKey.set(key, model);
  };
  for (const [name, declared] of symbols.lets) addLet(name, declared);
  for (const [list, scope] of symbols.elementLets) {
    for (const [name, declared] of scope) {
      const variable = declared.decl.each?.variable?.name ?? declared.decl.each?.element?.name ?? "it";
      addLet(`${list}.${name}`, declared, { list, variable });
    }
  }
  checkDefinitionChains(letsByKey, session);
  markRandom(letsByKey);

  const requirements = new Map<string, RequirementModel>();
  for (const [name, declared] of symbols.requirements) {
    const { decl, file } = declared;
    const deps = collectDependencies(decl.condition, facts);
    const randomDeps = [...deps.dice, ...[...deps.lets, ...deps.elementLets].filter((k) => letsByKey.get(k)?.random)];
    if (randomDeps.length > 0) session.report("HX0502", { name, dice: randomDeps.join(", ") }, placeIn(file, decl.nameLoc));
    requirements.set(name, { name, condition: decl.condition, message: decl.message.text, citation: citation(declared, requirementQuote(declared)), deps, decl });
  }

  const tables = new Map<string, TableModel>();
  for (const [name, declared] of symbols.tables) {
    const { decl, file } = declared;
    const chart = resolved.charts.get(decl.chart.id.text);
    if (!chart) {
      session.report("HX0205", { name, chart: decl.chart.id.text, edition: editionName(resolved.edition), known: [...resolved.charts.keys()].join(", ") || "none" }, placeIn(file, decl.chart.id.loc));
      continue;
    }
    const info = definitions.table(name)!.info;
    const table = bindTable(declared, info, chart, citation(declared, null), notations, session);
    if (table) tables.set(name, table);
  }

  return { inputs, dice, letsByKey, requirements, tables, facts, citation };
}

/** A definition is random when it reads a die, directly or through other definitions. */
export function markRandom(letsByKey: Map<string, LetModel>): void {
  const visiting = new Set<string>();
  function* isRandom(key: string): Deep<boolean> {
    const model = letsByKey.get(key);
    if (!model) return false;
    if (model.random || visiting.has(key)) return model.random;
    visiting.add(key);
    let random = model.deps.dice.size > 0;
    for (const read of [...model.deps.lets, ...model.deps.elementLets]) {
      if (random) break;
      random = (yield isRandom(read)) as boolean;
    }
    model.random = random;
    return random;
  }
  for (const key of letsByKey.keys()) runDeep(isRandom(key));
}

/** Record fields with defaults get them in wire form, so examples and forms can fill them in. */
function fillFieldDefaults(resolved: ResolvedEdition, definitions: Definitions, literals: LiteralValues): void {
  for (const [name, { decl, file }] of resolved.symbols.records) {
    const info = definitions.types.records.get(name);
    if (!info) continue;
    for (const field of decl.fields) {
      if (!field.defaultValue) continue;
      const fieldInfo = info.fields.find((f) => f.name === field.name);
      if (!fieldInfo) continue;
      const value = literals.value(field.defaultValue, fieldInfo.type, file, `The default of \`${name}.${field.name}\``);
      if (value.ok) fieldInfo.defaultValue = value.value;
    }
  }
}
