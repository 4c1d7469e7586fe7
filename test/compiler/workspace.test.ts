// The Workspace a language server keeps (compiler/workspace.ts): an unsaved text is compiled
// instead of the file on disk, which it never changes; its diagnostics are placed in it;
// saved or closed, the file on disk counts again; and what it compiles equals a cold compile
// of the same text saved.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { compile } from "../../compiler/compile.ts";
import { Workspace } from "../../compiler/workspace.ts";
import { copyCorpus, removeTemp } from "../support/repo.ts";

const root = copyCorpus(new URL("../editions/fixture", import.meta.url).pathname);
afterAll(() => removeTemp(root));

const FILE = "rules/fx/v2/01-moves.md";
const saved = readFileSync(join(root, FILE), "utf8");

test("an unsaved mistake is reported in its file, in place; the file on disk is left as it is", async () => {
  const workspace = new Workspace(root);
  expect((await workspace.result()).ok).toBe(true);
  const before = await workspace.diagnostics(FILE);
  const typing = saved.replace("let mp_after \"MP left after the charge\" = mp - charge_cost", "let mp_after \"MP left after the charge\" = mp - charge_cots");
  const result = await workspace.update(FILE, typing);
  expect(result.ok).toBe(false);
  const errors = (await workspace.diagnostics(FILE)).filter((d) => d.severity === "error");
  expect(errors.map((d) => d.code)).toEqual(["HX0203"]);
  const [unknown] = errors;
  const line = typing.split("\n").findIndex((l) => l.includes("charge_cots")) + 1;
  expect(unknown.place?.start.line).toBe(line);
  expect(readFileSync(join(root, FILE), "utf8")).toBe(saved);
  // Closed without saving: the file on disk again.
  expect((await workspace.update(FILE, null)).ok).toBe(true);
  expect(await workspace.diagnostics(FILE)).toEqual(before);
});

test("an unsaved text compiles to what a cold compile of it saved gives", async () => {
  const workspace = new Workspace(root);
  await workspace.result();
  const text = saved.replace(`"Charge cost" = 2`, `"Cost of a charge" = 2`);
  const held = await workspace.update(FILE, text);
  writeFileSync(join(root, FILE), text);
  try {
    const cold = await compile({ root });
    expect(held.ok).toBe(true);
    // All but the record of what generated/ was built from, which fingerprints the files on disk (a workspace never writes generated/).
    const built = (files: Map<string, string>) => new Map([...files].filter(([path]) => path !== ".build-inputs.json"));
    expect(built(held.files)).toEqual(built(cold.files));
  } finally {
    writeFileSync(join(root, FILE), saved);
  }
});
