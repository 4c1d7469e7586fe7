import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORMATS } from "../../compiler/runtime/formats.ts";
import { creditWords, licenceWords } from "../../compiler/text-licence.ts";
import { generatedEngines, resolveVector } from "../support/engines.ts";
import { copyCorpus, DEMO, GENERATED, hexlaw, REPO, removeTemp, tempDir } from "../support/repo.ts";

/**
 * An engines package per edition that installs like any other (issue 28.1): `hexlaw
 * pack` writes each edition's tarball; `npm install --offline` puts them all into an
 * empty project (they depend on nothing, so no registry is asked); there, plain `node`
 * (this one without type stripping, and Debian's Node 20 where it is installed) runs
 * every worked example of every engine through the packages' exports and answers as
 * the TypeScript engines do, each README's usage example prints what its README says,
 * and `tsc --noEmit` type-checks a typed program (and refuses a mistyped one).
 */

interface Edition {
  ruleset: string;
  edition: string;
  name: string;
}

const corpus = JSON.parse(readFileSync(join(GENERATED, "index.json"), "utf8")) as { rulesets: { id: string; editions: { id: string }[] }[] };
const EDITIONS: Edition[] = corpus.rulesets.flatMap((r) => r.editions.map((e) => ({ ruleset: r.id, edition: e.id, name: `@hexlaw/${r.id}-${e.id}`.toLowerCase() })));
const index = (e: Edition) => JSON.parse(readFileSync(join(GENERATED, e.ruleset, e.edition, "index.json"), "utf8"));

/** Every worked example of every engine of every installed package, answered through the package's exports. */
const PROGRAM = `
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
const read = (specifier) => JSON.parse(readFileSync(fileURLToPath(import.meta.resolve(specifier)), "utf8"));
const answers = {};
for (const name of JSON.parse(process.argv[2])) {
  const all = await import(name);
  for (const procedure of Object.keys(all)) {
    const engine = await import(name + "/" + procedure);
    if (engine.resolve !== all[procedure].resolve) throw new Error(name + ": the root export's " + procedure + " is another engine");
    for (const vector of read(name + "/" + procedure + ".vectors.json").vectors) {
      const checked = engine.check(vector.input);
      answers[name + " " + procedure + " " + vector.id] = checked.ok ? JSON.parse(JSON.stringify(engine.resolve(checked.value, vector.dice, { assume: vector.assume }))) : checked.errors;
    }
  }
}
console.log(JSON.stringify({ node: process.version, answers }));
`;

/** A TypeScript program using one package's declarations (checked, never run). */
const TYPED = `
import * as engines from "@hexlaw/ocs-4.3";
import * as overrun from "@hexlaw/ocs-4.3/overrun";
import { FORMATS, oddsText, ratio, type Resolution } from "@hexlaw/ocs-4.3/runtime";
import vectors from "@hexlaw/ocs-4.3/overrun.vectors.json" with { type: "json" };
const checked = overrun.check(vectors.vectors[0].input);
if (checked.ok) {
  const result: Resolution<overrun.Outputs> = engines.overrun.resolve(checked.value, { combat_roll: 7 });
  const odds: string | undefined = result.outputs.odds;
  const edition: "4.3" = overrun.metadata.edition;
  const format: 1 = overrun.metadata.formats.engine;
  console.log(odds, edition, format, FORMATS.vectors, overrun.distribution(checked.value).total, oddsText(ratio(7, 2, "4.2")));
}
`;

let out = "";
let project = "";
let packed: { status: number | null; stdout: string; stderr: string }[] = [];

beforeAll(() => {
  out = tempDir("hexlaw-packs-");
  project = tempDir("hexlaw-uses-packs-");
  packed = EDITIONS.map((e) => hexlaw(["pack", `${e.ruleset}/${e.edition}`, "--out", out]));
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "uses-hexlaw-engines", private: true, type: "module" }));
  writeFileSync(join(project, "main.mjs"), PROGRAM);
  const tarballs = readdirSync(out).filter((f) => f.endsWith(".tgz")).map((f) => join(out, f));
  const install = spawnSync("npm", ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", ...tarballs], { cwd: project, encoding: "utf8" });
  if (install.status !== 0) throw new Error(`npm install failed:\n${install.stderr}`);
}, 600_000);

afterAll(() => {
  removeTemp(out);
  removeTemp(project);
});

