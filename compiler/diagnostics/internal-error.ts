import { diagnostic, type Diagnostic } from "./diagnostic.ts";

/** `HEXLAW_DEBUG=1` (any value but empty or `0`): an internal error shows where in Hexlaw it happened. */
export function debugging(): boolean {
  const value = process.env.HEXLAW_DEBUG;
  return value !== undefined && value !== "" && value !== "0";
}

/**
 * An exception in Hexlaw's own code, as HX0901: its whole message (the first line in the
 * headline, any others under it) and, with HEXLAW_DEBUG, its stack; without, a note says how
 * to get the stack, which is what a bug report needs.
 */
export function internalError(error: unknown): Diagnostic {
  const message = error instanceof Error ? error.message : String(error);
  const [first = "", ...rest] = message.split("\n");
  const stack = error instanceof Error && error.stack ? stackFrames(error.stack) : [];
  const shown = diagnostic("HX0901", { reason: first.replace(/\.$/, "") }, undefined, debugging() ? [] : [{ message: "run again with HEXLAW_DEBUG=1 to print where in Hexlaw it happened (the stack)" }]);
  const detail = [...rest, ...(debugging() ? stack : [])];
  return detail.length > 0 ? { ...shown, detail } : shown;
}

/** The `at …` lines of a stack: the message it starts with is shown already. */
function stackFrames(stack: string): string[] {
  return stack.split("\n").filter((line) => /^\s+at /.test(line)).map((line) => line.trim());
}
