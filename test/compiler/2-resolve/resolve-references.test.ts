/** References in prose and links: resolved, outside the corpus, or broken; links that disagree with their text. */
import { beforeAll, describe, expect, it } from "vitest";
import { compile, type CompileResult } from "../../../compiler/compile.ts";
import { chapterKey, isWithin } from "../../../compiler/1-read/numbering.ts";
import type { ResolvedReference } from "../../../compiler/2-resolve/types.ts";
import { compiledRepository, documentCorpus, frontMatter, removeTemp, REPO } from "../../support/repo.ts";

describe("references of the real corpus", () => {
  let result: CompileResult;
  const editionOf = (ruleset: string, edition: string) =>
    result.editions.find((e) => e.resolved.edition.ruleset === ruleset && e.resolved.edition.id === edition)?.resolved;
  const referencesOf = (ruleset: string, edition: string): ResolvedReference[] => editionOf(ruleset, edition)?.references ?? [];
  const ocsEdition = () => editionOf("ocs", "4.3")!;

  beforeAll(async () => {
    result = await compiledRepository();
  });

  it("compiles without errors", () => {
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  // Derived from the corpus itself, so adding a chapter moves no figure here: a reference
  // is resolved exactly when its paragraph is in the edition, outside exactly when its
  // chapter is not (or is an excerpt), and never broken (that is a compile error).
  it("classifies every reference as resolved, outside or broken by what the edition holds", () => {
    const seen = { resolved: 0, outside: 0 };
    for (const { resolved } of result.editions) {
      const chapters = new Map(resolved.edition.documents.map((d) => [chapterKey(d.front.section), d]));
      for (const r of resolved.references) {
        const label = `${r.text} in ${r.place.file}:${r.place.start.line}`;
        expect(r.status, label).not.toBe("broken");
        const ends = [r.id, r.through].filter((id): id is string => Boolean(id));
        if (r.status === "resolved") for (const id of ends) expect(resolved.paragraphs.has(id), label).toBe(true);
        else if (!r.missing) expect(ends.some((id) => !resolved.paragraphs.has(id) && (chapters.get(chapterKey(id))?.front.excerpt ?? true)), label).toBe(true);
        if (r.status !== "broken") seen[r.status]++;
      }
    }
    // The corpus has references of both kinds, so each branch above is exercised.
    expect(seen.resolved).toBeGreaterThan(0);
    expect(seen.outside).toBeGreaterThan(0);
  });

  it("resolves a Hugo link to a paragraph of another chapter", () => {
    const link = referencesOf("ocs", "4.3").find((r) => r.href === "../9-0-ground-combat/#914-specialized-combats" && r.place.file.endsWith("08-overrun.md"));
    expect(link).toMatchObject({ id: "9.14", status: "resolved", from: "8.0" });
  });

  it("marks a reference to a chapter that is not in the corpus as outside, with the edition's title for it", () => {
    let titled = 0;
    for (const { resolved } of result.editions) {
      for (const r of resolved.references.filter((x) => x.status === "outside" && !x.missing)) {
        const named = Object.keys(resolved.edition.outside).some((key) => isWithin(r.id, key));
        if (named) {
          expect(r.outsideTitle, `${r.id} in ${r.place.file}`).toBeTruthy();
          titled++;
        }
      }
    }
    expect(titled).toBeGreaterThan(0);
  });

  it("resolves the source's mislabelled and wrong references by their errata, with no HX0103 or HX0102", () => {
    const corrected = referencesOf("ocs", "4.3").filter((r) => r.erratum);
    const wrong = corrected.find((r) => r.text === "14.4h");
    expect(wrong).toMatchObject({ id: "14.4g", status: "resolved", from: "14.9b", href: "#144-flak", erratum: { printed: "14.4h", reads: "14.4g" } });
    expect(result.sources.get(wrong!.place.file)).toContain("cargo survival, [14.4h](#144-flak)).");
    const mislabelled = corrected.find((r) => r.href === "#98-surprise");
    expect(mislabelled).toMatchObject({ id: "9.6", text: "9.6", from: "9.2(7)" });
    const errataPlaces = new Set(corrected.map((r) => `${r.place.file}:${r.place.start.line}`));
    for (const d of result.diagnostics.filter((x) => x.code === "HX0103" || x.code === "HX0102")) {
      expect(errataPlaces.has(`${d.place!.file}:${d.place!.start.line}`), d.message).toBe(false);
    }
  });

  it("places every reference on the words that make it", () => {
    for (const edition of result.editions) {
      for (const reference of edition.resolved.references) {
        const text = result.sources.get(reference.place.file)!;
        const at = text.slice(reference.place.start.offset, reference.place.end.offset);
        // A reference in words an errata edition corrected is placed on the printed words they replace.
        const words = reference.printed ?? reference.text.split("\n")[0];
        expect(at.replace(/\s+/g, " "), `${reference.text} in ${reference.place.file}:${reference.place.start.line}`).toBe(words.replace(/\s+/g, " "));
      }
    }
  });

  it("reads “(13.3b)” and “via 18.5g” as references", () => {
    const references = referencesOf("ocs", "4.3");
    expect(references.find((r) => r.text === "13.3b" && !r.href)).toMatchObject({ id: "13.3b", status: "resolved" });
    expect(references.find((r) => r.text === "via 18.5g")).toMatchObject({ id: "18.5g", status: "resolved" });
  });

  it("numbers House Rules HR-1…HR-17 and every term of Terms and Definitions, and nothing else by the terms' pattern", () => {
    const { paragraphs } = ocsEdition();
    const houseRules = [...paragraphs.values()].filter((p) => /^HR-\d+$/.test(p.id)).map((p) => p.id);
    expect(houseRules).toEqual(Array.from({ length: houseRules.length }, (_, i) => `HR-${i + 1}`));
    const house = ocsEdition().edition.documents.find((d) => d.front.slug === "house-rules")!;
    const written = new Set(result.sources.get(house.file)!.match(/\bHR-\d+\b/g));
    expect(houseRules.length).toBeGreaterThan(0);
    expect(houseRules).toHaveLength(written.size);
    const terms = ocsEdition().edition.documents.find((d) => d.front.slug === "terms-and-definitions")!;
    const leads = (result.sources.get(terms.file)!.match(/^\*\*[^*\n]+:\*\*/gm) ?? []).length;
    expect(terms.paragraphs.filter((p) => p.kind === "lead")).toHaveLength(leads);
    expect(paragraphs.get("action-rating")).toMatchObject({ title: "Action Rating", kind: "lead" });
    expect(paragraphs.has("procedure")).toBe(false);
  });

  it("reads the misprinted lead-in **11.0d8** as 11.0d, as its erratum says, without a warning", () => {
    const { paragraphs } = ocsEdition();
    expect(result.diagnostics.filter((d) => d.code === "HX0110")).toEqual([]);
    expect(paragraphs.get("11.0d")?.text).toMatch(/^11\.0d8 The phasing player/);
    expect(paragraphs.get("11.0c")?.text).not.toContain("11.0d8");
  });
});

describe("errata and mislabelled links", () => {
  const document = (erratum: string) =>
    `${frontMatter("Test", "1.0")}\n# 1.0 Test\n\n## 1.1 First\n\n**1.1a** Text.\n\n## 1.2 Second\n\n**1.2a** As in [1.1b](#11-first).\n${erratum}`;

  it("reports a link whose text and target disagree (HX0103) when no erratum explains it", async () => {
    const { root } = documentCorpus(document("").replace("[1.1b](#11-first)", "[1.2](#11-first)"));
    const compiled = await compile({ root });
    removeTemp(root);
    expect(compiled.diagnostics.map((d) => [d.code, d.message])).toEqual([["HX0103", "Link text says 1.2 but the link points at 1.1."]]);
  });

  it("a reference to a paragraph the source does not have is an error (HX0102) until an erratum says what it should be", async () => {
    const without = documentCorpus(document(""));
    const broken = await compile({ root: without.root });
    removeTemp(without.root);
    expect(broken.diagnostics.map((d) => d.code)).toEqual(["HX0102"]);
    const withErratum = documentCorpus(document('\n::erratum[There is no 1.1b; 1.1a is meant.]{printed="1.1b" reads="1.1a"}\n'));
    const fixed = await compile({ root: withErratum.root });
    removeTemp(withErratum.root);
    expect(fixed.diagnostics).toEqual([]);
    const reference = fixed.editions[0].resolved.references.find((r) => r.text === "1.1b");
    expect(reference).toMatchObject({ id: "1.1a", status: "resolved", erratum: { printed: "1.1b", reads: "1.1a", note: "There is no 1.1b; 1.1a is meant." } });
  });

  it("an erratum inside a list item corrects that item's reference, or is HX0109 there", async () => {
    const item = (erratum: string) =>
      `${frontMatter("Test", "1.0")}\n# 1.0 Test\n\n## 1.1 First\n\n**1.1a** Text.\n\n**1.2a** As follows.\n\n* **A)** As in [1.1b](#11-first).\n\n  ${erratum}\n`;
    const fixed = documentCorpus(item('::erratum[There is no 1.1b; 1.1a is meant.]{printed="1.1b" reads="1.1a"}'));
    const compiled = await compile({ root: fixed.root });
    removeTemp(fixed.root);
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.editions[0].resolved.references.find((r) => r.text === "1.1b")).toMatchObject({ id: "1.1a", from: "1.2a(A)", erratum: { reads: "1.1a" } });
    const wrong = documentCorpus(item('::erratum[Wrong.]{printed="9.9z" reads="1.1a"}'));
    const unmatched = await compile({ root: wrong.root });
    removeTemp(wrong.root);
    expect(unmatched.diagnostics.map((d) => d.code)).toEqual(["HX0102", "HX0109"]);
    expect(unmatched.diagnostics[1].message).toContain("1.2a(A)");
  });

  it("an erratum that matches no reference of its paragraph is an error (HX0109)", async () => {
    const { root } = documentCorpus(document('\n::erratum[Wrong.]{printed="9.9z" reads="1.1a"}\n').replace("[1.1b]", "[1.1a]"));
    const compiled = await compile({ root });
    removeTemp(root);
    expect(compiled.diagnostics.map((d) => d.code)).toEqual(["HX0109"]);
    expect(compiled.diagnostics[0].place?.start.line).toBeGreaterThan(1);
  });
});

describe("a misprinted lead-in number", () => {
  const document = (erratum: string) =>
    `${frontMatter("Test", "1.0")}\n# 1.0 Test\n\n**1.0c** Handle combat.\n\n**1.0d8** Ships move.\n${erratum}\n**1.0e** As 1.0d says.\n`;

  it("is a warning (HX0110) and part of the paragraph before it, until an erratum says what it reads; then it is that paragraph", async () => {
    const without = documentCorpus(document(""));
    const warned = await compile({ root: without.root });
    removeTemp(without.root);
    expect(warned.diagnostics.map((d) => d.code)).toEqual(["HX0110"]);
    expect(warned.editions[0].resolved.paragraphs.has("1.0d")).toBe(false);

    const withErratum = documentCorpus(document('\n::erratum[The printed rulebook numbers it 1.0d.]{printed="1.0d8" reads="1.0d"}\n'));
    const fixed = await compile({ root: withErratum.root });
    removeTemp(withErratum.root);
    expect(fixed.diagnostics).toEqual([]);
    const paragraph = fixed.editions[0].resolved.paragraphs.get("1.0d");
    expect(paragraph).toMatchObject({ id: "1.0d", kind: "lead", parent: "1.0" });
    expect(paragraph?.text).toContain("1.0d8 Ships move.");
    expect(fixed.editions[0].resolved.paragraphs.get("1.0c")?.text).not.toContain("Ships move");
  });
});

describe("links to headings without a number", () => {
  it("land on the heading (its anchor as the source's site makes it, repeats numbered), inside the paragraph the text names", async () => {
    const compiled = await compile({ root: `${REPO}/test/fixtures/unnumbered-headings` });
    expect(compiled.diagnostics).toEqual([]);
    const references = compiled.editions[0].resolved.references;
    expect(references.map((r) => [r.id, r.href, r.anchor])).toEqual([
      ["1.1", "#weather-segment", "weather-segment"],
      ["1.1", "#weather-segment-1", "weather-segment-1"],
    ]);
  });
});
