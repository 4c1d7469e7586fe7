import type { VerifiedExample } from "../5-verify/verify-examples.ts";
import type { Amendment, Chart, CheckedEdition, RuleDocument } from "../5-verify/types.ts";
import { publishNumbering } from "../formats/numbering.ts";
import { chartLookups } from "./chart-lookups.ts";
import { FORMATS } from "../runtime/formats.ts";

/**
 * The rule index of an edition: documents, paragraphs with their references both
 * ways, what formalizes and exemplifies each paragraph, charts and procedures.
 * The site renders from this; it never re-derives ids or links.
 */
export function ruleIndex(checked: CheckedEdition, examples: VerifiedExample[]) {
  const { ruleset, edition, paragraphs, references, charts, chartReferences, symbols } = checked.resolved;
  const documentOf = new Map(edition.documents.flatMap((d) => d.paragraphs.map((p) => [p.id, d.front.slug] as const)));

  const definitionsAt = new Map<string, string[]>();
  const note = (paragraph: string, name: string) => (definitionsAt.has(paragraph) ? definitionsAt.get(paragraph)!.push(name) : definitionsAt.set(paragraph, [name]));
  for (const kind of ["inputs", "lets", "requirements", "dice", "tables", "procedures"] as const) {
    for (const [name, declared] of symbols[kind]) note(declared.paragraph, name);
  }
  for (const [list, scope] of symbols.elementLets) for (const [name, declared] of scope) note(declared.paragraph, `${list}.${name}`);
  // An exception formalizes its own paragraph: it gives the definition its value there.
  for (const { decl, paragraph } of symbols.exceptions) if (!definitionsAt.get(paragraph)?.includes(decl.target.name)) note(paragraph, decl.target.name);

  const proceduresAt = new Map<string, Set<string>>();
  for (const procedure of checked.procedures) {
    const cited = [procedure.citation, ...procedure.inputs.map((i) => i.citation), ...procedure.lets.flatMap((l) => [l.citation, ...(l.branches ?? [])]), ...procedure.requirements.map((r) => r.citation), ...procedure.dice.map((d) => d.citation), ...procedure.tables.map((t) => t.citation)];
    for (const { paragraph } of cited) proceduresAt.set(paragraph, (proceduresAt.get(paragraph) ?? new Set()).add(procedure.name));
  }

  const referencedBy = new Map<string, Set<string>>();
  for (const reference of references) {
    if (reference.status !== "resolved") continue;
    for (const target of [reference.id, reference.through].filter(Boolean) as string[]) {
      if (reference.from !== target) referencedBy.set(target, (referencedBy.get(target) ?? new Set()).add(reference.from));
    }
  }

  const referencesFrom = groupBy(references, (r) => r.from);
  const tablesOf = groupBy([...checked.tables.values()], (t) => t.chart);
  const examplesOf = groupBy(examples, (e) => e.procedure);
  // The chapter that takes each `::amend` note (a cached document holds a copy of it, so by place).
  const amendedBy = new Map<string, (typeof edition.documents)[number]>();
  for (const d of edition.documents) for (const b of d.inherited?.amendments ?? []) if (!amendedBy.has(amendmentKey(b))) amendedBy.set(amendmentKey(b), d);
  const examplesByParagraph = groupBy(examples, (e) => e.vector.paragraph);
  const examplesAt = (id: string) =>
    (examplesByParagraph.get(id) ?? []).map((e) => ({ id: e.vector.id, title: e.vector.title, procedure: e.procedure, status: e.status, ...(e.vector.disputed ? { reason: e.vector.disputed } : {}) }));

  const paragraphIndex = Object.fromEntries(
    [...paragraphs.values()].map((p) => [
      p.id,
      {
        id: p.id,
        kind: p.kind,
        title: p.title,
        document: documentOf.get(p.id),
        parent: p.parent,
        text: p.text,
        // The lines of the charts it holds, which a rules block may quote too (see Paragraph.chartWords).
        ...(p.chartWords ? { chartWords: p.chartWords } : {}),
        line: p.place.start.line,
        // The anchor the source's own site gave a heading (`914-specialized-combats`), so old links can be mapped.
        ...(p.sourceSlug ? { sourceSlug: p.sourceSlug } : {}),
        references: [...new Set((referencesFrom.get(p.id) ?? []).map((r) => r.id))],
        referencedBy: [...(referencedBy.get(p.id) ?? [])].sort(compareIds),
        definitions: definitionsAt.get(p.id) ?? [],
        procedures: [...(proceduresAt.get(p.id) ?? [])].sort(),
        examples: examplesAt(p.id),
      },
    ]),
  );

  const coverage = (ids: string[]) => {
    const numbered = ids.filter((id) => paragraphs.get(id)?.kind !== "chapter");
    const own = ids.flatMap((id) => examplesByParagraph.get(id) ?? []);
    return {
      paragraphs: numbered.length,
      formalized: numbered.filter((id) => (definitionsAt.get(id)?.length ?? 0) > 0).length,
      examples: own.length,
      checked: own.filter((e) => e.status === "checked").length,
      disputed: own.filter((e) => e.status === "disputed").length,
    };
  };

  return {
    format: FORMATS.ruleIndex,
    ruleset: { id: ruleset.id, title: ruleset.title, publisher: ruleset.publisher ?? null, description: ruleset.description ?? null },
    edition: {
      id: edition.id,
      title: edition.title,
      publisher: edition.publisher ?? null,
      date: edition.date ?? null,
      version: edition.version ?? null,
      supersedes: edition.supersedes ?? null,
      extends: edition.extends ?? null,
      sources: edition.sources,
      release: edition.release,
      marks: edition.marks,
    },
    // The patterns the compiler checked, so that the site finds paragraphs as the compiler did without analyzing them again.
    numbering: publishNumbering(edition.numbering),
    documents: edition.documents.map((d) => ({
      file: d.file,
      slug: d.front.slug,
      section: d.front.section,
      title: d.front.title,
      heading: d.paragraphs[0]?.title ?? d.front.title,
      order: d.front.order,
      excerpt: d.front.excerpt,
      provenance: d.front.provenance,
      paragraphs: d.paragraphs.map((p) => p.id),
      calculators: d.embeds.filter((e) => e.kind === "calculator").map((e) => e.attributes.procedure),
      // The image files its figures show (checked by phase 1): the only files of rules/ the site publishes besides the text.
      figures: figureFiles(d),
      // A chapter made from the extended edition's: which edition, and the errata applied to it (the site applies them again as it renders the file).
      inherited: d.inherited ? { edition: d.inherited.edition, amendments: d.inherited.amendments.map(publishAmendment) } : null,
      // Each with the chapter of this edition it amends (the amended paragraph, or heading, has its id there).
      amends: d.amends.map((a) => {
        const amended = amendedBy.get(amendmentKey(a));
        // How a reader names the amended part: its paragraph id, or a chapter's or an unnumbered heading's title.
        const paragraph = paragraphs.get(a.paragraph);
        const label = paragraph ? (paragraph.kind === "chapter" && paragraph.title ? paragraph.title : a.paragraph) : (amended?.headings.find((h) => h.anchor === a.paragraph)?.title ?? a.paragraph);
        return { ...publishAmendment(a), document: amended?.front.slug ?? null, label };
      }),
      coverage: coverage(d.paragraphs.map((p) => p.id)),
    })),
    paragraphs: paragraphIndex,
    references: references.map((r) => ({
      from: r.from,
      id: r.id,
      ...(r.through ? { through: r.through } : {}),
      text: r.text,
      status: r.status,
      ...(r.outsideTitle ? { outsideTitle: r.outsideTitle } : {}),
      ...(r.missing ? { missing: true } : {}),
      ...(r.href ? { href: r.href } : {}),
      ...(r.erratum ? { erratum: r.erratum } : {}),
      ...(r.anchor ? { anchor: r.anchor } : {}),
      file: r.place.file,
      line: r.place.start.line,
      column: r.place.start.column,
    })),
    charts: [...charts.values()].map((c) => ({
      id: c.id,
      caption: c.caption,
      paragraph: c.paragraph,
      document: documentOf.get(c.paragraph) ?? null,
      tables: (tablesOf.get(c.id) ?? []).map((t) => t.name),
      unknownCells: (tablesOf.get(c.id) ?? []).reduce((n, t) => n + t.unknownCells, 0),
      text: chartText(c),
      // What the rules call it, the paragraphs it serves and those that name it: each links to it.
      names: c.names,
      serves: c.serves,
      namedBy: [...new Set(chartReferences.filter((r) => r.chart === c.id && r.kind === "name").map((r) => r.from))].sort(compareIds),
    })),
    procedures: checked.procedures.map((p) => ({
      name: p.name,
      title: p.label,
      paragraph: p.citation.paragraph,
      document: documentOf.get(p.citation.paragraph) ?? null,
      module: `${p.name}.ts`,
      schema: `${p.name}.input.schema.json`,
      vectors: `${p.name}.vectors.json`,
      inputs: p.inputs.map((i) => i.name),
      outputs: p.outputs,
      outcome: p.outcome,
      // Labels and paragraphs of what the procedure answers, for forms and result panels.
      labels: Object.fromEntries(
        p.outputNames.map((name) => {
          const definition = p.letsByKey.get(name);
          return [name, { label: definition?.label ?? name, paragraph: definition?.citation.paragraph ?? p.citation.paragraph }];
        }),
      ),
      paragraphs: [...new Set(p.lets.map((l) => l.citation.paragraph))].sort(compareIds),
      examples: examplesOf.get(p.name)?.length ?? 0,
      // Definitions that read one cell of a chart: the calculator shows the cell, the chart opens the calculator.
      lookups: chartLookups(p),
    })),
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** Paragraph ids in reading order: 9.2 before 9.10, 9.1g before 9.2. */
export function compareIds(a: string, b: string): number {
  const parts = (id: string) => id.split(/(\d+)/).filter(Boolean);
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const na = Number(pa[i]);
    const nb = Number(pb[i]);
    if (!Number.isNaN(na) && !Number.isNaN(nb) && na !== nb) return na - nb;
    if (pa[i] !== pb[i]) return pa[i] < pb[i] ? -1 : 1;
  }
  return pa.length - pb.length;
}


/** A chart as plain text, one row per line with cells between bars (for search). */
function chartText(chart: Chart): string {
  return [chart.header, ...chart.rows].map((row) => row.map((cell) => cell.text).join(" | ")).join("\n");
}

/** The files a document's figures show, relative to the root, in the order shown. */
function figureFiles(document: RuleDocument): string[] {
  return document.embeds.flatMap((embed) => (embed.figure === undefined ? [] : [embed.figure]));
}

/** An amendment as the site needs it (where it is written stays with the compiler). */
function publishAmendment({ place: _place, ...amendment }: Amendment) {
  return amendment;
}

/** Names one `::amend` note by where it is written (a cached document holds a copy of it). */
function amendmentKey(a: Amendment): string {
  return `${a.place.file}\0${a.place.start.offset}`;
}
