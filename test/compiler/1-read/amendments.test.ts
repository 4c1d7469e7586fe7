/**
 * An edition that extends another: the base's chapters with the `::amend` errata of its own
 * errata document applied (corrections replace the printed words; clarifications add a note),
 * its diagnostics (HX0007, HX0112–HX0114), and the changes report that lists the errata.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BuildCache } from "../../../compiler/cache.ts";
import { compile, type CompileResult } from "../../../compiler/compile.ts";
import { copyCorpus, EMPTY, frontMatter, removeTemp } from "../../support/repo.ts";
import type { EditionDiff } from "../../../compiler/diff/types.ts";

const CHAPTER = `${frontMatter("Test", "1.0")}
# 1.0 Test

Units move on a hex grid.

**1.0a** Units move 3 hexes
per turn, see 1.0c.

* **A)** Ships move 5 hexes, see 1.0b.
* **B)** Ships move 5 hexes in a storm.

**1.0b** Ships stop in a port.

## Example: A long move

A unit moves 3 hexes.

**1.0c** **Stacking** is limited to three units.
`;

const EDITION = `id: "2"\ntitle: Test rules 1 with errata\nextends: "1"\nsupersedes: "1"\nsources:\n  - title: Written for the Hexlaw test suite\n`;

const errata = (amends: string) => `---
ruleset: t
edition: "2"
section: errata
title: Errata
order: 9
slug: errata
provenance:
  source: Written for the Hexlaw test suite.
---

# Errata of today

* **1)** The first erratum.

${amends}
`;

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) removeTemp(root);
});

/** Edition 1 with CHAPTER and edition 2 extending it with the given errata document (or edition.yaml). */
function corpus(amends: string, edition = EDITION): string {
  const root = copyCorpus(EMPTY);
  roots.push(root);
  writeFileSync(join(root, "rules/t/1/01-test.md"), CHAPTER);
  mkdirSync(join(root, "rules/t/2"));
  writeFileSync(join(root, "rules/t/2/edition.yaml"), edition);
  writeFileSync(join(root, "rules/t/2/errata.md"), errata(amends));
  return root;
}

const editionOf = (result: CompileResult, id: string) => result.editions.find((e) => e.resolved.edition.id === id)!.resolved;
const codes = (result: CompileResult) => result.diagnostics.map((d) => d.code);

