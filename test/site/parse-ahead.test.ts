/**
 * site/lib/parse-ahead.ts: in a build, a worker parses every rule document from the
 * start, and the chapter renderer takes a tree from it only when it was parsed from
 * the very text being rendered; the tree is the one the site's own pipeline parses.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { expect, test } from "vitest";
import { decodeSource } from "../../compiler/1-read/read-source.ts";
import { rulebookPlugins } from "../../compiler/markdown/rulebook-plugins.ts";
import { parseAhead, parsedAhead } from "../../site/lib/parse-ahead.ts";
import { root } from "../site/helpers/site.ts";

const folder = join(root, "rules", "ocs", "4.3");
const documents = readdirSync(folder).filter((name) => name.endsWith(".md")).map((name) => join(folder, name));
const textOf = (path: string) => {
  const decoded = decodeSource(readFileSync(path));
  return decoded.kind === "text" ? decoded.text : "";
};

test("every document's tree, parsed by the worker, is the one the site's pipeline parses from its text", async () => {
  expect(documents.length).toBeGreaterThan(1);
  const missing = join(folder, "no-such-chapter.md");
  parseAhead([...documents, missing]);
  const { remarkPlugins } = rulebookPlugins({ root });
  const site = unified().use(remarkParse).use(remarkPlugins);
  for (const path of documents) {
    const text = textOf(path);
    expect(await parsedAhead(path, text), path).toEqual(site.parse(text));
  }
  // A file it could not read is parsed by its reader, as is one it was not given.
  expect(await parsedAhead(missing, "")).toBeUndefined();
  expect(await parsedAhead(join(folder, "never-given.md"), "# x")).toBeUndefined();
});

test("a tree parsed from another text than the one being rendered is not taken", async () => {
  const [path] = documents;
  parseAhead([path]);
  expect(await parsedAhead(path, `${textOf(path)}\nAn edit made since.\n`)).toBeUndefined();
});
