import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { upToDate } from "../build-inputs.ts";
import { editionIndex, readJson } from "../markdown/rulebook-context.ts";
import { defaultPackageName, editionPackage, packageNameProblem } from "../pack/edition-package.ts";
import { UsageError, type Parsed } from "./args.ts";
import { hexlawVersion } from "./version.ts";

/**
 * `hexlaw pack <ruleset>/<edition> [--out <dir>] [--name <name>]`: the edition's
 * engines as an npm tarball (see pack/edition-package.ts), made from generated/ as
 * `hexlaw build` wrote it, and only when it is up to date with rules/.
 */
export async function pack(root: string, parsed: Parsed): Promise<number> {
  const target = parsed.positionals[0] ?? "";
  const [ruleset, edition, ...rest] = target.split("/");
  if (!ruleset || !edition || rest.length > 0 || parsed.positionals.length > 1) throw new UsageError("name one edition to pack as <ruleset>/<edition>, such as `hexlaw pack ocs/4.3`");
  const generated = join(root, "generated");
  const corpus = existsSync(join(generated, "index.json")) ? readJson<{ rulesets: { id: string; editions: { id: string }[] }[] }>(join(generated, "index.json")) : null;
  if (!corpus) throw new UsageError(`${generated} has no engines yet: run \`hexlaw build\` first`);
  const known = corpus.rulesets.find((r) => r.id === ruleset);
  if (!known) throw new UsageError(`there is no ruleset \`${ruleset}\`; rulesets: ${corpus.rulesets.map((r) => r.id).join(", ")}`);
  if (!known.editions.some((e) => e.id === edition)) throw new UsageError(`${ruleset} has no edition \`${edition}\`; its editions: ${known.editions.map((e) => e.id).join(", ")}`);
  if (!upToDate(root)) {
    process.stderr.write("hexlaw: generated/ is not what rules/ and the compiler make now; run `hexlaw build` first, so that the package holds the engines of the rules as they are.\n");
    return 1;
  }
  const given = parsed.flags.get("name");
  const name = typeof given === "string" ? given : defaultPackageName(ruleset, edition);
  const problem = packageNameProblem(name);
  if (problem !== null) throw new UsageError(`--name ${name} cannot name an npm package: ${problem}`);
  const out = resolve(String(parsed.flags.get("out") ?? "."));

  const made = await editionPackage(generated, editionIndex(root, ruleset, edition), { name, hexlawVersion: hexlawVersion() });
  const staging = mkdtempSync(join(tmpdir(), "hexlaw-pack-"));
  try {
    for (const [path, content] of made.files) {
      mkdirSync(dirname(join(staging, path)), { recursive: true });
      writeFileSync(join(staging, path), content);
    }
    mkdirSync(out, { recursive: true });
    const npm = spawnSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", out], { cwd: staging, encoding: "utf8", shell: process.platform === "win32" });
    if (npm.status !== 0) {
      process.stderr.write(`hexlaw: npm pack failed: ${(npm.stderr || npm.error?.message || "").trim().split("\n").at(-1)}\n`);
      return 1;
    }
    const [{ filename, size, entryCount }] = JSON.parse(npm.stdout) as { filename: string; size: number; entryCount: number }[];
    process.stdout.write(`Packed ${made.name}@${made.version} (${entryCount} files, ${Math.round(size / 1024)} kB, no dependencies): ${join(out, filename)}\n`);
    return 0;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
