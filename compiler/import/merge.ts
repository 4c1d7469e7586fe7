import { comparable, type Block } from "./blocks.ts";
import { sourceText, type Segment, type Segmented } from "./segments.ts";

/** A paragraph the merge could not settle: the document keeps its own text there. */
export interface Conflict {
  /** The paragraph id. */
  id: string;
  /** Line index (0-based) of the paragraph in the existing document. */
  line: number;
  kind: "both-changed" | "removed-with-annotations" | "removed-here-changed-upstream" | "differs-without-base";
  /** The upstream text of the paragraph (empty when upstream removed it). */
  upstream: string;
}

export interface MergeResult {
  text: string;
  conflicts: Conflict[];
  /** Paragraphs whose text was replaced by the upstream's, added, or removed. */
  updated: string[];
  added: string[];
  removed: string[];
}

/**
 * Merges an upstream change into an existing document, paragraph by paragraph
 * (segments keyed by paragraph id). `base` is the upstream the document was
 * imported from, converted the same way; without it, any difference is a conflict.
 *
 * For each paragraph: the same source text here and upstream → kept as it is; only
 * upstream changed it → its new text, with this document's annotations (rules blocks,
 * notes, directives) put back after the same source block; only this document changed
 * it → kept; both → a conflict, and this document's version is kept. A paragraph that
 * upstream added is inserted where upstream has it; one that upstream removed goes,
 * unless annotations hang on it (a conflict).
 */
export function mergeDocument(local: Segmented, upstream: Segmented, base: Segmented | null): MergeResult {
  const text = (segment: Segment | undefined) => (segment ? sourceText(segment, comparable) : undefined);
  const localBy = new Map(local.segments.map((s) => [s.key, s]));
  const upstreamBy = new Map(upstream.segments.map((s) => [s.key, s]));
  const baseBy = new Map((base?.segments ?? []).map((s) => [s.key, s]));
  const result: MergeResult = { text: "", conflicts: [], updated: [], added: [], removed: [] };
  const out = new Map<string, string>();

  for (const remote of upstream.segments) {
    const mine = localBy.get(remote.key);
    const before = baseBy.get(remote.key);
    if (!mine) {
      if (before && text(before) === text(remote)) continue; // removed here on purpose, unchanged upstream
      if (before) result.conflicts.push({ id: remote.id, line: 0, kind: "removed-here-changed-upstream", upstream: text(remote) ?? "" });
      else result.added.push(remote.id);
      out.set(remote.key, remote.raw);
      continue;
    }
    if (text(mine) === text(remote)) out.set(remote.key, mine.raw);
    else if (base && before && text(mine) === text(before)) {
      out.set(remote.key, joinBlocks(reannotate(mine, remote)));
      result.updated.push(remote.id);
    } else if (base && before && text(remote) === text(before)) out.set(remote.key, mine.raw);
    else {
      result.conflicts.push({ id: mine.id, line: mine.blocks[0]?.line ?? 0, kind: base && before ? "both-changed" : "differs-without-base", upstream: text(remote) ?? "" });
      out.set(remote.key, mine.raw);
    }
  }

  // Paragraphs upstream no longer has: gone, unless something of ours hangs on them.
  const kept = new Map<string, string>();
  for (const mine of local.segments) {
    if (upstreamBy.has(mine.key)) continue;
    const before = baseBy.get(mine.key);
    const annotated = mine.blocks.some((b) => b.annotation);
    const unchanged = before !== undefined && text(before) === text(mine);
    if (!annotated && unchanged) {
      result.removed.push(mine.id);
      continue;
    }
    if (base && !before && !annotated) {
      kept.set(mine.key, mine.raw); // a paragraph of ours, never upstream's
      continue;
    }
    result.conflicts.push({ id: mine.id, line: mine.blocks[0]?.line ?? 0, kind: annotated ? "removed-with-annotations" : "differs-without-base", upstream: "" });
    kept.set(mine.key, mine.raw);
  }

  // Upstream's order, with the paragraphs kept from this document after the one they followed here:
  // each kept paragraph goes after the last paragraph before it here that upstream has (or the start),
  // following the kept ones already put there.
  const after = new Map<string | null, string[]>();
  let previous: string | null = null;
  for (const mine of local.segments) {
    if (kept.has(mine.key)) after.set(previous, [...(after.get(previous) ?? []), mine.key]);
    else if (upstreamBy.has(mine.key)) previous = mine.key;
  }
  const order = [...(after.get(null) ?? []), ...upstream.segments.flatMap((s) => [s.key, ...(after.get(s.key) ?? [])])];
  const body = order.map((key) => gap(out.get(key) ?? kept.get(key) ?? "")).join("\n");
  result.text = `${withoutTrailingNewlines(`${local.head}\n${body}`)}\n`;
  return result;
}

/** `text` without the line breaks it ends with (a loop: /\n*$/ is quadratic in a text of many blank lines). */
function withoutTrailingNewlines(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === "\n") end--;
  return text.slice(0, end);
}

/**
 * The upstream's blocks of a paragraph with this document's annotations put back:
 * each after the source block it followed here (found by its text), else after the
 * block at the same position, else at the end. A figure keeps this document's caption.
 */
function reannotate(mine: Segment, remote: Segment): Block[] {
  const captions = new Map(mine.blocks.filter((b) => !b.annotation).map((b) => [comparable(b), b.text]));
  const blocks = remote.blocks.map((b) => (captions.has(comparable(b)) ? { ...b, text: captions.get(comparable(b))! } : b));
  const sources = blocks.filter((b) => !b.annotation);
  const sourceBy = new Map<string, Block>();
  for (const source of sources) if (!sourceBy.has(comparable(source))) sourceBy.set(comparable(source), source);
  const after = new Map<Block | null, Block[]>();
  let previous: Block | null = null;
  let index = -1;
  for (const block of mine.blocks) {
    if (!block.annotation) {
      index++;
      previous = sourceBy.get(comparable(block)) ?? sources[Math.min(index, sources.length - 1)] ?? null;
      continue;
    }
    after.set(previous, [...(after.get(previous) ?? []), block]);
  }
  return [...(after.get(null) ?? []), ...blocks.flatMap((b) => [b, ...(after.get(b) ?? [])])];
}

/** Blocks written anew, ending with the blank line that separates them from the next paragraph. */
function joinBlocks(blocks: Block[]): string {
  return `${blocks.map((b) => b.text).join("\n\n")}\n`;
}

/** A segment's text ending in a blank line, so that the next paragraph starts a new block. */
function gap(raw: string): string {
  // Its last line is blank already when it is empty or only spaces and tabs (as the source may have it).
  return /(?:^|\n)[ \t]*$/.test(raw) ? raw : `${raw}\n`;
}
