// An assumption from a calculator link is checked against its definition's type
// with the engine's checkAssume: kept when valid, ignored with a note otherwise, so
// a link cannot make the calculator fail (issue 8.8).
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import type { EngineModule } from "../../../compiler/runtime/runtime.ts";
import { admitAssumptions, readUrl } from "../../../site/calculator/state.ts";
import { QUOTED_MOST } from "../../../site/calculator/quoted.ts";
import { GENERATED } from "../../support/repo.ts";

const engine = (await import(pathToFileURL(join(GENERATED, "ocs/4.3/overrun.ts")).href)) as EngineModule;
const check = (value: unknown) => engine.checkAssume(value);

describe("assumptions from a calculator link", () => {
  it("keeps the valid ones and ignores the others with a note", () => {
    const url = new URL("https://example.org/calc");
    url.searchParams.set("assume.overrun_cost", "3");
    url.searchParams.set("assume.may_continue_moving", '"a string, not a boolean"');
    url.searchParams.set("assume.no_such_definition", "1");
    const state = readUrl(engine.schema, "", url)!;
    expect(Object.keys(state.assume)).toHaveLength(3);
    const notes = admitAssumptions(state, check);
    expect(state.assume).toEqual({ overrun_cost: 3 });
    expect(notes).toHaveLength(2);
    expect(notes.find((n) => n.startsWith('may_continue_moving = "a string, not a boolean" ('))).toBeDefined();
    expect(notes.find((n) => n.startsWith("no_such_definition = 1 ("))).toBeDefined();
    // What is kept is what the engine accepts: resolve no longer refuses the assumptions.
    expect(engine.checkAssume(state.assume).ok).toBe(true);
  });

  it("ignores every assumption of a hostile link without throwing", () => {
    const url = new URL("https://example.org/calc");
    for (const [name, value] of [["__proto__", '{"polluted":true}'], ["constructor", '"x"'], ["overrun_cost", "1e400"], ["overrun_cost", '"0x10"']]) url.searchParams.append(`assume.${name}`, value);
    const state = readUrl(engine.schema, "", url)!;
    const notes = admitAssumptions(state, check);
    expect(state.assume).toEqual({});
    expect(notes.length).toBeGreaterThanOrEqual(2);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("quotes at most a short excerpt of an ignored assumption's name and value", () => {
    const url = new URL("https://example.org/calc");
    url.searchParams.set("assume.may_continue_moving", JSON.stringify("A".repeat(200_000)));
    url.searchParams.set(`assume.${"B".repeat(200_000)}`, "1");
    const notes = admitAssumptions(readUrl(engine.schema, "", url)!, check);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(new RegExp(`^may_continue_moving = "A{${QUOTED_MOST - 1}}… \\(`));
    expect(notes[1]).toMatch(new RegExp(`^B{${QUOTED_MOST}}… = 1 \\(`));
    for (const note of notes) expect(note).not.toMatch(new RegExp(`A{${QUOTED_MOST + 1}}|B{${QUOTED_MOST + 1}}`));
  });
});
