import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** A mistake in how the command was called: printed as a message, exit code 2. */
export class UsageError extends Error {}

export interface Parsed {
  positionals: string[];
  flags: Map<string, string | true>;
}

/** Parses `--name value`, `--name=value` and `--flag`; `valued` lists options that take a value. */
export function parseArgs(argv: string[], valued: string[], boolean: string[]): Parsed {
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith("--")) {
      positionals.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (valued.includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      flags.set(name, value);
    } else if (boolean.includes(name) || name === "help") {
      flags.set(name, true);
    } else {
      throw new UsageError(`unknown option --${name}`);
    }
  }
  return { positionals, flags };
}

/** A `--name <n>` option that must be a whole number, or `fallback` when not given. */
export function wholeNumberFlag(parsed: Parsed, name: string, fallback: number): number {
  const value = parsed.flags.get(name);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`--${name} must be a whole number`);
  return n;
}

export function rootOf(parsed: Parsed): string {
  const given = parsed.flags.get("root");
  const root = typeof given === "string" ? resolve(given) : resolve(dirname(fileURLToPath(import.meta.url)), "../..");
  if (!existsSync(resolve(root, "rules"))) throw new UsageError(`${root} has no rules/ folder (use --root <dir>)`);
  return root;
}

/** JSON given inline, or as @file / a path to a file. */
export function readJsonArgument(name: string, value: string): unknown {
  const trimmed = value.trim();
  let text = trimmed;
  if (trimmed.startsWith("@") || (!/^[[{"\d-]/.test(trimmed) && trimmed !== "true" && trimmed !== "false" && trimmed !== "null")) {
    const path = trimmed.replace(/^@/, "");
    try {
      text = readFileSync(path, "utf8");
    } catch (error) {
      throw new UsageError(`--${name}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
    }
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--${name} is not valid JSON: ${(error as Error).message}`);
  }
}
