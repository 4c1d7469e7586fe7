import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { CACHE_FOLDER, writeCacheFile } from "../cache-files.ts";

/** A numbering pattern longer than this is refused unanalyzed (the longest real one is ~140). */
export const MAX_PATTERN_LENGTH = 300;
/**
 * How long the analysis of one pattern, and of all the patterns of an edition, may
 * take (measured by the clock, so generously): far more than a real pattern needs
 * (under a second on an idle machine, a few on a very busy one), so only a pattern
 * made to exhaust the analyzer is refused for taking too long.
 */
const ANALYSIS_MS = 30_000;
export const EDITION_ANALYSIS_MS = 60_000;

/**
 * How a pattern is used: `anchored` at the start of a heading, lead-in or list item
 * (at most MAX_LEAD_IN characters), or to `search` every run of prose (at most
 * MAX_TEXT_RUN characters).
 */
export type PatternUse = "anchored" | "search";

type Verdict = { status: "safe" | "vulnerable" | "unknown"; complexity?: { type: string; degree?: number }; error?: { kind: string } };
type CheckSync = (source: string, flags: string, params: Record<string, unknown>) => Verdict;

/**
 * Verdicts are kept on disk by the pattern, how it is used, this file and the
 * analyzer's version: an analysis takes up to a second, and an edition's patterns
 * rarely change.
 */
const VERDICTS_FILE = join(CACHE_FOLDER, "pattern-verdicts.json");
const VERSION = createHash("sha256").update(readFileSync(new URL(import.meta.url))).update(readFileSync(createRequire(import.meta.url).resolve("recheck/package.json"))).digest("hex").slice(0, 16);
let verdicts: Map<string, string | null> | undefined;
let checkSync: CheckSync | undefined;

/**
 * Why a numbering pattern (a JavaScript regular expression from edition.yaml) may
 * not be run, or null when it may. The pattern is analyzed by recheck, a ReDoS
 * checker, with its automaton-based static analysis (deterministic, no fuzzing,
 * pure JavaScript: no JVM or native helper is started), as it matches at the start
 * of a text. Searching a text tries every start, which multiplies the time by at
 * most the text's length; so a pattern is refused if its time can grow
 * exponentially with the text, or polynomially with a degree above 2 once that is
 * counted. Quadratic time is allowed because every text a pattern runs on is
 * bounded (MAX_LEAD_IN, MAX_TEXT_RUN).
 *
 * recheck cannot analyze lookarounds, so each lookaround is analyzed as a pattern
 * of its own and the rest without it: taking a lookaround out only lets more
 * paths match, so the verdict errs on the safe side (a lookbehind, which is
 * matched backwards, as if it always failed after it). A pattern that refers back
 * to a group cannot be analyzed at all and is refused.
 */
export function checkPattern(source: string, use: PatternUse, deadline = performance.now() + ANALYSIS_MS): string | null {
  const known = savedVerdicts();
  const key = `${VERSION}\0${use}\0${source}`;
  if (known.has(key)) return known.get(key)!;
  const timeout = Math.min(ANALYSIS_MS, deadline - performance.now());
  if (timeout <= 0) return "the edition's patterns took too long to analyze";
  const verdict = analyze(source, use, performance.now() + timeout);
  // An analysis cut short by time may decide otherwise when the machine is less busy.
  if (verdict.final) saveVerdict(key, verdict.reason);
  return verdict.reason;
}

