import { describe, expect, it } from "vitest";
import { compile, editionBuild, type CompileResult } from "../../compiler/compile.ts";
import { diffEditions } from "../../compiler/diff/diff-editions.ts";
import type { EditionDiff } from "../../compiler/diff/types.ts";

const ROOT = new URL("./fixture", import.meta.url).pathname;

// v1 → v2: 1.1a reworded only; 1.1b's 3 MP became 2 MP (text and rules);
// 1.1c (swamps) removed; 1.1d (cavalry) renumbered to 1.1c; 1.1d (rally) added.
// The fixture compiled once, and each pair of editions compared once, for all the tests of this file.
let compiled: Promise<CompileResult> | undefined;
const fixture = () => (compiled ??= compile({ root: ROOT }));
const diffs = new Map<string, Promise<EditionDiff>>();

async function compareEditions(from: string, to: string): Promise<EditionDiff> {
  const result = await fixture();
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const build = (id: string) => editionBuild(result, result.editions[0].resolved.ruleset.id, id)!;
  return diffEditions(build(from), build(to), result.sources, { samples: 50, seed: 1 });
}

function diffFixture(from: string, to: string): Promise<EditionDiff> {
  const key = `${from}→${to}`;
  if (!diffs.has(key)) diffs.set(key, compareEditions(from, to));
  return diffs.get(key)!;
}

const fixtureDiff = () => diffFixture("v1", "v2");

describe("hexlaw diff on the fixture editions", () => {
  it("reports exactly the paragraph changes", async () => {
    const diff = await fixtureDiff();
    const summary = diff.text.map((c) => `${c.kind} ${"from" in c ? c.from : ""}→${"to" in c ? c.to : ""}`).sort();
    expect(summary).toEqual(["added →1.1d", "removed 1.1c→", "renumbered 1.1d→1.1c", "reworded 1.1a→1.1a", "reworded 1.1b→1.1b"]);
    const reworded = diff.text.find((c) => c.kind === "reworded" && c.to === "1.1b");
    expect(reworded && "words" in reworded ? (reworded.words ?? []).filter((w) => w.kind !== "same").map((w) => w.text.trim()) : []).toEqual(["3", "2"]);
  });

  it("reports the changed definition and example, nothing else", async () => {
    const diff = await fixtureDiff();
    expect(diff.formal.map((c) => `${c.kind} ${c.what} ${c.name}`)).toEqual(["changed definition charge_cost", "changed example A charge with 5 MP left"]);
  });

  it("finds behaviour changes only where the number changed, naming its paragraph", async () => {
    const diff = await fixtureDiff();
    const charge = diff.behaviour.find((p) => p.procedure === "charge")!;
    expect(charge.status).toBe("compared");
    const answers = charge.differences.map((d) => d.answer).sort();
    expect(answers).toEqual(expect.arrayContaining(["charge_cost", "mp_after"]));
    expect(answers.every((a) => ["charge_cost", "mp_after", "allowed", "violations"].includes(a))).toBe(true);
    const cost = charge.differences.find((d) => d.answer === "charge_cost")!;
    expect(cost.examples[0].from).toBe(3);
    expect(cost.examples[0].to).toBe(2);
    expect(cost.paragraphs).toEqual({ from: ["1.1b"], to: ["1.1b"] });
    expect(diff.behaviourChanged).toBe(true);
  });

  it("publishes the report with the newer edition's files", async () => {
    const result = await fixture();
    const published = JSON.parse(result.files.get("fx/v2/changes-from-v1.json")!) as EditionDiff;
    expect(published.text).toEqual((await fixtureDiff()).text);
    expect(published.behaviourChanged).toBe(true);
    expect(result.files.has("fx/v3/changes-from-v2.json")).toBe(true);
  });

  it("reports no behaviour change when only prose changed (v2 → v3)", async () => {
    const prose = await diffFixture("v2", "v3");
    expect(prose.text.map((c) => `${c.kind} ${"to" in c ? c.to : ""}`)).toEqual(["reworded 1.1d"]);
    expect(prose.formal).toEqual([]);
    expect(prose.behaviourChanged).toBe(false);
    expect(prose.behaviour.find((p) => p.procedure === "charge")!.inputs.vectors).toBe(2);
  });
});
