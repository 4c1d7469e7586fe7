import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { nameProblem } from "../url-policy.ts";
import { UsageError } from "./args.ts";

/** The files `hexlaw init` writes, as templates in compiler/cli/init/ (`{{ruleset}}` and `{{edition}}` filled in). */
const TEMPLATES = new URL("./init/", import.meta.url);

interface Planned {
  /** Relative to the root: rules/<ruleset>/… */
  path: string;
  content: string;
  /** A ruleset.yaml that exists already belongs to the ruleset's other editions: it is kept, not a conflict. */
  keepIfThere: boolean;
}

/** `<ruleset>/<edition>`, each a name the compiler accepts as a folder (HX0018). */
export function parseTarget(target: string | undefined): { ruleset: string; edition: string } {
  const parts = target?.split("/") ?? [];
  if (parts.length !== 2 || !parts[0] || !parts[1]) throw new UsageError("name the edition to start as <ruleset>/<edition>, such as `hexlaw init ocs/4.3`");
  const [ruleset, edition] = parts;
  for (const [kind, name] of [["ruleset", ruleset], ["edition", edition]] as const) {
    const problem = nameProblem(name, kind);
    if (problem !== null) throw new UsageError(`\`${name}\` cannot name ${kind === "edition" ? "an edition" : "a ruleset"}: ${problem}`);
  }
  return { ruleset, edition };
}

/** What `hexlaw init` writes for an edition: its ruleset's metadata, its own, and a first chapter. */
export function initFiles(ruleset: string, edition: string): Planned[] {
  const fill = (name: string) => readFileSync(new URL(name, TEMPLATES), "utf8").replaceAll("{{ruleset}}", ruleset).replaceAll("{{edition}}", edition);
  return [
    { path: `rules/${ruleset}/ruleset.yaml`, content: fill("ruleset.yaml"), keepIfThere: true },
    { path: `rules/${ruleset}/${edition}/edition.yaml`, content: fill("edition.yaml"), keepIfThere: false },
    { path: `rules/${ruleset}/${edition}/01-combat.md`, content: fill("01-combat.md"), keepIfThere: false },
  ];
}

/**
 * `hexlaw init <ruleset>/<edition>`: a new edition that builds, tests and shows on
 * the site as it is. It never overwrites a file: if one it would write is there,
 * it writes nothing and lists what it would have written.
 */
export function init(target: string | undefined, root: string): number {
  const { ruleset, edition } = parseTarget(target);
  const planned = initFiles(ruleset, edition);
  const there = (file: Planned) => existsSync(join(root, file.path));
  const conflicts = planned.filter((file) => there(file) && !file.keepIfThere);
  const shown = (file: Planned) => `  ${file.path}${there(file) ? (file.keepIfThere ? " (there already: kept)" : " (there already)") : ""}\n`;
  if (conflicts.length > 0) {
    process.stderr.write(
      `hexlaw: ${conflicts.map((file) => file.path).join(" and ")} ${conflicts.length === 1 ? "is" : "are"} there already; init overwrites nothing, so nothing was written.\n` +
        `In ${root} it would have written:\n${planned.map(shown).join("")}`,
    );
    return 1;
  }
  const written = planned.filter((file) => !there(file));
  const lines = planned.map(shown).join("");
  for (const file of written) {
    mkdirSync(dirname(join(root, file.path)), { recursive: true });
    // `wx`: a file made between the check and this write is not overwritten either.
    writeFileSync(join(root, file.path), file.content, { flag: "wx" });
  }
  const at = relative(process.cwd(), root) || ".";
  const rootOption = at === "." ? "" : ` --root ${at}`;
  process.stdout.write(
    `Started ${ruleset}/${edition} in ${root}:\n${lines}` +
      `Next: npx hexlaw build${rootOption} compiles it into generated/, npx hexlaw test${rootOption} runs its example,\n` +
      `and the site shows its chapter and calculator. Then replace the chapter with the rulebook's text (rules/README.md).\n`,
  );
  return 0;
}
