import type { ElementContent } from "hast";
import type { Code, Root } from "mdast";
import type { VFile } from "vfile";
import { h, mdastElement, text } from "./hast.ts";
import { documentContext, type RulebookOptions } from "./rulebook-context.ts";
import { CONSTANT_WORDS, EXPRESSION_WORDS, STATEMENT_WORDS } from "../language/words.ts";

/** The reserved words, and the words of declarations and clauses. */
const KEYWORDS = new Set<string>([
  ...STATEMENT_WORDS, ...EXPRESSION_WORDS, "chart", "grammar", "given", "assume", "expect", "with", "check", "output", "outcome",
  "disputed", "violated", "allowed", "of", "list", "min", "max", "rows", "columns", "cells",
]);
const CONSTANTS = new Set<string>(CONSTANT_WORDS);
const TYPES = new Set(["number", "integer", "boolean", "text", "odds", "range"]);

const TOKEN = /(#[^\n]*)|("(?:\\.|[^"\\\n])*")|(@[0-9A-Za-z][0-9A-Za-z.()]*)|(\b\d+d\d+\b)|(\b\d+(?:\.\d+)?\b)|([A-Za-z_][A-Za-z0-9_]*)|(\s+|[^\sA-Za-z0-9_"#@]+|.)/g;

/**
 * A ```rules block becomes a collapsed, highlighted listing under the paragraph
 * it formalizes; its `@8.1a` citations link to their paragraphs.
 */
export default function remarkRulesBlocks(options: RulebookOptions) {
  return (tree: Root, file: VFile) => {
    const context = documentContext(tree, file, options);
    tree.children = tree.children.map((node) => {
      if (node.type !== "code" || (node as Code).lang !== "rules") return node;
      const code = node as Code;
      const paragraph = context?.layout.owner.get(node);
      const lines = code.value.split("\n").length;
      const summary = [`Formal rules${paragraph ? ` for ${paragraph}` : ""}`, h("span", { className: ["meta"] }, [` (${lines} line${lines === 1 ? "" : "s"})`])];
      const element = h("details", { className: ["rules-block"] }, [
        h("summary", {}, summary),
        h("pre", { className: ["rules-code"], tabIndex: 0, ariaLabel: `Formal rules${paragraph ? ` for ${paragraph}` : ""}` }, [
          h("code", { className: ["language-rules"] }, highlight(code.value, (id) => context?.href(id) ?? null)),
        ]),
      ]);
      return mdastElement(element) as unknown as Root["children"][number];
    });
  };
}

/** Tokens of the rules language as spans: keywords, types, strings, numbers, dice, comments and citations. */
export function highlight(source: string, href: (id: string) => string | null): ElementContent[] {
  const out: ElementContent[] = [];
  for (const match of source.matchAll(TOKEN)) {
    const [token, comment, string, cite, dice, number, word] = match;
    const span = (className: string) => out.push(h("span", { className: [className] }, [token]));
    if (comment) span("tok-comment");
    else if (string) span("tok-string");
    else if (cite) {
      const id = token.slice(1).replace(/\.$/, "");
      const target = href(id);
      out.push(target ? h("a", { href: target, className: ["tok-cite", "ref"], dataRef: id }, [token]) : h("span", { className: ["tok-cite"] }, [token]));
    } else if (dice) span("tok-number");
    else if (number) span("tok-number");
    else if (word && KEYWORDS.has(word)) span("tok-keyword");
    else if (word && CONSTANTS.has(word)) span("tok-constant");
    else if (word && TYPES.has(word)) span("tok-type");
    else out.push(text(token));
  }
  return out;
}