function analyze(source: string, use: PatternUse, deadline: number): { reason: string | null; final: boolean } {
  const refused = (reason: string, final = true) => ({ reason, final });
  if (source.length > MAX_PATTERN_LENGTH) return refused(`it is longer than ${MAX_PATTERN_LENGTH} characters`);
  if (/\\[1-9]|\\k</.test(source.replace(/\\\\/g, ""))) return refused("it refers back to a group (`\\1`, `\\k<name>`), so its matching time cannot be bounded");
  const searching = use === "search" ? 1 : 0;
  for (const part of withoutLookarounds(`^(?:${source})`)) {
    let verdict: Verdict;
    try {
      verdict = recheck()(part, "", { checker: "automaton", timeout: Math.max(1, Math.ceil(deadline - performance.now())) });
    } catch (error) {
      return refused(`it could not be analyzed (${String((error as Error)?.message ?? error).split("\n")[0]})`);
    }
    if (verdict.status === "safe") continue;
    if (verdict.status === "unknown") return refused(`its matching time could not be shown to be bounded (${verdict.error?.kind ?? "unknown"})`, verdict.error?.kind !== "timeout");
    const { type, degree = Infinity } = verdict.complexity ?? { type: "exponential" };
    if (type === "exponential") return refused("its matching time can grow exponentially with the text (catastrophic backtracking)");
    if (type === "polynomial" && degree + searching > 2) return refused(`its matching time can grow with the ${ordinal(degree + searching)} power of the text's length${searching ? " when it is searched for" : ""}`);
  }
  return { reason: null, final: true };
}

function ordinal(n: number): string {
  return n === 3 ? "third" : `${n}th`;
}

function savedVerdicts(): Map<string, string | null> {
  if (!verdicts) {
    try {
      verdicts = new Map(Object.entries(JSON.parse(readFileSync(VERDICTS_FILE, "utf8")) as Record<string, string | null>));
    } catch {
      verdicts = new Map();
    }
  }
  return verdicts;
}

/** Adds a verdict to the file (re-read first, as other processes may have added theirs), replaced whole by a rename. */
function saveVerdict(key: string, reason: string | null): void {
  verdicts = undefined;
  const known = savedVerdicts();
  known.set(key, reason);
  try {
    writeCacheFile(VERDICTS_FILE, JSON.stringify(Object.fromEntries(known)));
  } catch {
    // A read-only installation analyzes again next time.
  }
}

function recheck(): CheckSync {
  if (!checkSync) {
    const { checkSync: sync } = createRequire(import.meta.url)("recheck") as { checkSync: CheckSync };
    // The pure JavaScript analysis, run in this thread (not a worker starting a native or Java helper).
    checkSync = (source, flags, params) => {
      const backend = process.env.RECHECK_SYNC_BACKEND;
      process.env.RECHECK_SYNC_BACKEND = "pure";
      try {
        return sync(source, flags, params);
      } finally {
        if (backend === undefined) delete process.env.RECHECK_SYNC_BACKEND;
        else process.env.RECHECK_SYNC_BACKEND = backend;
      }
    };
  }
  return checkSync;
}

/** The pattern with its lookarounds taken out, then each lookaround's own pattern (recursively). */
export function withoutLookarounds(source: string): string[] {
  const inner: string[] = [];
  let outer = "";
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === "\\") {
      outer += source.slice(i, i + 2);
      i++;
      continue;
    }
    if (char === "[") {
      const end = classEnd(source, i);
      outer += source.slice(i, end + 1);
      i = end;
      continue;
    }
    const opening = /^\(\?(?:=|!|<=|<!)/.exec(source.slice(i, i + 4));
    if (!opening) {
      outer += char;
      continue;
    }
    const end = groupEnd(source, i);
    const body = source.slice(i + opening[0].length, end);
    // A lookbehind is matched right to left, so it can fail at what is its start here:
    // analyzed with a suffix that never matches, every way of matching it counts.
    inner.push(...withoutLookarounds(opening[0].startsWith("(?<") ? `(?:${body})[^\\s\\S]` : body));
    i = end;
  }
  return [outer, ...inner];
}

/** Index of the `]` that closes the class opened at `start`. */
function classEnd(source: string, start: number): number {
  let i = start + 1;
  while (i < source.length && source[i] !== "]") i += source[i] === "\\" ? 2 : 1;
  return i;
}

/** Index of the `)` that closes the group opened at `start`. */
function groupEnd(source: string, start: number): number {
  let depth = 0;
  for (let i = start; i < source.length; i++) {
    const char = source[i];
    if (char === "\\") i++;
    else if (char === "[") i = classEnd(source, i);
    else if (char === "(") depth++;
    else if (char === ")" && --depth === 0) return i;
  }
  return source.length;
}
