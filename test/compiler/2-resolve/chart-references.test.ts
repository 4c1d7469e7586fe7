/** A chart is linked from the paragraphs it serves and from every paragraph that names it. */
import { describe, expect, it } from "vitest";
import { readCorpus } from "../../../compiler/1-read/read-corpus.ts";
import { chartMentionsIn, chartNames } from "../../../compiler/2-resolve/chart-names.ts";
import { resolveCorpus } from "../../../compiler/2-resolve/resolve-edition.ts";
import { Session } from "../../../compiler/diagnostics/session.ts";
import { REPO } from "../../support/repo.ts";

describe("chart names in a text", () => {
  const names = chartNames([
    { id: "capture", names: ["Capture Table"] },
    { id: "air-base", names: ["Air Base Capture Table"] },
    { id: "facility", names: ["Barrage vs Facility Table"] },
    { id: "barrage", names: ["Barrage Table"] },
    { id: "again", names: ["Barrage Table", ""] },
  ]);
  const found = (text: string) => chartMentionsIn(text, names).map((m) => `${text.slice(m.start, m.end)} → ${m.chart}`);

  it("are found word for word, the longest name first, across a line break", () => {
    expect(found("Use the Air Base\nCapture Table, then the Capture Table.")).toEqual(["Air Base\nCapture Table → air-base", "Capture Table → capture"]);
    expect(found("the Barrage vs Facility Table (aside from the Barrage Table)")).toEqual(["Barrage vs Facility Table → facility", "Barrage Table → barrage"]);
  });

  it("are not found in other words, another case or across punctuation", () => {
    expect(found("capture table; Capture. Table; Capture Tables; a Barrage vs Table")).toEqual([]);
  });

  it("belong to the first chart given them", () => {
    expect(found("Barrage Table")).toEqual(["Barrage Table → barrage"]);
  });
});

describe("chart references of the OCS 4.3 corpus", () => {
  const session = new Session();
  const resolved = resolveCorpus(readCorpus({ root: REPO }, session), session).find((e) => e.edition.ruleset === "ocs" && e.edition.id === "4.3")!;
  const of = (chart: string, kind: "serves" | "name") => resolved.chartReferences.filter((r) => r.chart === chart && r.kind === kind).map((r) => r.from);

  it("resolve without a diagnostic", () => {
    expect(session.diagnostics.filter((d) => d.code === "HX0116")).toEqual([]);
  });

  it("link each chart from the paragraphs it serves, named or not", () => {
    for (const chart of resolved.charts.values()) expect(of(chart.id, "serves"), chart.id).toEqual(chart.serves);
    expect(of("flak-roll-modifiers", "serves")).toEqual(["14.4e"]);
  });

  it("link a chart from every paragraph that names it, outside its own chapter", () => {
    expect(of("barrage-table-costs", "name")).toEqual(expect.arrayContaining(["10.0a", "14.7c"]));
    expect(of("air-base-capture-table", "name")).toContain("9.14f");
    expect(of("capture-table", "name")).not.toContain("9.14f");
    for (const reference of resolved.chartReferences) {
      if (reference.kind !== "name") continue;
      expect(resolved.paragraphs.get(reference.from)!.file).not.toBe(resolved.charts.get(reference.chart)!.file);
      expect(resolved.charts.get(reference.chart)!.names.map((n) => n.replace(/\s+/g, " "))).toContain(reference.text.replace(/\s+/g, " "));
    }
  });
});
