// Where Hexlaw keeps its cache: in the node_modules of the project it works for.
import { expect, test } from "vitest";
import { CACHE_FOLDER, cacheFolder } from "../../compiler/cache-files.ts";
import { REPO } from "../support/repo.ts";

test("in a clone, the clone's node_modules/.cache/hexlaw/", () => {
  expect(cacheFolder("/work/hexlaw")).toBe("/work/hexlaw/node_modules/.cache/hexlaw/");
  expect(CACHE_FOLDER).toBe(`${REPO.replace(/\/$/, "")}/node_modules/.cache/hexlaw/`);
});

test("installed in a rulebook repository, that repository's node_modules/.cache/hexlaw/, not a folder inside the package", () => {
  expect(cacheFolder("/club/node_modules/hexlaw")).toBe("/club/node_modules/.cache/hexlaw/");
});
