import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatedEngines } from "../support/engines.ts";
import { listedEngines, REPO, removeTemp, tempDir } from "../support/repo.ts";

/**
 * The package as npm ships it: `npm pack`, unpacked into a fresh project's
 * node_modules by hand (its dependencies are the compiler's and the site's, which
 * its engines never import; a program that wants only engines installs an edition's
 * package, which test/editions/edition-package.test.ts installs with npm, and
 * test/site/rulebook-repository.test.ts installs this one with npm as a rulebook
 * repository does), and run with plain
 * `node` — TypeScript type stripping switched off, and Debian's Node 20 (which
 * has none) when there is one — so every engine runs as the JavaScript the exports
 * map sends Node to. Its answers are the TypeScript engines' answers, example by
 * example, and its declarations type-check a TypeScript program that uses it.
 */

/** Runs every worked example of every engine through the package, printing the answers as JSON. */
const PROGRAM = `
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { oddsText, ratio } from "hexlaw/engines/runtime";
const read = (specifier) => JSON.parse(readFileSync(fileURLToPath(import.meta.resolve(specifier)), "utf8"));
const index = read("hexlaw/engines/index.json");
const answers = {};
for (const ruleset of index.rulesets) for (const edition of ruleset.editions) for (const procedure of edition.procedures) {
  const name = procedure.module.replace(/\\.ts$/, "");
  const engine = await import("hexlaw/engines/" + name);
  for (const vector of read("hexlaw/engines/" + name + ".vectors.json").vectors) {
    const checked = engine.check(vector.input);
    answers[name + " " + vector.id] = checked.ok ? JSON.parse(JSON.stringify(engine.resolve(checked.value, vector.dice, { assume: vector.assume }))) : checked.errors;
  }
  if (engine.schema.dice.length > 0) {
    const first = read("hexlaw/engines/" + name + ".vectors.json").vectors.map((v) => engine.check(v.input)).find((c) => c.ok);
    if (first) answers[name + " distribution"] = engine.distribution(first.value);
  }
}
console.log(JSON.stringify({ node: process.version, odds: oddsText(ratio(7, 2)), answers }));
`;

/** A TypeScript program using the package's declarations (checked, never run). */
const TYPED = `
import * as overrun from "hexlaw/engines/ocs/4.3/overrun";
import { oddsText, ratio, type Resolution } from "hexlaw/engines/runtime";
const checked = overrun.check({});
if (checked.ok) {
  const result: Resolution<overrun.Outputs> = overrun.resolve(checked.value, { combat_roll: 7 });
  const odds: string | undefined = result.outputs.odds;
  const edition: "4.3" = overrun.metadata.edition;
  console.log(odds, edition, overrun.distribution(checked.value).total, oddsText(ratio(7, 2, "4.2")));
}
`;

let project = "";

beforeAll(() => {
  project = tempDir("hexlaw-pack-");
  const pack = spawnSync("npm", ["pack", "--json", "--pack-destination", project], { cwd: REPO, encoding: "utf8" });
  expect(pack.status, pack.stderr).toBe(0);
  const [{ filename }] = JSON.parse(pack.stdout) as { filename: string }[];
  const installed = join(project, "node_modules/hexlaw");
  mkdirSync(installed, { recursive: true });
  const unpack = spawnSync("tar", ["-xzf", join(project, filename), "-C", installed, "--strip-components=1"], { encoding: "utf8" });
  expect(unpack.status, unpack.stderr).toBe(0);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "uses-hexlaw", private: true, type: "module" }));
  writeFileSync(join(project, "main.mjs"), PROGRAM);
  // …and every engine's declarations.
  const every = listedEngines().map(({ module }, i) => `import * as e${i} from "hexlaw/engines/${module.replace(/\.ts$/, "")}";\n`).join("");
  const used = `console.log([${listedEngines().map((_, i) => `e${i}`).join(", ")}].map((e) => e.metadata.procedure + e.schema.dice.length));\n`;
  writeFileSync(join(project, "typed.ts"), `${every}${TYPED}${used}`);
}, 120_000);

afterAll(() => removeTemp(project));

/** Plain Node: this one without type stripping, and Node 20 (no type stripping at all) where it is installed. */
const NODES: { label: string; command: string; args: string[] }[] = [
  { label: "Node without type stripping", command: process.execPath, args: ["--no-experimental-strip-types"] },
  ...(existsSync("/usr/bin/node") ? [{ label: "the system's Node", command: "/usr/bin/node", args: [] }] : []),
];

describe("the package, packed and installed in another project", () => {
  it("ships every engine as JavaScript with its declarations, and the runtime likewise", () => {
    const installed = join(project, "node_modules/hexlaw");
    const engines = listedEngines();
    expect(engines.length).toBeGreaterThan(0);
    for (const { module } of engines) {
      for (const file of [module.replace(/\.ts$/, ".js"), module.replace(/\.ts$/, ".d.ts"), module.replace(/\.ts$/, ".vectors.json")]) {
        expect(existsSync(join(installed, "generated", file)), file).toBe(true);
      }
      // Not the TypeScript: a program's compiler would check it in place of the declarations.
      expect(existsSync(join(installed, "generated", module)), module).toBe(false);
    }
    for (const file of ["runtime.js", "runtime.d.ts"]) expect(existsSync(join(installed, "generated/runtime", file)), file).toBe(true);
    expect(existsSync(join(installed, "generated/runtime/runtime.ts"))).toBe(false);
    // The tool beside them (test/site/rulebook-repository.test.ts), not the repository's tests or rule documents.
    for (const part of ["compiler/cli/hexlaw.ts", "site/astro.mjs", "grammar/rules.peggy"]) expect(existsSync(join(installed, part)), part).toBe(true);
    for (const folder of ["test", "rules"]) expect(existsSync(join(installed, folder)), folder).toBe(false);
  });

  it.each(NODES)("runs every engine's worked examples with $label, answering as the TypeScript engines do", async ({ command, args }) => {
    const run = spawnSync(command, [...args, "main.mjs"], { cwd: project, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
    expect(run.stderr).toBe("");
    const { answers, odds } = JSON.parse(run.stdout) as { answers: Record<string, unknown>; odds: string };
    expect(odds).toBe("3.5:1");
    let examples = 0;
    for (const { name, load, vectors } of generatedEngines()) {
      const engine = await load();
      for (const vector of vectors()) {
        const checked = engine.check(vector.input);
        const expected = checked.ok ? JSON.parse(JSON.stringify(engine.resolve(checked.value, vector.dice, { assume: vector.assume }))) : checked.errors;
        expect(answers[`${name} ${vector.id}`], `${name} ${vector.id}`).toEqual(expected);
        examples++;
      }
      const first = vectors().map((v) => engine.check(v.input)).find((c) => c.ok);
      if (engine.schema.dice.length > 0 && first?.ok) expect(answers[`${name} distribution`], name).toEqual(JSON.parse(JSON.stringify(engine.distribution(first.value))));
    }
    expect(Object.keys(answers).length).toBeGreaterThanOrEqual(examples);
  }, 60_000);

  it("types a TypeScript program that uses it by its declarations", () => {
    const tsc = join(REPO, "node_modules/typescript/bin/tsc");
    const check = spawnSync(process.execPath, [tsc, "--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "--lib", "es2022,dom", "typed.ts"], { cwd: project, encoding: "utf8" });
    expect(check.stdout + check.stderr).toBe("");
    expect(check.status).toBe(0);
  }, 120_000);
});
