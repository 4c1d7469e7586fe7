import type { Paragraph, Root, Text } from "mdast";
import { toString } from "mdast-util-to-string";
import { describe, expect, it } from "vitest";
import { parseMarkdown } from "../../../compiler/markdown/parse-markdown.ts";

const types = (tree: Root) => tree.children.map((n) => n.type);

describe("parseMarkdown", () => {
  it("keeps colons in prose as text: odds, times and ratios are never directives", () => {
    const tree = parseMarkdown("At 1:4 or 12:30, a :name and a :x[label]{a=b} stay prose.\n", "t.md");
    const paragraph = tree.children[0] as Paragraph;
    expect(paragraph.children.map((c) => c.type)).toEqual(["text"]);
    expect((paragraph.children[0] as Text).value).toBe("At 1:4 or 12:30, a :name and a :x[label]{a=b} stay prose.");
  });

  it("reads charts and calculators as directives, with their positions", () => {
    const source = "::calculator{procedure=overrun}\n\n:::chart[Odds]{#odds}\n| a | b |\n|---|---|\n| 1 | 2 |\n:::\n";
    const tree = parseMarkdown(source, "t.md");
    expect(types(tree)).toEqual(["leafDirective", "containerDirective"]);
    expect(tree.children[1].position?.start).toMatchObject({ line: 3, column: 1, offset: 33 });
  });

  it("reads tables whose rows start with a bar, also right after a paragraph", () => {
    const tree = parseMarkdown("Text before.\n| a | b |\n|---|---|\n| 1 | ? |\n\nA | b\n", "t.md");
    expect(types(tree)).toEqual(["paragraph", "table", "paragraph"]);
    expect(toString(tree.children[1])).toBe("ab1?");
  });

  it("turns a line that only looks like an unknown directive back into its exact text", () => {
    const tree = parseMarkdown("::nothing[here]{x=1}\n", "t.md");
    expect(types(tree)).toEqual(["paragraph"]);
    expect(toString(tree)).toBe("::nothing[here]{x=1}");
  });
});
