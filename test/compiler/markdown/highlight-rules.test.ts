/**
 * highlightRules tokenizes a source once per process (an edition that extends
 * another renders the same rules blocks again): each call still gets its own
 * links and a tree of its own, so what one rendering does to its copy never shows
 * in another's.
 */
import type { Element, ElementContent } from "hast";
import { describe, expect, it } from "vitest";
import { highlightRules } from "../../../compiler/markdown/highlight-rules.ts";

const SOURCE = "rule overrun_odds @8.1a\n  let odds = attacker / defender\n";

const anchors = (nodes: ElementContent[]): Element[] =>
  nodes.flatMap((n) => (n.type !== "element" ? [] : n.tagName === "a" ? [n] : anchors(n.children)));

describe("highlightRules, the same source highlighted again", () => {
  it("links each citation as the caller's href says, call by call", async () => {
    const first = await highlightRules(SOURCE, (id) => `/ocs/4.3/8-0-overrun/#${id}`);
    const second = await highlightRules(SOURCE, (id) => `/ocs/4.3-errata-2019/8-0-overrun/#${id}`);
    const none = await highlightRules(SOURCE, () => null);
    expect(anchors(first).map((a) => a.properties.href)).toEqual(["/ocs/4.3/8-0-overrun/#8.1a"]);
    expect(anchors(second).map((a) => a.properties.href)).toEqual(["/ocs/4.3-errata-2019/8-0-overrun/#8.1a"]);
    expect(anchors(none)).toEqual([]);
  });

  it("gives each call a tree of its own", async () => {
    const first = await highlightRules(SOURCE, () => null);
    const before = structuredClone(first);
    const second = await highlightRules(SOURCE, () => null);
    expect(second).toEqual(before);
    // A later pass editing one rendering's tree (rehype plugins do) leaves the next rendering as it was.
    const text = (nodes: ElementContent[]): { value: string }[] => nodes.flatMap((n) => (n.type === "text" ? [n] : n.type === "element" ? text(n.children) : []));
    for (const node of text(second)) node.value = "changed";
    expect(await highlightRules(SOURCE, () => null)).toEqual(before);
  });
});
