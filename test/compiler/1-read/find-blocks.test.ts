/** Where rules blocks are found: a block the compiler does not read must not pass silently. */
import { afterAll, describe, expect, it } from "vitest";
import { compile } from "../../../compiler/compile.ts";
import { documentCorpus, frontMatter, removeTemp } from "../../support/repo.ts";

const roots: string[] = [];
afterAll(() => roots.forEach(removeTemp));

async function compileBody(body: string) {
  const text = `${frontMatter()}\n# 1.0 Test\n\n${body}`;
  const { root } = documentCorpus(text);
  roots.push(root);
  return { result: await compile({ root }), text };
}

const lineOf = (text: string, needle: string) => text.split("\n").findIndex((line) => line.includes(needle)) + 1;

describe("rules blocks", () => {
  it("reads a block right after its paragraph, at top level", async () => {
    const { result, text } = await compileBody("**1.1** Units move.\n\n```rules\nlet broken = 3 +\n```\n");
    expect(result.diagnostics.map((d) => [d.code, d.place?.start.line])).toEqual([["HX0201", lineOf(text, "let broken")]]);
  });

  it.each([
    ["a list item", "**1.1** Steps:\n\n1) Units move.\n\n   ```rules\n   let broken = 3 +\n   ```\n"],
    ["a block quote", "**1.1** Units move.\n\n> ```rules\n> let broken = 3 +\n> ```\n"],
  ])("does not silently ignore a block inside %s", async (_, body) => {
    const { result, text } = await compileBody(body);
    const block = lineOf(text, "```rules");
    expect(block).toBeGreaterThan(0);
    const about = result.diagnostics.filter((d) => d.place && d.place.start.line >= block && d.place.start.line <= block + 2);
    expect(about.length, "a broken rules block that is not read must at least be reported").toBeGreaterThan(0);
  });
});
