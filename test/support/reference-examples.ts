/**
 * The runnable examples of the language reference (grammar/README.md), and the
 * throwaway corpus they are compiled in.
 *
 * An example is a ````markdown block whose info string says `example`: the body of a
 * chapter (paragraphs and their rules blocks, charts). Each becomes chapter 1.0 of an
 * edition of its own, named after the line it starts on, so that two examples may
 * define the same names; a heading `# 2.0 Title` in it starts a further chapter of that
 * edition (each chapter's file keeps the example's line numbers). `example HX0203` marks a block that shows a mistake: it
 * must be reported with that code (and nothing else), and the ```text block right
 * after it shows what the compiler prints for it.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Code, Root, RootContent } from "mdast";
import remarkParse from "remark-parse";
import { unified } from "unified";
import type { Diagnostic, Place } from "../../compiler/diagnostics/diagnostic.ts";
import { formatDiagnostic } from "../../compiler/diagnostics/format.ts";

export interface ReferenceExample {
  /** Line of the opening fence in the reference. */
  line: number;
  /** The chapter body: the block's content. */
  body: string;
  /** The codes a block showing a mistake must produce; empty for an example that compiles. */
  codes: string[];
  /** The ```text block after a mistake: what the compiler prints, and where it is. */
  shown: { text: string; start: number; end: number } | null;
  /** The heading of the section the example is in. */
  section: string;
}

/** A fenced block of the reference that is not an example but looks like one: a finding of its own. */
export interface StrayBlock {
  line: number;
  lang: string;
}

export function parseReference(markdown: string): Root {
  return unified().use(remarkParse).parse(markdown);
}

/** Every example of the reference, in order; and every rules or Markdown block that is not one. */
export function referenceExamples(markdown: string): { examples: ReferenceExample[]; strays: StrayBlock[] } {
  const tree = parseReference(markdown);
  const examples: ReferenceExample[] = [];
  const strays: StrayBlock[] = [];
  let section = "";
  tree.children.forEach((node, i) => {
    if (node.type === "heading") section = plain(node);
    if (node.type !== "code") return;
    const line = node.position!.start.line;
    const words = (node.meta ?? "").split(/\s+/).filter(Boolean);
    if (node.lang !== "markdown" || words[0] !== "example") {
      if (node.lang === "rules" || node.lang === "markdown") strays.push({ line, lang: node.lang });
      return;
    }
    const next = tree.children[i + 1] as RootContent | undefined;
    const shown = next?.type === "code" && next.lang === "text" ? textBlock(next, markdown) : null;
    examples.push({ line, body: node.value, codes: words.slice(1), shown, section });
  });
  return { examples, strays };
}

function textBlock(node: Code, _markdown: string): ReferenceExample["shown"] {
  return { text: node.value, start: node.position!.start.offset!, end: node.position!.end.offset! };
}

function plain(node: RootContent): string {
  if ("value" in node && typeof node.value === "string") return node.value;
  return "children" in node ? (node.children as RootContent[]).map(plain).join("") : "";
}

export const RULESET = "reference";

/** The edition an example is compiled as: `l<line>`. */
export function editionOf(example: ReferenceExample): string {
  return `l${example.line}`;
}

/** The first chapter file of an example, relative to the corpus root (as diagnostics name it). */
export function chapterOf(example: ReferenceExample): string {
  return `rules/${RULESET}/${editionOf(example)}/01-example.md`;
}

/** Whether a file (as diagnostics name it) is one of an example's chapters. */
export function isChapterOf(example: ReferenceExample, file: string | undefined): boolean {
  return file?.startsWith(`rules/${RULESET}/${editionOf(example)}/`) === true && file.endsWith(".md");
}

const FURTHER_CHAPTER = /^# (\d{1,2})\.0 (.+)$/;

