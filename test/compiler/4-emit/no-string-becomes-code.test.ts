/**
 * Issue 8.1: a string from a rule document never becomes code. Each payload
 * below tries one way out of a string literal or a comment of the emitted
 * engine; it is put in every string position of a small document at once
 * (tests/support/hostile-corpus.ts). The build (which loads the engine to run the
 * example) and a program importing the written engine must run nothing of it,
 * and every string must come back exactly as written.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { compile } from "../../../compiler/compile.ts";
import type { EngineModule } from "../../../compiler/runtime/runtime.ts";
import { enginesOf } from "../../support/engines.ts";
import { hostileCorpus, MARKDOWN_POSITIONS, STRING_POSITIONS, type Strings } from "../../support/hostile-corpus.ts";
import { removeTemp } from "../../support/repo.ts";

/** What a payload tries to run: it marks the global object. */
const RUN = "globalThis.hexlawInjected = true";

const PAYLOADS: Record<string, string> = {
  "a line separator ends a // comment": `A\u2028${RUN};//`,
  "a paragraph separator ends a // comment": `A\u2029${RUN};//`,
  "a carriage return ends a // comment": `A\r${RUN};//`,
  "a line feed ends a // comment": `A\n${RUN};//`,
  "a CRLF ends a // comment": `A\r\n${RUN};//`,
  "*/ closes a doc comment": `A */ ${RUN}; /* B`,
  "a double quote closes a string": `A"; ${RUN}; "`,
  "a single quote, a backtick and ${} try other string kinds": `A'; ${RUN}; '\`; ${RUN}; \`\${${RUN}}`,
  "a backslash escapes the closing quote": `A\\"; ${RUN}; //\\`,
  "</script> closes an inline script": `</script><script>${RUN}</script><!--`,
  "a written \\u2028 escape stays six characters": `\\u2028${RUN};// \\x0a`,
};

declare global {
  var hexlawInjected: boolean | undefined;
}

const roots: string[] = [];
afterAll(() => roots.forEach(removeTemp));
beforeEach(() => {
  delete globalThis.hexlawInjected;
});

/** The payload in every position; Markdown positions (a caption, a chart cell) cannot hold a line break. */
function everywhere(payload: string): Strings {
  const inline = payload.replace(/\r\n|[\r\n]/g, "\u2028");
  return Object.fromEntries([
    ...STRING_POSITIONS.map((p) => [p, payload]),
    ...MARKDOWN_POSITIONS.map((p) => [p, inline]),
  ]) as Strings;
}

/**
 * A rules string as written, or with its line endings normalized: the rules
 * language has no escape for a carriage return, so one inside a string is a line
 * ending of the document, which the reader turns into a line feed (rulesString
 * escapes a CR and an LF each with its own backslash, so a CRLF in the string is
 * a CR-only line ending and then a line feed: two line feeds).
 */
function expectWritten(actual: unknown, written: string): void {
  expect([written, written.replace(/\r\n?/g, "\n"), written.replace(/\r/g, "\n")]).toContain(actual);
}

describe("a hostile string in every position of a document", () => {
  it.each(Object.entries(PAYLOADS))("%s: runs nothing and comes back as written", async (_, payload) => {
    const strings = everywhere(payload);
    const root = hostileCorpus(strings);
    roots.push(root);

    const result = await compile({ root });
    expect(result.diagnostics.filter((d) => d.severity === "error"), "the document is valid").toEqual([]);
    expect(globalThis.hexlawInjected, "building (which runs the example on the engine) ran the payload").toBeUndefined();

    const [named] = enginesOf(result, "hostile");
    const engine: EngineModule = await named.load();
    expect(globalThis.hexlawInjected, "importing the engine ran the payload").toBeUndefined();

    const { metadata, schema } = engine;
    expect(metadata.rulesetTitle).toBe(strings.rulesetTitle);
    expect(metadata.editionTitle).toBe(strings.editionTitle);
    expectWritten(metadata.title, strings.procedure);
    expectWritten(metadata.outputs[0].label, strings.group);
    expect(metadata.summary).toHaveLength(1);
    const [part] = metadata.summary;
    const texts = [...part.items.flatMap((item) => ("text" in item ? [item.text] : [])), part.otherwise];
    expect(texts).toHaveLength(3);
    for (const text of texts) expectWritten(text, strings.summary);
    expectWritten(metadata.definitions.total.label, strings.let);
    expectWritten(schema.inputs[0].label, strings.input);
    expectWritten(schema.inputs[0].description, strings.description);
    expectWritten(schema.records.unit.label, strings.record);
    expectWritten(schema.records.unit.fields[0].label, strings.field);
    expectWritten(schema.records.unit.fields[0].description, strings.fieldDescription);
    const winner = schema.inputs[1].type;
    expectWritten(winner.kind === "enum" ? winner.members[0].label : "", strings.member);
    expectWritten(schema.dice[0].label, strings.dice);

    const checked = engine.check({ units: [{ strength: 1 }] });
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const resolution = engine.resolve(checked.value, { roll: 1 });
    expectWritten(resolution.outputs.greeting, strings.text);
    expect(resolution.outputs.cell).toBe(strings.cell);
    expectWritten(resolution.trace.find((step) => step.kind === "check")?.label, strings.message);

    // Strings that only the engine's source holds: the chart's caption (a literal) and its label (a comment).
    const source = result.files.get("t/1/attack.ts")!;
    const escaped = JSON.stringify(strings.caption).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
    expect(source).toContain(`caption: ${escaped}`);
    expect(source).not.toMatch(/[\r\u2028\u2029]/);

    const [vector] = JSON.parse(result.files.get("t/1/attack.vectors.json")!).vectors;
    expectWritten(vector.title, strings.example);
    expectWritten(vector.disputed, strings.reason);
    for (const [path, text] of result.files) {
      if (path.endsWith(".json")) expect(text, path).not.toMatch(/[\u2028\u2029]/);
    }
    expect(readFileSync(join(named.dir!, "generated/t/1/attack.ts"), "utf8")).toBe(source);
  });
});
