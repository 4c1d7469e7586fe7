import { diffWords } from "diff";
import type { Paragraph } from "../1-read/types.ts";
import type { ParagraphChange, WordChange } from "./types.ts";

/** A paragraph's words without its number: what stays when a paragraph is renumbered. */
function words(paragraph: Paragraph): string {
  let text = paragraph.text.replace(/\s+/g, " ").trim();
  if (text.startsWith(paragraph.id)) text = text.slice(paragraph.id.length).trim();
  return text;
}

function wordDiff(from: string, to: string): WordChange[] {
  return diffWords(from, to).map((part) => ({ kind: part.added ? "added" : part.removed ? "removed" : "same", text: part.value }));
}

/** Share of words two texts have in common (0–1), for matching paragraphs that moved. */
function similarity(a: string, b: string): number {
  const parts = diffWords(a, b);
  const same = parts.filter((p) => !p.added && !p.removed).reduce((n, p) => n + p.value.length, 0);
  return (2 * same) / Math.max(1, a.length + b.length);
}

/**
 * Matches the paragraphs of two editions: same number and words (unchanged), same
 * words under a new number (renumbered), same number with new words (reworded),
 * new number and similar words (renumbered and reworded); the rest were added or
 * removed.
 */
export function diffText(from: Map<string, Paragraph>, to: Map<string, Paragraph>): ParagraphChange[] {
  const changes: ParagraphChange[] = [];
  const left = new Map([...from].filter(([, p]) => p.kind !== "chapter"));
  const right = new Map([...to].filter(([, p]) => p.kind !== "chapter"));
  const pair = (a: Paragraph, b: Paragraph) => {
    left.delete(a.id);
    right.delete(b.id);
  };

  for (const [id, a] of [...left]) {
    const b = right.get(id);
    if (b && words(a) === words(b)) pair(a, b);
  }
  const byWords = new Map<string, Paragraph>();
  for (const b of right.values()) if (!byWords.has(words(b))) byWords.set(words(b), b);
  for (const a of [...left.values()]) {
    const b = byWords.get(words(a));
    if (b && right.has(b.id)) {
      pair(a, b);
      changes.push({ kind: "renumbered", from: a.id, to: b.id, title: b.title });
    }
  }
  for (const [id, a] of [...left]) {
    const b = right.get(id);
    if (!b) continue;
    pair(a, b);
    changes.push({ kind: "reworded", from: a.id, to: b.id, title: b.title, words: wordDiff(words(a), words(b)) });
  }
  for (const a of [...left.values()]) {
    let best: Paragraph | undefined;
    let bestScore = 0.75;
    for (const b of right.values()) {
      const score = similarity(words(a), words(b));
      if (score > bestScore) {
        best = b;
        bestScore = score;
      }
    }
    if (best) {
      pair(a, best);
      changes.push({ kind: "renumbered", from: a.id, to: best.id, title: best.title, words: wordDiff(words(a), words(best)) });
    }
  }
  for (const a of left.values()) changes.push({ kind: "removed", from: a.id, title: a.title, text: words(a) });
  for (const b of right.values()) changes.push({ kind: "added", to: b.id, title: b.title, text: words(b) });
  // A chapter's own text (before its first numbered paragraph, or all of an unnumbered chapter
  // such as Summaries) reworded under the same id; a chapter that comes or goes is its paragraphs.
  for (const [id, a] of from) {
    const b = to.get(id);
    if (a.kind === "chapter" && b?.kind === "chapter" && words(a) !== words(b)) changes.push({ kind: "reworded", from: id, to: id, title: b.title, words: wordDiff(words(a), words(b)) });
  }
  return changes;
}
