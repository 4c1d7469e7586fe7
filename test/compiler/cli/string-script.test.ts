// The compiler runs in a process whose main script is a string (`node --input-type=module -e …`,
// as `npm run bench` and one-liners start it): its engine worker must not inherit those flags,
// which Node refuses for a worker started from a file (it was HX0901, issue 25).
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { expect, test } from "vitest";
import { DEMO, REPO } from "../../support/repo.ts";

test("compile() in `node --input-type=module -e …` verifies the examples on its worker", () => {
  const script = `const { compile } = await import(${JSON.stringify(join(REPO, "compiler/compile.ts"))});
const result = await compile({ root: ${JSON.stringify(DEMO)} });
console.log(JSON.stringify({ ok: result.ok, errors: result.diagnostics.filter((d) => d.severity === "error").map((d) => d.message) }));`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: REPO, encoding: "utf8" });
  expect(JSON.parse(out.trim().split("\n").at(-1)!)).toEqual({ ok: true, errors: [] });
});
