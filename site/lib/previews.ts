// Previews of the paragraphs a chapter links to: its previews.json, which the
// chapter's reading aids fetch once the page is idle, so that hover, focus and tap
// show them without waiting.
import { isTerm } from "../../compiler/markdown/glossary-terms.ts";
import { escapeRegExp } from "../../compiler/regexp.ts";
import { excerpt, hrefOf, paragraphLabel, type RuleIndex } from "./corpus.ts";

export interface Preview {
  /** "9.14b Supply Dump" */
  t: string;
  /** Chapter heading */
  c: string;
  /** Text excerpt */
  x: string;
  /** Site URL */
  u: string;
}

export function previewsFor(html: string, index: RuleIndex): Record<string, Preview> {
  const ids = new Set([...html.matchAll(/data-ref="([^"]+)"/g)].map((m) => decodeEntities(m[1])));
  const previews: Record<string, Preview> = {};
  for (const id of [...ids].sort()) {
    const p = index.paragraphs[id];
    const u = hrefOf(index, id);
    if (!p || !u) continue;
    const chapter = index.documents.find((d) => d.slug === p.document);
    // The text without its number ("9.14b …") or, for a term, its own name ("Action Rating: …").
    const lead = isTerm(id, p) ? `${p.title}:` : id;
    const body = p.text.replace(new RegExp(`^\\s*${escapeRegExp(lead)}\\s*`), "");
    previews[id] = { t: paragraphLabel(index, id), c: chapter?.heading ?? "", x: excerpt(body), u };
  }
  return previews;
}

function decodeEntities(s: string): string {
  return s.replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16))).replace(/&amp;/g, "&").replace(/&quot;/g, '"');
}

/** JSON that is safe inside a <script type="application/json">. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}
