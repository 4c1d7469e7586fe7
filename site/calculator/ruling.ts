// The ruling in one line, as the procedure's `summary` declares it, and the
// steps of the trace that decided it, as the compiler's dependencies say. Pure
// functions of an engine's metadata and one resolution: nothing here knows any
// particular procedure.
import type { EngineMetadata, Resolution, TraceStep, Wire } from "../../compiler/runtime/runtime.ts";
import { tracedParagraph, tracedText, wireText } from "#generated/runtime/runtime.ts";

type Outputs = Record<string, Wire>;

/** One part of the line: its text, with `?` where a value waits for something. */
export interface RulingPart {
  text: string;
  /** Some value of the part is not known yet. */
  waiting: boolean;
  /** For a part shown only when an output is something (a consequence): the paragraph that decided that output. */
  paragraph?: string;
}

export interface RulingLine {
  parts: RulingPart[];
  /** Dice (by name) that values of the line wait for. */
  dice: string[];
  /** Other reasons values are missing ("unknown: consult the printed chart"). */
  reasons: string[];
}

/** A number with its sign, as `signed(x)` asks: +3, −2, 0. */
function signed(display: string, value: Wire): string {
  if (typeof value !== "number" || value === 0) return display;
  return value > 0 ? `+${display}` : display.replace(/^-/, "−");
}

/** Whether one paragraph is the other or a part of it (`9.12a` of `9.12`, `9.13b(B)` of `9.13b`, not `9.13` of `9.1`). */
function sameParagraph(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return long.startsWith(short) && !/\d/.test(long.charAt(short.length));
}

/** Whether an output is something a consequence is shown for: not no, 0 or none. */
const something = (value: Wire): boolean => value !== null && value !== false && value !== 0;

/**
 * The summary's parts for a resolution: values as the trace displays them; a part with a none
 * value says its `otherwise`; a part shown only when an output is something (a consequence) is
 * left out when it is not, and when it is, cites the paragraph that decided it if that is not
 * the output's own or a part of it (an exception from elsewhere: “Exploit ignored 8.1e” after
 * an overrun).
 */
export function rulingLine(summary: EngineMetadata["summary"], result: Resolution<Outputs>, definitions: EngineMetadata["definitions"] = {}): RulingLine {
  const outputs = result.outputs as Outputs;
  const pending = result.pending as Record<string, { kind: string; message: string; die?: string }>;
  const dice = new Set<string>();
  const reasons = new Set<string>();
  const parts: RulingPart[] = [];
  for (const part of summary) {
    let paragraph: string | undefined;
    if (part.when !== undefined) {
      const stop = pending[part.when];
      if (stop?.kind === "dice" && stop.die) dice.add(stop.die);
      if (stop || !(part.when in outputs) || !something(outputs[part.when])) continue;
      const decided = tracedParagraph(result.trace, part.when);
      const own = definitions[part.when]?.paragraph;
      if (decided && !(own && sameParagraph(decided, own))) paragraph = decided;
    }
    let none = false;
    let known = 0;
    let waiting = false;
    const text = part.items.map((item) => {
      if ("text" in item) return item.text;
      const stop = pending[item.value];
      if (stop || !(item.value in outputs)) {
        waiting = true;
        if (stop?.kind === "dice" && stop.die) dice.add(stop.die);
        else reasons.add(stop?.kind === "unknown" ? "a chart cell is unknown: consult the printed chart" : (stop?.message ?? "not worked out"));
        return "?";
      }
      const value = outputs[item.value];
      known++;
      if (value === null) none = true;
      const display = tracedText(result.trace, item.value) ?? wireText(value);
      return item.signed ? signed(display, value) : display;
    }).join("");
    // A part that knows nothing yet adds nothing to the line; what it waits for is said once.
    if (waiting && known === 0 && part.items.some((item) => "value" in item)) continue;
    const cited = paragraph ? { paragraph } : {};
    if (none && !waiting) parts.push({ text: part.otherwise ?? text, waiting: false, ...cited });
    else parts.push({ text, waiting, ...cited });
  }
  return { parts, dice: [...dice], reasons: [...reasons] };
}

/**
 * The steps that decided the ruling, by their place in the trace: when it is not
 * allowed, the requirements not met and what they read; otherwise the steps the
 * summary's values are computed from, less the inputs the form already shows.
 * Requirements that were met are never among them.
 */
export function decidingSteps(decisive: EngineMetadata["decisive"], result: Resolution<Outputs>): Set<number> {
  const failed = result.violations.map((v) => v.name);
  const names = new Set(result.allowed ? decisive.steps : failed.flatMap((name) => [name, ...(decisive.checks[name] ?? [])]));
  const keep = (step: TraceStep) => names.has(step.name) && !(step.kind === "check" && step.value === true) && !(result.allowed && step.kind === "input");
  return new Set(result.trace.flatMap((step, i) => (keep(step) ? [i] : [])));
}
