// The one-line ruling from a procedure's summary, and the steps that decided it,
// on resolutions made by hand (what the engine would return).
import { describe, expect, it } from "vitest";
import type { EngineMetadata, Resolution, TraceStep, Wire } from "../../../compiler/runtime/runtime.ts";
import { decidingSteps, rulingLine } from "../../../site/calculator/ruling.ts";

type Outputs = Record<string, Wire>;

const step = (name: string, value: Wire, display: string, kind: TraceStep["kind"] = "let"): TraceStep => ({ name, label: name, kind, value, display, paragraph: "1.1", quote: "" });

function resolution(outputs: Outputs, pending: Resolution<Outputs>["pending"] = {}, extra: TraceStep[] = [], violations: Resolution<Outputs>["violations"] = []): Resolution<Outputs> {
  const trace = [...extra, ...Object.entries(outputs).map(([name, value]) => step(name, value, typeof value === "number" ? String(value) : String(value).toUpperCase()))];
  return { allowed: violations.length === 0, violations, outputs, pending, trace };
}

const SUMMARY: EngineMetadata["summary"] = [
  { items: [{ value: "odds" }, { text: " → " }, { value: "column" }] },
  { items: [{ value: "side" }, { text: " surprise " }, { value: "shift", signed: true }], otherwise: "No surprise" },
  { items: [{ value: "result" }] },
];

describe("rulingLine", () => {
  it("shows each part's values as the trace displays them, joined by the part's text, signed where asked", () => {
    const line = rulingLine(SUMMARY, resolution({ odds: "4:1", column: "9:1", side: "attacker", shift: 3, result: "ae3" }));
    expect(line.parts.map((p) => p.text)).toEqual(["4:1 → 9:1", "ATTACKER surprise +3", "AE3"]);
    expect(line.dice).toEqual([]);
  });

  it("writes a negative shift with a minus sign", () => {
    const line = rulingLine(SUMMARY, resolution({ odds: "1:2", column: "1:4", side: "defender", shift: -2, result: "al2" }));
    expect(line.parts[1].text).toBe("DEFENDER surprise −2");
  });

  it("says a part's `otherwise` when one of its values is none", () => {
    const line = rulingLine(SUMMARY, resolution({ odds: "4:1", column: "4:1", side: null, shift: 0, result: "ae3" }));
    expect(line.parts[1].text).toBe("No surprise");
  });

  it("marks what waits for a die, drops parts that know nothing yet, and names the dice", () => {
    const dice = { kind: "dice", message: "roll it", paragraph: "1.1", die: "surprise_roll" } as const;
    const line = rulingLine(SUMMARY, resolution({ odds: "4:1" }, { column: dice, side: dice, shift: dice, result: { ...dice, die: "combat_roll" } }));
    expect(line.parts).toEqual([{ text: "4:1 → ?", waiting: true }]);
    expect(line.dice.sort()).toEqual(["combat_roll", "surprise_roll"]);
  });
});

describe("rulingLine's consequences (parts with `if`)", () => {
  const CONSEQUENCES: EngineMetadata["summary"] = [
    { items: [{ value: "result" }] },
    { items: [{ text: "Defender destroyed" }], when: "destroyed" },
    { items: [{ text: "retreats " }, { value: "retreat" }], when: "retreat" },
    { items: [{ text: "Exploit ignored" }], when: "ignored" },
  ];
  const cited = (outputs: Outputs, paragraphs: Record<string, string>) => {
    const result = resolution(outputs);
    return { ...result, trace: result.trace.map((s) => ({ ...s, paragraph: paragraphs[s.name] ?? s.paragraph })) };
  };

  it("leaves out a consequence whose output is no, 0 or none", () => {
    const line = rulingLine(CONSEQUENCES, resolution({ result: "ao1", destroyed: false, retreat: 0, ignored: null }));
    expect(line.parts.map((p) => p.text)).toEqual(["AO1"]);
  });

  it("shows the others, each citing the paragraph of the step that decided it", () => {
    const line = rulingLine(CONSEQUENCES, cited({ result: "ae3", destroyed: true, retreat: 2, ignored: true }, { destroyed: "9.11", retreat: "9.12", ignored: "8.1e" }));
    expect(line.parts).toEqual([
      { text: "AE3", waiting: false },
      { text: "Defender destroyed", waiting: false, paragraph: "9.11" },
      { text: "retreats 2", waiting: false, paragraph: "9.12" },
      { text: "Exploit ignored", waiting: false, paragraph: "8.1e" },
    ]);
  });

  it("cites only what a paragraph other than the output's own decided, when it knows the outputs' paragraphs", () => {
    const definition = (paragraph: string) => ({ label: "", paragraph, quote: "", perUnit: false, random: false });
    const definitions = { destroyed: definition("9.11"), retreat: definition("9.12a"), ignored: definition("9.13b") };
    const line = rulingLine(CONSEQUENCES, cited({ result: "ae3", destroyed: true, retreat: 2, ignored: true }, { destroyed: "9.11", retreat: "9.12", ignored: "8.1e" }), definitions);
    expect(line.parts.map((p) => [p.text, p.paragraph])).toEqual([["AE3", undefined], ["Defender destroyed", undefined], ["retreats 2", undefined], ["Exploit ignored", "8.1e"]]);
    // A paragraph's own parts are its own (9.13b(B) of 9.13b); 9.1 is not a part of 9.13b.
    const part = rulingLine(CONSEQUENCES, cited({ result: "ae3", destroyed: false, retreat: 0, ignored: true }, { ignored: "9.13b(B)" }), definitions);
    expect(part.parts.map((p) => p.paragraph)).toEqual([undefined, undefined]);
    const other = rulingLine(CONSEQUENCES, cited({ result: "ae3", destroyed: false, retreat: 0, ignored: true }, { ignored: "9.1" }), definitions);
    expect(other.parts.map((p) => p.paragraph)).toEqual([undefined, "9.1"]);
  });

  it("waits with the dice its output waits for, without saying anything yet", () => {
    const dice = { kind: "dice", message: "roll it", paragraph: "1.1", die: "combat_roll" } as const;
    const line = rulingLine(CONSEQUENCES, resolution({}, { result: dice, destroyed: dice, retreat: dice, ignored: dice }));
    expect(line.parts).toEqual([]);
    expect(line.dice).toEqual(["combat_roll"]);
  });
});

describe("decidingSteps", () => {
  const decisive: EngineMetadata["decisive"] = { steps: ["odds", "total", "mp_left", "roll"], checks: { enough_mp: ["mp_left"] }, inputs: ["mp_left"] };

  it("when allowed: the steps behind the summary, without the inputs the form shows or checks that were met", () => {
    const result = resolution({ odds: "2:1" }, {}, [step("mp_left", 5, "5", "input"), step("enough_mp", true, "yes", "check"), step("total", 4, "4"), step("roll", 6, "6", "dice"), step("other", 1, "1")]);
    const kept = [...decidingSteps(decisive, result)].map((i) => result.trace[i].name);
    expect(kept).toEqual(["total", "roll", "odds"]);
  });

  it("when not allowed: the requirement not met and what it read, inputs included", () => {
    const result = resolution({}, {}, [step("mp_left", 2, "2", "input"), step("enough_mp", false, "no", "check"), step("total", 4, "4")], [{ name: "enough_mp", message: "Not enough MP", paragraph: "1.1" }]);
    const kept = [...decidingSteps(decisive, result)].map((i) => result.trace[i].name);
    expect(kept).toEqual(["mp_left", "enough_mp"]);
  });
});
