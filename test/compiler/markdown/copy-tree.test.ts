/** copyTree: a copy equal to the tree, sharing no object or list with it (a rendering changes its copy only). */
import { describe, expect, it } from "vitest";
import { copyTree } from "../../../compiler/markdown/copy-tree.ts";

describe("copyTree", () => {
  it("copies every node, property and list, and shares none of them", () => {
    const tree = {
      type: "root",
      children: [{ type: "element", tagName: "span", properties: { className: ["t-keyword"], dataFor: undefined }, children: [{ type: "text", value: "let", position: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 4, offset: 3 } } }] }],
    };
    const copy = copyTree(tree);
    expect(copy).toStrictEqual(tree);
    copy.children[0].properties.className.push("changed");
    copy.children[0].children[0].value = "changed";
    copy.children[0].children[0].position.start.line = 9;
    expect(tree.children[0].properties.className).toEqual(["t-keyword"]);
    expect(tree.children[0].children[0]).toMatchObject({ value: "let", position: { start: { line: 1 } } });
  });
});