describe("an edition that extends another", () => {
  it("has every chapter of the base, read from the base's file, with the corrections in its text and references", async () => {
    const result = await compile({
      root: corpus(
        [
          '  ::amend[It is 4 hexes, per 1.0b.]{paragraph="1.0a" printed="3 hexes per turn, see 1.0c" corrected="4 hexes per turn, see 1.0b"}',
          "",
          '  ::amend[Ships stop in ports only.]{paragraph="1.0b"}',
        ].join("\n"),
      ),
    });
    expect(result.diagnostics).toEqual([]);
    const [base, amended] = [editionOf(result, "1"), editionOf(result, "2")];
    expect(amended.edition.extends).toBe("1");
    // Every paragraph of the base is there, under the same id, plus the errata document's.
    for (const id of base.paragraphs.keys()) expect(amended.paragraphs.has(id)).toBe(true);
    expect([...amended.paragraphs.keys()].filter((id) => !base.paragraphs.has(id)).sort()).toEqual(["errata", "errata(1)"]);
    const inherited = amended.edition.documents.find((d) => d.front.section === "1.0")!;
    expect(inherited.file).toBe("rules/t/1/01-test.md");
    expect(inherited.front.edition).toBe("2");
    expect(inherited.inherited?.amendments.map((a) => a.paragraph)).toEqual(["1.0a", "1.0b"]);
    // The correction (across the printed line break) is the paragraph's text, and its reference is re-found.
    expect(amended.paragraphs.get("1.0a")!.text).toContain("4 hexes per turn, see 1.0b");
    expect(amended.paragraphs.get("1.0a")!.text).not.toContain("3 hexes");
    expect(amended.references.filter((r) => r.from === "1.0a").map((r) => r.id)).toEqual(["1.0b"]);
    // A clarification leaves the words alone; neither note's words are references of the paragraph.
    expect(amended.paragraphs.get("1.0b")!.text).toBe(base.paragraphs.get("1.0b")!.text);
    expect(amended.references.filter((r) => r.from === "1.0b")).toEqual([]);
    // The base is as printed.
    expect(base.paragraphs.get("1.0a")!.text).toContain("3 hexes\nper turn, see 1.0c");
    expect(base.references.filter((r) => r.from === "1.0a").map((r) => r.id)).toEqual(["1.0c"]);
    // Engines, vectors and the index are made for the extending edition too.
    expect([...result.files.keys()]).toContain("t/2/index.json");
  });

  it("amends a list item, an unnumbered heading's part (by its anchor), and a chapter's own text", async () => {
    const result = await compile({
      root: corpus(
        [
          '  ::amend[Only 4.]{paragraph="1.0a(A)" printed="5 hexes, see" corrected="4 hexes, see"}',
          "",
          '  ::amend[The example is wrong.]{paragraph="example-a-long-move"}',
          "",
          '  ::amend[Hexes, not squares.]{paragraph="1.0" printed="hex grid" corrected="grid of hexes"}',
        ].join("\n"),
      ),
    });
    expect(result.diagnostics).toEqual([]);
    const amended = editionOf(result, "2");
    expect(amended.paragraphs.get("1.0a(A)")!.text).toContain("Ships move 4 hexes, see 1.0b.");
    expect(amended.paragraphs.get("1.0a(B)")!.text).toContain("Ships move 5 hexes in a storm.");
    expect(amended.paragraphs.get("1.0")!.text).toContain("Units move on a grid of hexes.");
    const diff = JSON.parse(result.files.get("t/2/changes-from-1.json")!) as EditionDiff;
    expect(diff.errata.map((e) => [e.paragraph, e.printed ?? null, e.corrected ?? null, e.from])).toEqual([
      ["1.0a(A)", "5 hexes, see", "4 hexes, see", "errata(1)"],
      ["example-a-long-move", null, null, "errata(1)"],
      ["1.0", "hex grid", "grid of hexes", "errata(1)"],
    ]);
    // The rule index names each amended part as a reader does: an id, an unnumbered heading's title, a chapter's title.
    const index = JSON.parse(result.files.get("t/2/index.json")!) as { documents: { amends: { label: string }[] }[] };
    const title = amended.paragraphs.get("1.0")!.title;
    expect(title).toBeTruthy();
    expect(index.documents.flatMap((d) => d.amends.map((a) => a.label))).toEqual(["1.0a(A)", "Example: A long move", title]);
    // The reworded paragraphs are in the text changes (the chapter's own text too); the engines do not change.
    expect(diff.text.filter((c) => c.kind === "reworded").map((c) => ("to" in c ? c.to : "")).sort()).toEqual(["1.0", "1.0a(A)"]);
    expect(diff.behaviourChanged).toBe(false);
  });

  it("takes the base's numbering when it has none of its own", async () => {
    const result = await compile({ root: corpus("") });
    expect(result.diagnostics).toEqual([]);
    expect(editionOf(result, "2").edition.numbering).toBe(editionOf(result, "1").edition.numbering);
  });

  it("reads its chapters again from a cache when the base's numbering changes", async () => {
    const root = corpus("");
    const cache = new BuildCache();
    await compile({ root, cache });
    const yaml = join(root, "rules/t/1/edition.yaml");
    writeFileSync(yaml, readFileSync(yaml, "utf8").replaceAll("id: '{n}'", "id: 'r{n}'"));
    const cached = await compile({ root, cache });
    const cold = await compile({ root });
    const ids = (result: CompileResult) => editionOf(result, "2").edition.documents.flatMap((d) => d.paragraphs.map((p) => p.id));
    expect(ids(cold)).toContain("r1.0a");
    expect(ids(cached)).toEqual(ids(cold));
    expect([...cached.files.keys()]).toEqual([...cold.files.keys()]);
    for (const [path, content] of cold.files) expect(cached.files.get(path), path).toBe(content);
  });
});