/**
 * The chapters of an example: 1.0 around the body up to a heading `# 2.0 …`, then one per such
 * heading. The body starts on line HEADER_LINES + 1 of every chapter's file: a later chapter's
 * front matter is followed by blank lines down to its heading, so that a line of any file is the
 * same line of the example.
 */
function chapters(example: ReferenceExample): { file: string; text: string }[] {
  const lines = example.body.split("\n");
  const starts = [0, ...lines.flatMap((line, i) => (i > 0 && FURTHER_CHAPTER.test(line) ? [i] : []))];
  return starts.map((start, k) => {
    const end = starts[k + 1] ?? lines.length;
    const heading = k === 0 ? null : FURTHER_CHAPTER.exec(lines[start])!;
    const section = heading ? `${heading[1]}.0` : "1.0";
    const front = `---
ruleset: ${RULESET}
edition: "${editionOf(example)}"
section: "${section}"
title: ${heading ? heading[2] : "Example"}
order: ${k + 1}
slug: ${section.replace(".", "-")}-example
provenance:
  source: The language reference, grammar/README.md, line ${example.line}.
---
`;
    const top = heading ? "\n".repeat(HEADER_LINES + start - 10) : "\n# 1.0 Example\n\n";
    return { file: `rules/${RULESET}/${editionOf(example)}/${String(k + 1).padStart(2, "0")}-example.md`, text: `${front}${top}${lines.slice(start, end).join("\n")}\n` };
  });
}

const HEADER_LINES = 13;

/** An edition numbered as the reference says: paragraphs 1.1 and 1.2a, items 1.1(A), references "see 1.2". */
const EDITION = (id: string) => `id: "${id}"
title: Reference example
sources:
  - title: The language reference (grammar/README.md)
numbering:
  paragraphs:
    - pattern: '(?<n>\\d{1,2}\\.\\d{1,2}[a-z]?)(?=[\\s.]|$)'
      id: '{n}'
  items:
    - pattern: '(?<n>\\d{1,2}|[A-Z])\\)'
      id: '{parent}({n})'
  references:
    - pattern: '(?<![A-Za-z])(?:[Ss]ee|[Pp]er|[Rr]ule)\\s+(?<n>\\d{1,2}\\.\\d{1,2}[a-z]?)(?![\\w\\-]|\\.\\d)'
      id: '{n}'
`;

/** Writes the examples into `root`/rules as editions of one ruleset. */
export function writeExampleCorpus(root: string, examples: readonly ReferenceExample[]): void {
  const ruleset = join(root, "rules", RULESET);
  mkdirSync(ruleset, { recursive: true });
  writeFileSync(join(ruleset, "ruleset.yaml"), `id: ${RULESET}\ntitle: The language reference's examples\npublisher: Hexlaw\n`);
  for (const example of examples) {
    const folder = join(ruleset, editionOf(example));
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "edition.yaml"), EDITION(editionOf(example)));
    for (const { file, text } of chapters(example)) writeFileSync(join(root, file), text);
  }
}

/** Where a place of an example's chapter is in the reference: its line there. */
export function referenceLine(example: ReferenceExample, place: Place | undefined): number {
  return place ? example.line + place.start.line - HEADER_LINES : example.line;
}

/**
 * The diagnostics of one example as the compiler prints them, placed in the example
 * itself (`example.md`, line 1 = its first line), as the reference shows them.
 */
export function shownDiagnostics(example: ReferenceExample, diagnostics: readonly Diagnostic[]): string {
  const local = (place: Place | undefined): Place | undefined =>
    place && isChapterOf(example, place.file)
      ? { file: "example.md", start: { ...place.start, line: place.start.line - HEADER_LINES }, end: { ...place.end, line: place.end.line - HEADER_LINES } }
      : place;
  return diagnostics
    .map((d) => formatDiagnostic({ ...d, place: local(d.place), notes: d.notes.map((n) => ({ ...n, place: local(n.place) })) }, (f) => (f === "example.md" ? example.body : undefined)))
    .join("\n\n");
}
