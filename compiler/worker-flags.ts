/**
 * The Node flags a worker thread of Hexlaw starts with: the process's own, but those that
 * only mean something to the process's main script. A worker inherits `process.execArgv`,
 * and a process started as `node --input-type=module -e "…"` (a script in a string, as a
 * benchmark or a one-liner runs the compiler) hands its worker `--input-type`, which Node
 * refuses for a worker started from a file ("--input-type can only be used with string input").
 * Undefined (inherit them all) when there is none to leave out: flags given to a worker are
 * checked, and those of the whole process (`--expose-gc`) are refused, while inherited ones are not.
 * With `hooks` (a module to `--import`), the flags given always end with it.
 */
export function workerExecArgv(execArgv: readonly string[] = process.execArgv, hooks = INSTALLED ? TYPESCRIPT_HOOKS : undefined): string[] | undefined {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const flag = execArgv[i]!;
    if (MAIN_SCRIPT_FLAGS.has(flag)) i++; // its value is the next argument
    else if (!MAIN_SCRIPT_FLAGS.has(flag.split("=")[0]!)) kept.push(flag);
  }
  // An installed Hexlaw: the worker strips the types of Hexlaw's files as its parent does (hooks are per thread).
  if (hooks !== undefined) return [...kept, "--import", hooks];
  return kept.length === execArgv.length ? undefined : kept;
}

/** What makes Node strip the types of an installed Hexlaw's files (compiler/typescript-hooks.mjs). */
const TYPESCRIPT_HOOKS = new URL("./typescript-hooks.mjs", import.meta.url).href;
const INSTALLED = TYPESCRIPT_HOOKS.includes("/node_modules/");

/** Flags that say what the main script is or how to read it, each taking a value. */
const MAIN_SCRIPT_FLAGS = new Set(["--input-type", "-e", "--eval", "-p", "--print"]);
