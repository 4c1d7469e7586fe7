import type { Element, ElementContent } from "hast";
import { createCssVariablesTheme, type HighlighterCore } from "shiki";
import { createHighlighterCore } from "shiki/core";
import { createJavaScriptRegexEngine } from "shiki/engine/javascript";
import { copyTree } from "./copy-tree.ts";
import { h } from "./hast.ts";
// Imported, not read from disk: wherever this module runs (bundled, by the dev server), the grammar comes with it.
import grammar from "../../grammar/rules.tmLanguage.json" with { type: "json" };

const LANG = "rules";
/** Token colours are CSS variables (`--rules-token-keyword`, …), so the site's light and dark styles colour them. */
const THEME = createCssVariablesTheme({ name: "hexlaw-rules", variablePrefix: "--rules-", fontStyle: true });
const CITATION = /^(\s*)(@[0-9A-Za-z][0-9A-Za-z.()]*)(\s*)$/;

let highlighter: Promise<HighlighterCore> | undefined;

/** Shiki, Astro's highlighter, with the rules language's TextMate grammar (grammar/rules.tmLanguage.json). */
function rulesHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({
    themes: [THEME],
    langs: [{ ...grammar, name: LANG } as never],
    engine: createJavaScriptRegexEngine(),
  });
  return highlighter;
}

/**
 * A rules block's source as highlighted lines, by the TextMate grammar; each `@8.1a`
 * citation becomes a link to its paragraph where `href` knows one.
 */
export async function highlightRules(source: string, href: (id: string) => string | null): Promise<ElementContent[]> {
  const link = (node: ElementContent): ElementContent[] => {
    if (node.type !== "element") return [node];
    const token = tokenClass(node);
    if (token === "") return node.children.flatMap(link);
    if (token) node = { ...node, properties: { className: [token] } };
    const text = node.children.length === 1 && node.children[0].type === "text" ? node.children[0].value : null;
    const cite = text === null ? null : CITATION.exec(text);
    const target = cite ? href(cite[2].slice(1).replace(/\.$/, "")) : null;
    if (!cite || !target) return [{ ...node, children: node.children.flatMap(link) } as Element];
    const anchor = h("a", { href: target, className: ["tok-cite", "ref"], dataRef: cite[2].slice(1).replace(/\.$/, "") }, [cite[2]]);
    return [...(cite[1] ? [{ type: "text" as const, value: cite[1] }] : []), { ...node, children: [anchor] } as Element, ...(cite[3] ? [{ type: "text" as const, value: cite[3] }] : [])];
  };
  return (await shikiLines(source)).flatMap(link);
}

/** Sources highlighted in this process, at most this many kept (the book has a few hundred rules blocks). */
const KEPT = 4096;
const highlighted = new Map<string, ElementContent[]>();

/**
 * Shiki's lines of a source (spans of tokens), a copy of its own each time: an
 * edition that extends another renders the other's rules blocks again with links
 * of its own, and tokenizing is most of highlighting.
 */
async function shikiLines(source: string): Promise<ElementContent[]> {
  let lines = highlighted.get(source);
  if (!lines) {
    const root = (await rulesHighlighter()).codeToHast(source, { lang: LANG, theme: THEME });
    // Shiki's <pre><code>: its lines are what goes in the block's own <code>.
    const pre = root.children[0] as Element;
    lines = pre.children.find((c): c is Element => c.type === "element" && c.tagName === "code")?.children ?? [];
    if (highlighted.size >= KEPT) highlighted.delete(highlighted.keys().next().value!);
    highlighted.set(source, lines);
  }
  return copyTree(lines);
}

/**
 * A token's colour as a short class (`t-keyword` for `color:var(--rules-token-keyword)`):
 * a chapter holds thousands of tokens, and a class is a third of the bytes of the style
 * Shiki writes. Plain text ("" here) loses its span. Null: not a token span (a line).
 */
function tokenClass(node: Element): string | null {
  const style = typeof node.properties?.style === "string" ? node.properties.style : null;
  if (style === null) return null;
  const colour = /^color:var\(--rules-(?:token-)?([a-z-]+)\);?$/.exec(style.trim());
  if (!colour) return null;
  return colour[1] === "foreground" ? "" : `t-${colour[1]}`;
}
