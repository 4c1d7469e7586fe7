import { slug } from "github-slugger";
import { escapeRegExp } from "../regexp.ts";
import type { IndexParagraph, RuleIndex } from "./rulebook-context.ts";

/** A term of an edition's glossary: its paragraph id and the words that name it in the text. */
export interface GlossaryTerm {
  id: string;
  names: string[];
}

/**
 * The terms of an edition: its paragraphs whose id is the slug of their title, as a
 * glossary's lead-ins are numbered (`**Action Rating:**` → `action-rating`, see the
 * `{n:slug}` numbering of edition.yaml). No list is written by hand.
 */
export function glossaryTerms(index: RuleIndex): GlossaryTerm[] {
  return Object.entries(index.paragraphs)
    .filter(([id, p]) => isTerm(id, p))
    .map(([id, p]) => ({ id, names: namesOf(p.title!) }))
    .filter((term) => term.names.length > 0);
}

/** Whether a paragraph is a glossary term: its id is the slug of its title (`**Action Rating:**` → `action-rating`), and it is not a heading (the front matter names its sections by their titles too). */
export function isTerm(id: string, p: Pick<IndexParagraph, "kind" | "title">): boolean {
  return p.kind !== "chapter" && p.kind !== "heading" && !!p.title && slug(p.title) === id;
}

/**
 * The words a term's title gives for it: "Disorganized Mode (DG)" → "Disorganized
 * Mode", "DG"; "Rail Repair (aka RR) Units" → "Rail Repair Units", "RR"; "Steps, Step
 * Loss" → "Steps", "Step Loss". A parenthesis is an abbreviation when it has two
 * characters or more and a capital ("(e)" and "(S)" are too short to find safely).
 */
export function namesOf(title: string): string[] {
  const names = new Set<string>();
  for (const [, inner] of title.matchAll(/\(([^()]*)\)/g)) {
    const abbreviation = inner.replace(/^aka\s+/i, "").trim();
    if (abbreviation.length >= 2 && /\p{Lu}/u.test(abbreviation)) names.add(abbreviation);
  }
  const plain = title.replace(/\([^()]*\)/g, " ").replace(/\s+/g, " ").trim();
  for (const name of plain.split(/,\s+/)) if (/\p{L}/u.test(name)) names.add(name.trim());
  return [...names];
}


/**
 * A name as it appears in running text: the same words, any spacing or line break
 * between them, a plural `s`. A name of several words may have its words' first
 * letters in either case ("combat units" for "Combat Unit"); a name of one word keeps
 * its capital ("Low", "Road"), so the ordinary word is not taken for the term, and an
 * abbreviation is exact.
 */
function namePattern(name: string): string {
  const words = name.split(" ");
  const word = (w: string) => (words.length > 1 && /^\p{L}/u.test(w) && w[0].toLowerCase() !== w[0].toUpperCase() ? `[${w[0].toUpperCase()}${w[0].toLowerCase()}]${escapeRegExp(w.slice(1))}` : escapeRegExp(w));
  const plural = /s$/i.test(name) ? "" : "(?:s|es)?";
  return words.map(word).join("\\s+") + plural;
}

/**
 * One matcher for every name of every term, longest name first so that "Non-Combat
 * Unit" wins over "Combat Unit"; a match must stand as a whole word (no letter,
 * digit or hyphen on either side). `termOf` gives the term of a match.
 */
export function glossaryMatcher(terms: GlossaryTerm[]): { pattern: RegExp; termOf(match: RegExpExecArray): string } | null {
  const names = terms.flatMap((term) => term.names.map((name) => ({ id: term.id, name }))).sort((a, b) => b.name.length - a.name.length || (a.name < b.name ? -1 : 1));
  if (names.length === 0) return null;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}-])(?:${names.map(({ name }) => `(${namePattern(name)})`).join("|")})(?![\\p{L}\\p{N}-])`, "gu");
  return {
    pattern,
    termOf: (match) => names[match.findIndex((group, i) => i > 0 && group !== undefined) - 1].id,
  };
}
