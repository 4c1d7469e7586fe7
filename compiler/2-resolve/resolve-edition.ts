import type { Session } from "../diagnostics/session.ts";
import type { Chart, Corpus } from "../1-read/types.ts";
import { fieldPlace } from "../1-read/load-metadata.ts";
import { SourcePlaces } from "../1-read/source-places.ts";
import { collectSymbols } from "./collect-symbols.ts";
import { indexParagraphs } from "./index-paragraphs.ts";
import { resolveChartReferences } from "./resolve-chart-references.ts";
import { resolveReferences } from "./resolve-references.ts";
import type { ResolvedEdition } from "./types.ts";

/** Phase 2: per edition, index paragraphs and charts, classify references, collect names. */
export function resolveCorpus(corpus: Corpus, session: Session): ResolvedEdition[] {
  const editions: ResolvedEdition[] = [];
  for (const ruleset of corpus.rulesets) {
    const ids = new Set(ruleset.editions.map((e) => e.id));
    for (const edition of ruleset.editions) {
      if (edition.supersedes && !ids.has(edition.supersedes)) {
        const places = new SourcePlaces(edition.file, corpus.sources.get(edition.file) ?? "");
        session.report("HX0006", { edition: edition.id, target: edition.supersedes, ruleset: ruleset.id }, fieldPlace(places, "supersedes"));
      }
      const paragraphs = indexParagraphs(edition, session);
      const charts = indexCharts(edition.documents.flatMap((d) => d.charts), session);
      editions.push({
        ruleset,
        edition,
        paragraphs,
        references: resolveReferences(edition, paragraphs, session),
        charts,
        chartReferences: resolveChartReferences(edition, paragraphs, charts, corpus.sources, session),
        symbols: collectSymbols(edition, paragraphs, session),
      });
    }
  }
  return editions;
}

function indexCharts(charts: Chart[], session: Session): Map<string, Chart> {
  const byId = new Map<string, Chart>();
  for (const chart of charts) {
    const first = byId.get(chart.id);
    if (first) {
      session.report("HX0107", { id: chart.id }, chart.place, [{ message: "first used here", place: first.place }]);
      continue;
    }
    byId.set(chart.id, chart);
  }
  return byId;
}
