// Which open pages a build of `npm run dev` reloads (site/dev/dev-compile.ts): those that show what changed.
import { expect, test } from "vitest";
import { pagesOf } from "../../site/dev/dev-compile.ts";

test("an edition's generated files are its pages and its ruleset's changes pages", () => {
  expect(pagesOf(["generated/ocs/4.3/overrun.ts", "generated/ocs/4.3/overrun.vectors.json"])).toEqual(["/ocs/4.3/", "/ocs/changes/"]);
});

test("a saved document is every page of its ruleset (an edition that extends it shows its chapters)", () => {
  expect(pagesOf(["rules/ocs/4.3/09-ground-combat.md"])).toEqual(["/ocs/"]);
});

test("the record of what generated/ was built from is no page's; the corpus index, the runtime and the grammars are every page's", () => {
  expect(pagesOf(["generated/.build-inputs.json"])).toEqual([]);
  expect(pagesOf(["generated/ocs/4.3/overrun.ts", "generated/index.json"])).toEqual(["*"]);
  expect(pagesOf(["generated/runtime/runtime.ts"])).toEqual(["*"]);
  expect(pagesOf(["grammar/rules.peggy"])).toEqual(["*"]);
  expect(pagesOf(["grammar/README.md"])).toEqual(["/language/"]);
});
