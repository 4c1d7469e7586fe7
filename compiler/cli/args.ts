import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, statSync } from "node:fs";
import { parseArgs as nodeParseArgs } from "node:util";
import { dirname, join, resolve } from "node:path";

/** A mistake in how the command was called: printed as a message, exit code 2. */
export class UsageError extends Error {}

export interface Parsed {
  positionals: string[];
  flags: Map<string, string | true>;
}

/**
 * Reads `--name value`, `--name=value` and `--flag` with Node's `parseArgs`
 * (`valued` lists the options that take a value; `--help` and `-h` always work).
 * A mistake is a UsageError of one line, never Node's error with its code.
 */
export function parseArgs(argv: string[], valued: string[], boolean: string[]): Parsed {
  const options: Record<string, { type: "string" | "boolean"; short?: string }> = { help: { type: "boolean", short: "h" } };
  for (const name of valued) options[name] = { type: "string" };
  for (const name of boolean) options[name] = { type: "boolean" };
  let parsed: ReturnType<typeof nodeParseArgs>;
  try {
    parsed = nodeParseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(usageMessage(error as NodeJS.ErrnoException, valued));
  }
  const flags = new Map<string, string | true>();
  for (const [name, value] of Object.entries(parsed.values)) {
    if (value === false || value === undefined) continue;
    flags.set(name, typeof value === "string" ? value : true);
  }
  return { positionals: parsed.positionals, flags };
}

/** Node's parseArgs errors, said in one line the way the rest of the CLI says things. */
function usageMessage(error: NodeJS.ErrnoException, valued: string[]): string {
  const option = /'(-{1,2}[^' ]+)/.exec(error.message)?.[1] ?? "";
  switch (error.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `unknown option ${option}`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      if (valued.includes(option.replace(/^-+/, ""))) {
        return /ambiguous/.test(error.message) ? `${option} needs a value (write ${option}=<value> for one that starts with -)` : `${option} needs a value`;
      }
      return `${option} takes no value`;
    default:
      return error.message.split("\n")[0];
  }
}

/** `--samples` of diff and mutate: far more than a comparison needs, few enough to finish. */
export const MAX_SAMPLES = 100_000;
/** `--seed`: the seed generators take 32 bits. */
export const MAX_SEED = 2 ** 32 - 1;

/** A `--name <n>` option that must be a whole number from 0 to `max`, or `fallback` when not given. */
export function wholeNumberFlag(parsed: Parsed, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = parsed.flags.get(name);
  if (value === undefined) return fallback;
  const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw new UsageError(`--${name} must be a whole number (such as ${fallback})`);
  if (n > max) throw new UsageError(`--${name} must be at most ${max}, not ${value}`);
  return n;
}

/**
 * The rulebook folder a command works on: `--root`, or else the nearest folder that
 * holds rules/, from the current one upwards (as git finds .git), so that hexlaw
 * works on whichever rulebook it is started in, not on its own.
 */
export function rootOf(parsed: Parsed, cwd = process.cwd()): string {
  const given = parsed.flags.get("root");
  if (typeof given === "string") {
    const root = resolve(cwd, given);
    // A `rules` that is there but is not a folder is the compiler's to report (HX0019, with the place).
    if (!exists(join(root, "rules"))) throw new UsageError(`${root} has no rules/ folder (use --root <dir>)`);
    return root;
  }
  const found = findRoot(cwd);
  if (found === null) {
    throw new UsageError(`no rules/ folder in ${resolve(cwd)} or any folder above it; start a rulebook here with \`hexlaw init <ruleset>/<edition>\`, or name one with --root <dir>`);
  }
  return found;
}

/** The nearest folder, from `start` upwards, that holds a rules/ folder; null when none does. */
export function findRoot(start: string): string | null {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    if (isFolder(join(dir, "rules"))) return dir;
    if (dirname(dir) === dir) return null;
  }
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The largest file an option reads (`--input @file`, `--dice @file`, `--transcription`): far more than any situation or transcription. */
export const MAX_JSON_FILE = 1024 * 1024;

/** JSON given inline, or as @file / a path to a file (a regular file of at most MAX_JSON_FILE bytes). */
export function readJsonArgument(name: string, value: string): unknown {
  const trimmed = value.trim();
  let text = trimmed;
  if (trimmed.startsWith("@") || (!/^[[{"\d-]/.test(trimmed) && trimmed !== "true" && trimmed !== "false" && trimmed !== "null")) {
    text = readArgumentFile(name, trimmed.replace(/^@/, ""));
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--${name} is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * Reads a file named on the command line, refusing what is not a regular file
 * (`/dev/zero` would be read forever, a FIFO would wait for a writer) and a file
 * larger than MAX_JSON_FILE; it is opened without blocking and checked again once open.
 */
export function readArgumentFile(name: string, path: string): string {
  const cannot = (reason: string) => new UsageError(`--${name}: cannot read ${path} (${reason})`);
  let fd: number | undefined;
  try {
    if (!statSync(path).isFile()) throw cannot("not a regular file");
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw cannot("not a regular file");
    if (stat.size > MAX_JSON_FILE) throw cannot(`${stat.size} bytes, more than the ${MAX_JSON_FILE} an input file may have`);
    // Read at most one byte more than the limit, in case the file grew since it was measured.
    const buffer = Buffer.alloc(Math.min(stat.size, MAX_JSON_FILE) + 1);
    let length = 0;
    for (let n = -1; n !== 0 && length < buffer.length; length += n) n = readSync(fd, buffer, length, buffer.length - length, null);
    if (length > MAX_JSON_FILE) throw cannot(`more than the ${MAX_JSON_FILE} bytes an input file may have`);
    return buffer.subarray(0, length).toString("utf8");
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw cannot((error as NodeJS.ErrnoException).code ?? "error");
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
