import type { Place } from "../diagnostics/diagnostic.ts";
import type { Block } from "../language/ast.ts";

/** Phase 1 output: the corpus as read from rules/, before any cross-document resolution. */
export interface Corpus {
  root: string;
  rulesets: Ruleset[];
  /** Source text of every file read, by repository-relative path (for code frames). */
  sources: Map<string, string>;
}

export interface Ruleset {
  id: string;
  title: string;
  publisher?: string;
  description?: string;
  file: string;
  editions: Edition[];
}

/** What words the source prints in one colour mean: a short tag shown with them, and the meaning in full. */
export interface ColourMeaning {
  tag: string;
  meaning: string;
}

export interface Source {
  title: string;
  url?: string;
  /** Whom to credit for the text: its author, publisher, transcriber (`credit`). */
  credit?: string;
  /** The licence the source states for its text (`license`), such as "CC BY-NC 4.0"; absent when it states none. */
  license?: string;
  /** Where that licence is (`license_url`). */
  licenseUrl?: string;
}

export interface Edition {
  ruleset: string;
  id: string;
  title: string;
  publisher?: string;
  date?: string;
  version?: string;
  supersedes?: string;
  /** The edition this one is made from: its chapters, as amended by this edition's `::amend` notes (see amendments.ts). */
  extends?: string;
  sources: Source[];
  /** The release of the edition's engines package (`release`): its version is `<engine format>.<release>.0` (hexlaw pack). */
  release: number;
  /** What the colours of words the source marks mean (`<span style="color: red;">`), by colour. */
  marks: Record<string, ColourMeaning>;
  numbering: Numbering;
  outside: Record<string, string>;
  /** Where each `outside` entry is written in edition.yaml. */
  outsidePlaces: Record<string, Place>;
  file: string;
  documents: RuleDocument[];
}

export interface NumberingRule {
  pattern: RegExp;
  /** Pattern as written, anchored at the start of the text where it must match. */
  source: string;
  id: string;
  missing: boolean;
  /** Only in the documents whose `section` is one of these (a glossary's terms), or everywhere. */
  chapters?: string[];
}

export interface Numbering {
  paragraphs: NumberingRule[];
  items: NumberingRule[];
  references: NumberingRule[];
}

export interface Provenance {
  source: string;
  changes?: string;
  url?: string;
}

export interface FrontMatter {
  ruleset: string;
  edition: string;
  section: string;
  title: string;
  order: number;
  slug: string;
  excerpt: boolean;
  provenance: Provenance;
}

export type ParagraphKind = "chapter" | "heading" | "lead" | "item";

export interface Paragraph {
  id: string;
  kind: ParagraphKind;
  /** The heading or lead-in title after the number, if the source gives one. */
  title: string;
  /** Plain text of the paragraph, its number included, rules blocks excluded. */
  text: string;
  /** The words of the charts the paragraph holds (each caption, then a row a line), which a rules block may quote too. */
  chartWords?: string;
  parent: string | null;
  file: string;
  place: Place;
  /** Heading depth for headings (1 for the chapter), else 0. */
  depth: number;
  /** Slug of the heading text the way the source's own site built anchors. */
  sourceSlug?: string;
}

export interface Reference {
  /** Id of the referenced paragraph; for a range `9.3--9.4`, its first paragraph. */
  id: string;
  /** Last paragraph of a range reference. */
  through?: string;
  /** The words in the text that make the reference. */
  text: string;
  /** For Markdown links: the link target as written. */
  href?: string;
  /** The source leaves the number blank (`Rule ???`). */
  missing: boolean;
  /** Paragraph the reference appears in. */
  from: string;
  place: Place;
  /** The source names or links the wrong paragraph here: an `::erratum` says which it should be (`id` is that one). */
  erratum?: Erratum;
  /** In words an errata edition corrected: the printed words they replace (the reference is placed on those). */
  printed?: string;
}

/** A correction of a reference the source prints wrongly; the text itself stays as printed. */
export interface Erratum {
  /** The reference's words as printed (`14.4h`). */
  printed: string;
  /** The paragraph it should name or link to (`14.4`). */
  reads: string;
  /** What is wrong, in the document's words. */
  note: string;
}

/**
 * An erratum that an edition extending another applies to a paragraph of it (`::amend` in one
 * of its chapters): the printed words replaced by corrected ones, or a clarification.
 */
export interface Amendment {
  /** The amended paragraph's id, or the anchor of an unnumbered heading, in the extended edition. */
  paragraph: string;
  /** The words the extended edition prints (absent for a clarification). */
  printed?: string;
  /** The words that replace them. */
  corrected?: string;
  /** What the errata say. */
  note: string;
  /** The paragraph of the errata document that states it. */
  from: string;
  /** The title of the errata document (its chapter heading), which cites the errata source. */
  source: string;
  /** Where the `::amend` note is written. */
  place: Place;
}

export interface Chart {
  id: string;
  caption: string;
  /** The paragraph the chart is in. */
  paragraph: string;
  /** What the rules call the chart (`name="Surprise Rolls; Surprise Table"`): a mention of one of these in the text links to it. */
  names: string[];
  /** The paragraphs whose rules the chart serves (`for="9.14b 9.14c"`): each links to it. */
  serves: string[];
  header: ChartCell[];
  rows: ChartCell[][];
  file: string;
  place: Place;
}

export interface ChartCell {
  text: string;
  place: Place;
}

export interface RulesBlock {
  /** The paragraph the block formalizes (the one right before it). */
  paragraph: string | null;
  ast: Block | null;
  file: string;
  place: Place;
  source: string;
}

export interface Embed {
  kind: "calculator" | "figure";
  attributes: Record<string, string>;
  /** A figure's file, relative to the root, where its `src` names a path (figure-file.ts, figurePath); whether it can be shown is HX0021's. */
  figure?: string;
  paragraph: string;
  file: string;
  place: Place;
}

export interface RuleDocument {
  file: string;
  front: FrontMatter;
  paragraphs: Paragraph[];
  references: Reference[];
  charts: Chart[];
  blocks: RulesBlock[];
  embeds: Embed[];
  /** Headings without a number, which links may target by their anchor. */
  headings: { anchor: string; title: string; paragraph: string }[];
  /** Errata this document states for the edition its edition extends (`::amend` notes). */
  amends: Amendment[];
  /** For a chapter of an extending edition made from the extended edition's: that edition, and the amendments applied to it. */
  inherited?: { edition: string; amendments: Amendment[] };
}
