import type { Numbering, NumberingRule } from "../1-read/types.ts";

/** A numbering rule as the rule index publishes it: the pattern as written, no RegExp. */
export type PublishedRule = Omit<NumberingRule, "pattern">;
export type PublishedNumbering = Record<keyof Numbering, PublishedRule[]>;

/** The edition's checked numbering, as the rule index publishes it. */
export function publishNumbering(numbering: Numbering): PublishedNumbering {
  const publish = (rules: NumberingRule[]) => rules.map(({ source, id, missing, chapters }) => ({ source, id, missing, ...(chapters ? { chapters } : {}) }));
  return { paragraphs: publish(numbering.paragraphs), items: publish(numbering.items), references: publish(numbering.references) };
}
