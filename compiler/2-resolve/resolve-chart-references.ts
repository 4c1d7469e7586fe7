import type { Session } from "../diagnostics/session.ts";
import { chapterKey } from "../1-read/numbering.ts";
import { SourcePlaces } from "../1-read/source-places.ts";
import type { Chart, Edition, Paragraph } from "../1-read/types.ts";
import { chartMentionsIn, chartNames } from "./chart-names.ts";
import { editionName, type ChartReference } from "./types.ts";

/**
 * A chart is referred to two ways, and both link to it: a paragraph it serves
 * (`for="14.3e"`: the Air Combat Table is 14.3e's chart), and a paragraph that names it
 * ("use the Barrage Table", `name="Barrage Table"`) outside the chapter that holds it.
 * A paragraph a chart serves must be in the edition, unless its chapter is not in the
 * corpus (HX0116).
 */
export function resolveChartReferences(
  edition: Edition,
  paragraphs: Map<string, Paragraph>,
  charts: Map<string, Chart>,
  sources: Map<string, string>,
  session: Session,
): ChartReference[] {
  const chapters = new Map(edition.documents.map((d) => [chapterKey(d.front.section), d]));
  const references: ChartReference[] = [];
  for (const chart of charts.values()) {
    for (const id of chart.serves) {
      if (paragraphs.has(id)) references.push({ from: id, chart: chart.id, kind: "serves" });
      else if (chapters.has(chapterKey(id)) && !chapters.get(chapterKey(id))!.front.excerpt) {
        const places = new SourcePlaces(chart.file, sources.get(chart.file) ?? "");
        const at = places.find(id, chart.place.start.offset, places.nextLine(chart.place.start.offset)) ?? chart.place;
        session.report("HX0116", { chart: chart.id, id, edition: editionName(edition) }, at);
      }
    }
  }
  const names = chartNames([...charts.values()]);
  const fileOf = new Map([...charts.values()].map((c) => [c.id, c.file]));
  for (const document of edition.documents) {
    for (const paragraph of document.paragraphs) {
      for (const mention of chartMentionsIn(paragraph.text, names)) {
        if (fileOf.get(mention.chart) === document.file) continue;
        references.push({ from: paragraph.id, chart: mention.chart, kind: "name", text: paragraph.text.slice(mention.start, mention.end) });
      }
    }
  }
  return references;
}
