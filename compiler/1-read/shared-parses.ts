import type { Root } from "mdast";
import { parseMarkdown } from "../markdown/parse-markdown.ts";
import { parseRulesBlock, type Origin, type ParseResult } from "../language/parse.ts";

/**
 * What one read of the corpus parses once however many editions read a chapter: an
 * edition that extends another reads each of the base's chapters again, as its own,
 * from the same text. A chapter's Markdown tree and each of its rules blocks (by its
 * text and where it starts) are parsed the first time and shared after; neither is
 * written to after parsing, except a tree that amendments rewrite, which is parsed
 * for itself (see `tree`).
 */
export class SharedParses {
  private readonly trees = new Map<string, Root>();
  private readonly blocks = new Map<string, ParseResult>();

  /** The Markdown tree of a chapter's text; `own` for a tree the caller will change. */
  tree(text: string, file: string, own = false): Root {
    if (own) return parseMarkdown(text, file);
    let tree = this.trees.get(text);
    if (!tree) this.trees.set(text, (tree = parseMarkdown(text, file)));
    return tree;
  }

  /** A rules block parsed (see parseRulesBlock). */
  rulesBlock(text: string, origin: Origin): ParseResult {
    const key = `${origin.line}:${origin.column}:${origin.offset}\0${text}`;
    let parsed = this.blocks.get(key);
    if (!parsed) this.blocks.set(key, (parsed = parseRulesBlock(text, origin)));
    return parsed;
  }
}