const installed = (e: Edition, path = "") => join(project, "node_modules", e.name, path);
const manifest = (e: Edition) => JSON.parse(readFileSync(installed(e, "package.json"), "utf8"));

/** Plain Node: this one without type stripping, and Node 20 (no type stripping at all) where it is installed. */
const NODES: { label: string; command: string; args: string[] }[] = [
  { label: "Node without type stripping", command: process.execPath, args: ["--no-experimental-strip-types"] },
  ...(existsSync("/usr/bin/node") ? [{ label: "the system's Node", command: "/usr/bin/node", args: [] }] : []),
];

describe("hexlaw pack, each edition's tarball installed by npm into an empty project", () => {
  it("packs every edition, saying what it wrote", () => {
    expect(EDITIONS.length).toBeGreaterThan(1);
    for (const [i, run] of packed.entries()) {
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^Packed ${EDITIONS[i].name.replace(/[.]/g, "\\.")}@${FORMATS.engine}\\.\\d+\\.0 \\(\\d+ files, \\d+ kB, no dependencies\\): .+\\.tgz\\n$`));
    }
  });

  it("installs each as a package with no dependencies, its version the engine format and the edition's release, for the Node versions tested", () => {
    for (const e of EDITIONS) {
      const m = manifest(e);
      expect(m.name).toBe(e.name);
      expect(m.version).toBe(`${FORMATS.engine}.${index(e).edition.release}.0`);
      for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) expect(m[field], `${e.name} ${field}`).toBeUndefined();
      expect(m.engines).toEqual({ node: ">=20" });
      expect(m.license).toBe("SEE LICENSE IN LICENSE.md");
      expect(m.type).toBe("module");
      // What it exports is there: each engine, its schema and vectors, the runtime, the rule index, the schemas.
      const procedures = index(e).procedures.map((p: { name: string }) => p.name);
      expect(Object.keys(m.exports).filter((k) => /^\.\/\w+$/.test(k) && k !== "./runtime").sort()).toEqual(procedures.map((p: string) => `./${p}`).sort());
      for (const target of Object.values(m.exports).flatMap((t) => (typeof t === "string" ? [t] : Object.values(t as Record<string, string>)))) {
        expect(existsSync(installed(e, target as string)), `${e.name}: ${target}`).toBe(true);
      }
      // JavaScript and declarations, never the TypeScript a program's compiler would check in their place; no tool, site or rule document.
      const files = readdirSync(installed(e), { recursive: true }) as string[];
      expect(files.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))).toEqual([]);
      expect(files.filter((f) => f.endsWith(".md") && !["README.md", "LICENSE.md"].includes(f))).toEqual([]);
    }
  });

  it.each(NODES)("runs every engine's worked examples through the packages with $label, answering as the TypeScript engines do", async ({ command, args }) => {
    const run = spawnSync(command, [...args, "main.mjs", JSON.stringify(EDITIONS.map((e) => e.name))], { cwd: project, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
    expect(run.stderr).toBe("");
    const { answers } = JSON.parse(run.stdout) as { answers: Record<string, unknown> };
    let examples = 0;
    for (const { name, load, vectors } of generatedEngines()) {
      const [ruleset, edition, procedure] = name.split("/");
      const pkg = EDITIONS.find((e) => e.ruleset === ruleset && e.edition === edition)!.name;
      const engine = await load();
      for (const vector of vectors()) {
        expect(answers[`${pkg} ${procedure} ${vector.id}`], `${name} ${vector.id}`).toEqual(JSON.parse(JSON.stringify(resolveVector(engine, vector))));
        examples++;
      }
    }
    expect(examples).toBeGreaterThan(0);
    expect(Object.keys(answers).length).toBe(examples);
  }, 120_000);

  it("each README's usage example prints what the README says it prints", () => {
    for (const e of EDITIONS) {
      const readme = readFileSync(installed(e, "README.md"), "utf8");
      const code = /## Use\n\n```js\n([\s\S]*?)```/.exec(readme)?.[1];
      const prints = /It prints:\n\n```text\n([\s\S]*?)\n```/.exec(readme)?.[1];
      expect(code, e.name).toBeDefined();
      expect(prints, e.name).toBeDefined();
      expect(code).toContain(`from "${e.name}/`);
      const file = join(project, `example-${e.ruleset}-${e.edition}.mjs`);
      writeFileSync(file, code!);
      const run = spawnSync(process.execPath, ["--no-experimental-strip-types", file], { cwd: project, encoding: "utf8" });
      expect(run.stderr, e.name).toBe("");
      expect(run.stdout.trimEnd(), e.name).toBe(prints);
    }
  });

  it("each README names the edition, every procedure and its inputs, and where the text comes from", () => {
    for (const e of EDITIONS) {
      const readme = readFileSync(installed(e, "README.md"), "utf8");
      const { edition, procedures } = index(e);
      expect(readme).toContain(`# ${e.name}\n`);
      for (const p of procedures) {
        expect(readme).toContain(`### \`${p.name}\`: `);
        for (const input of p.inputs) expect(readme, `${e.name} ${p.name}.${input}`).toContain(`| \`${input}\` |`);
      }
      for (const source of edition.sources) expect(readme).toContain(`credit: ${creditWords(source)}; licence: ${licenceWords(source)}`);
    }
  });

  it("each licence file holds the code's licence and the rules text's credit and licence", () => {
    const mit = readFileSync(join(REPO, "LICENSE"), "utf8").trimEnd();
    for (const e of EDITIONS) {
      const licence = readFileSync(installed(e, "LICENSE.md"), "utf8");
      expect(licence).toContain(mit);
      for (const source of index(e).edition.sources) expect(licence).toContain(`${source.title}${source.url ? ` (${source.url})` : ""} — credit: ${creditWords(source)}; licence: ${licenceWords(source)}`);
    }
    expect(readFileSync(installed(EDITIONS.find((e) => e.name === "@hexlaw/ocs-4.3")!, "LICENSE.md"), "utf8")).toContain("licence: CC BY-NC 4.0 (https://creativecommons.org/licenses/by-nc/4.0/)");
  });

  it("types a TypeScript program by the declarations, and refuses one that misuses them", () => {
    const tsc = join(REPO, "node_modules/typescript/bin/tsc");
    const check = (source: string) => {
      writeFileSync(join(project, "typed.ts"), source);
      return spawnSync(process.execPath, [tsc, "--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "--resolveJsonModule", "--types", "node", "--typeRoots", join(REPO, "node_modules/@types"), "typed.ts"], { cwd: project, encoding: "utf8" });
    };
    const typed = check(TYPED);
    expect(typed.stdout + typed.stderr).toBe("");
    expect(typed.status).toBe(0);
    const mistyped = check(TYPED.replace("const odds: string | undefined", "const odds: number | undefined"));
    expect(mistyped.status).not.toBe(0);
    expect(mistyped.stdout).toMatch(/typed\.ts\(\d+,\d+\): error TS2322/);
  }, 120_000);
});

describe("hexlaw pack refuses clearly", () => {
  it("an edition that is not there, and a name npm would refuse", () => {
    const unknown = hexlaw(["pack", "ocs/9.9", "--out", out]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr.split("\n")[0]).toBe(`hexlaw: ocs has no edition \`9.9\`; its editions: ${corpus.rulesets.find((r) => r.id === "ocs")!.editions.map((e) => e.id).join(", ")}`);
    expect(hexlaw(["pack", "ocs", "--out", out]).stderr).toContain("name one edition to pack as <ruleset>/<edition>");
    expect(hexlaw(["pack", "ocs/4.3", "--name", "Hexlaw OCS", "--out", out]).stderr).toContain("--name Hexlaw OCS cannot name an npm package");
  });

  it("engines that are not those of the rules as they are now (run hexlaw build first)", () => {
    const root = copyCorpus(DEMO);
    try {
      expect(hexlaw(["pack", "demo/1.0", "--root", root]).stderr).toContain("has no engines yet: run `hexlaw build` first");
      expect(hexlaw(["build", "--root", root]).status).toBe(0);
      const chapter = join(root, "rules/demo/1.0/01-combat.md");
      writeFileSync(chapter, readFileSync(chapter, "utf8").replace("Combat is resolved", "Combat is always resolved"));
      const stale = hexlaw(["pack", "demo/1.0", "--root", root, "--out", join(root, "out")]);
      expect(stale.status).toBe(1);
      expect(stale.stderr).toContain("generated/ is not what rules/ and the compiler make now; run `hexlaw build` first");
      expect(existsSync(join(root, "out"))).toBe(false);
    } finally {
      removeTemp(root);
    }
  });
});
