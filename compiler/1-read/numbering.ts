import { slug } from "github-slugger";
import type { PatternUse } from "./check-pattern.ts";
import type { PublishedNumbering, PublishedRule } from "../formats/numbering.ts";
import type { Numbering, NumberingRule } from "./types.ts";

export interface NumberContext {
  parent: string | null;
  chapter: string;
}

export interface NumberMatch {
  id: string;
  /** Length of the matched number text, from the start of the text. */
  length: number;
  missing: boolean;
  groups: Record<string, string>;
}

/**
 * Fills an id template such as `{parent}({n})` from a match and its context;
 * `{n:slug}` writes the group as an anchor slug (`Action Rating` → `action-rating`).
 */
export function fillTemplate(template: string, groups: Record<string, string | undefined>, context: NumberContext): string {
  return template.replace(/\{(\w+)(:slug)?\}/g, (_, key: string, asSlug: string | undefined) => {
    const value = key === "parent" ? (context.parent ?? context.chapter) : key === "chapter" ? context.chapter : (groups[key] ?? "");
    return asSlug ? slug(value) : value;
  });
}

/**
 * A numbering pattern as it runs: paragraph and item patterns anchored at the start
 * of a lead-in, reference patterns searching prose. Only for patterns already
 * checked (check-pattern.ts): readNumbering, or an edition's published rule index.
 */
export function compilePattern(source: string, use: PatternUse): RegExp {
  return use === "anchored" ? new RegExp(`^(?:${source})`) : new RegExp(source, "g");
}

/** The numbering of a published rule index, compiled again (its patterns were checked when it was compiled). */
export function compileNumbering(published: PublishedNumbering): Numbering {
  const compiled = (rules: PublishedRule[], use: PatternUse) => rules.map((rule) => ({ ...rule, pattern: compilePattern(rule.source, use) }));
  return { paragraphs: compiled(published.paragraphs, "anchored"), items: compiled(published.items, "anchored"), references: compiled(published.references, "search") };
}

/** Does a rule apply in the document whose section is `chapter`? */
export function appliesIn(rule: NumberingRule, chapter: string): boolean {
  return !rule.chapters || rule.chapters.includes(chapter);
}

/**
 * How much of a heading, lead-in or list item a numbering pattern sees: a number
 * is at the start, and a bounded text bounds the time an edition's pattern can take.
 */
export const MAX_LEAD_IN = 256;

/** Matches a paragraph or item number at the very start of `text`. */
export function matchNumberAtStart(rules: NumberingRule[], text: string, context: NumberContext): NumberMatch | null {
  const whole = text.trimStart();
  const trimmed = whole.slice(0, MAX_LEAD_IN);
  const lead = text.length - whole.length;
  for (const rule of rules) {
    if (!appliesIn(rule, context.chapter)) continue;
    // Reference patterns are global: start every match from the beginning.
    rule.pattern.lastIndex = 0;
    const match = rule.pattern.exec(trimmed);
    if (match && match.index === 0) {
      const groups = { ...match.groups } as Record<string, string>;
      return { id: fillTemplate(rule.id, groups, context), length: lead + match[0].length, missing: rule.missing, groups };
    }
  }
  return null;
}

/** Matches a whole text as one number (as in a link's text `9.14`). */
export function matchWholeNumber(rules: NumberingRule[], text: string, context: NumberContext): NumberMatch | null {
  const match = matchNumberAtStart(rules, text, context);
  return match && match.length === text.length ? match : null;
}

/** The chapter a paragraph id belongs to: its leading integer (`9.14b` → `9`), or the id itself. */
export function chapterKey(id: string): string {
  const digits = /^\d+/.exec(id);
  return digits ? String(Number(digits[0])) : id;
}

/** Is `id` the paragraph `ancestor` or numbered inside it (`9.13b` inside `9.13`, `9.2(1)` inside `9.2`)? */
export function isWithin(id: string, ancestor: string): boolean {
  if (id === ancestor) return true;
  const chapterOnly = /^(\d+)\.0$/.exec(ancestor) ?? /^(\d+)$/.exec(ancestor);
  if (chapterOnly) return chapterKey(id) === chapterOnly[1];
  return id.startsWith(ancestor) && /^[a-z(.]/i.test(id.slice(ancestor.length)) && !/^\d/.test(id.slice(ancestor.length));
}
