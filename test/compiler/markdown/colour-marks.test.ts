/** Words a source marks by colour are read as a mark of that colour; any other HTML stays inert text. */
import type { Parent, Root } from "mdast";
import { toString } from "mdast-util-to-string";
import { describe, expect, it } from "vitest";
import { parseMarkdown } from "../../../compiler/markdown/parse-markdown.ts";
import type { ColourMark } from "../../../compiler/markdown/remark-colour-marks.ts";

function marks(tree: Parent): { colour: string; words: string }[] {
  return tree.children.flatMap((node) => (node.type === "colourMark" ? [{ colour: (node as ColourMark).colour, words: toString(node) }] : "children" in node ? marks(node as Parent) : []));
}

const html = (tree: Root): string[] => {
  const found: string[] = [];
  const visit = (node: Parent) => node.children.forEach((c) => (c.type === "html" ? found.push(c.value) : "children" in c && visit(c as Parent)));
  visit(tree);
  return found;
};

describe("colour marks", () => {
  it("are read in paragraphs, list items and chart cells, the words kept and their colour with them", () => {
    const tree = parseMarkdown(
      [
        "* <span style=\"color: red;\">Overruns (+3MP)</span> ([8.0](../8-0-overrun/))",
        "* <span style=\"color: blue;\">Barrage (all)</span> Segment",
        "",
        ":::chart[Who]{#who}",
        "| Step | Who may fight |",
        "|------|---------------|",
        "| Combat Segment | <span style=\"color:red\">Phasing player</span> |",
        ":::",
        "",
      ].join("\n"),
      "t.md",
    );
    expect(marks(tree)).toEqual([
      { colour: "red", words: "Overruns (+3MP)" },
      { colour: "blue", words: "Barrage (all)" },
      { colour: "red", words: "Phasing player" },
    ]);
    expect(html(tree)).toEqual([]);
    expect(toString(tree)).toContain("Overruns (+3MP) (8.0)");
  });

  it("read only the plain form: any other attribute, tag or an unclosed span stays raw HTML, which the site shows as text", () => {
    const tree = parseMarkdown(
      [
        "<span style=\"color: red; background: url(javascript:alert(1))\">a</span>",
        "",
        "<span style=\"color: red;\" onclick=\"alert(1)\">b</span>",
        "",
        "<span style=\"color: red;\">c",
        "",
        "<b style=\"color: red;\">d</b>",
        "",
        "x <span style=\"color: red;\">e <span style=\"color: blue;\">f</span></span>",
        "",
      ].join("\n"),
      "t.md",
    );
    expect(marks(tree)).toEqual([{ colour: "blue", words: "f" }]);
    expect(html(tree).length).toBeGreaterThanOrEqual(8);
  });
});