describe("amendments that cannot be applied", () => {
  const fails = async (amends: string, edition?: string) => {
    const root = corpus(amends, edition);
    const result = await compile({ root });
    expect(result.ok).toBe(false);
    // A failed build writes nothing.
    expect(result.files.size).toBe(0);
    expect(existsSync(join(root, "generated"))).toBe(false);
    return result;
  };

  it("a paragraph the base does not have: HX0112, at the amendment", async () => {
    const amend = '  ::amend[No.]{paragraph="1.0z"}';
    const result = await fails(amend);
    expect(codes(result)).toEqual(["HX0112"]);
    expect(result.diagnostics[0].place?.file).toBe("rules/t/2/errata.md");
    expect(result.diagnostics[0].place?.start.line).toBe(errata(amend).split("\n").indexOf(amend) + 1);
  });

  it("a paragraph of a chapter the edition replaces with its own: HX0114, at the amendment, not dropped", async () => {
    const root = corpus('  ::amend[No.]{paragraph="1.0a" printed="3 hexes" corrected="4 hexes"}');
    writeFileSync(join(root, "rules/t/2/01-test.md"), CHAPTER.replace('edition: "1"', 'edition: "2"').replace("Units move 3 hexes", "Units move 4 hexes"));
    const result = await compile({ root });
    expect(codes(result)).toEqual(["HX0114"]);
    expect(result.diagnostics[0].message).toContain("rules/t/2/01-test.md replaces that chapter");
    expect(result.diagnostics[0].place?.file).toBe("rules/t/2/errata.md");
  });

  it("printed words the paragraph does not print, prints twice, or splits with markup: HX0113", async () => {
    const missing = await fails('  ::amend[No.]{paragraph="1.0a" printed="three hexes" corrected="4 hexes"}');
    expect(codes(missing)).toEqual(["HX0113"]);
    expect(missing.diagnostics[0].message).toContain("they are not in its text");
    const twice = await fails('  ::amend[No.]{paragraph="example-a-long-move" printed="move" corrected="go"}');
    expect(codes(twice)).toEqual(["HX0113"]);
    expect(twice.diagnostics[0].message).toContain("it prints them 2 times");
    const split = await fails('  ::amend[No.]{paragraph="1.0c" printed="Stacking is limited" corrected="Stacking is capped"}');
    expect(split.diagnostics[0].message).toContain("split by emphasis, a link or other markup");
    // Another paragraph's words are not this paragraph's.
    const elsewhere = await fails('  ::amend[No.]{paragraph="1.0b" printed="3 hexes" corrected="4 hexes"}');
    expect(codes(elsewhere)).toEqual(["HX0113"]);
  });

  it("printed without corrected, no paragraph, no note: HX0114", async () => {
    expect(codes(await fails('  ::amend[No.]{paragraph="1.0a" printed="3 hexes"}'))).toEqual(["HX0114"]);
    expect(codes(await fails('  ::amend[No.]{printed="3 hexes" corrected="4 hexes"}'))).toEqual(["HX0114"]);
    expect(codes(await fails('  ::amend{paragraph="1.0b"}'))).toEqual(["HX0114"]);
    expect(codes(await fails(`  ::amend[${"x".repeat(2001)}]{paragraph="1.0b"}`))).toEqual(["HX0114"]);
  });

  it("an amendment in an edition that extends none is HX0114; extending an edition the ruleset lacks is HX0007", async () => {
    const own = await fails('  ::amend[No.]{paragraph="1.0b"}', EDITION.replace('extends: "1"\n', 'numbering:\n  paragraphs: []\n'));
    expect(codes(own)).toEqual(["HX0114"]);
    const unknown = await fails("", EDITION.replace('extends: "1"', 'extends: "9"'));
    expect(codes(unknown)).toContain("HX0007");
    expect(unknown.diagnostics.find((d) => d.code === "HX0007")?.place?.file).toBe("rules/t/2/edition.yaml");
  });

  it("the base's own warnings are reported once, not again for the edition that reads its chapters", async () => {
    const root = corpus("");
    writeFileSync(join(root, "rules/t/1/01-test.md"), `${readFileSync(join(root, "rules/t/1/01-test.md"), "utf8")}\n**1.0d8** Misprinted.\n`);
    const result = await compile({ root });
    expect(codes(result)).toEqual(["HX0110"]);
  });
});
