/**
 * Issue 8.1 as properties: random Unicode — line terminators, quotes, backslashes,
 * `*\/`, `</script>`, `${`, lone surrogates, NUL — never becomes code.
 *
 * - The printer: a string in every place the printer puts text (a comment, a doc
 *   comment, a string literal, an object key, a type literal, an interface
 *   member) prints a module that runs nothing and gives the string back.
 * - The compiler: a string in every string position of a small document builds,
 *   the engine imports without running anything, and every string comes back
 *   through `metadata`, `schema`, the outputs and the vectors. A document cannot
 *   hold lone surrogates (it is UTF-8), NUL or a bare carriage return (Markdown
 *   reads them as U+FFFD and a line ending), so those reach only the printer.
 */
import { stripTypeScriptTypes } from "node:module";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { compile } from "../../compiler/compile.ts";
import { data, tLit, type TsStmt } from "../../compiler/4-emit/ts/ast.ts";
import { printModuleParts } from "../../compiler/4-emit/ts/print.ts";
import { propertyOptions } from "../support/arbitraries.ts";
import { enginesOf } from "../support/engines.ts";
import { hostileCorpus, MARKDOWN_POSITIONS, STRING_POSITIONS, type Strings } from "../support/hostile-corpus.ts";
import { removeTemp } from "../support/repo.ts";

const RUN = "globalThis.hexlawInjected = true;";

declare global {
  var hexlawInjected: boolean | undefined;
}

/** Pieces that end comments and strings, or start code, mixed into random text. */
const FRAGMENTS = [
  "\u2028", "\u2029", "\r", "\n", "\r\n", '"', "'", "`", "\\", "\\u2028", "*/", "/*", "//", "</script>", "<!--", "${", "\u0000", "\ud800", "\udfff", "__proto__", RUN,
];

const hostileText: fc.Arbitrary<string> = fc
  .array(fc.oneof(fc.string({ unit: "binary", maxLength: 6 }), fc.constantFrom(...FRAGMENTS)), { maxLength: 8 })
  .map((parts) => parts.join(""));

async function importModule(code: string): Promise<Record<string, unknown>> {
  return import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
}

const roots: string[] = [];
afterAll(() => roots.forEach(removeTemp));

describe("the printer", () => {
  it("prints any string as a comment, a doc comment, a literal, a key and a type, and runs none of it", async () => {
    await fc.assert(
      fc.asyncProperty(hostileText, async (text) => {
        delete globalThis.hexlawInjected;
        const statements: TsStmt[] = [
          { type: "comment", text },
          { type: "interface", name: "Shape", exported: true, doc: text, members: [{ name: text, type: tLit(text), doc: text }] },
          { type: "const", name: "value", exported: true, doc: text, init: data({ [text]: text, list: [text] }) },
        ];
        const { typescript, javascript } = printModuleParts([], statements);
        for (const code of [javascript, stripTypeScriptTypes(typescript)]) {
          const module = await importModule(code);
          expect(globalThis.hexlawInjected).toBeUndefined();
          const value = module.value as Record<string, unknown>;
          expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
          expect(Object.keys(value)).toEqual(text === "list" ? ["list"] : [text, "list"]);
          if (text !== "list") expect(value[text]).toBe(text);
        }
      }),
      propertyOptions(60),
    );
  });
});

/** What a document can hold: well-formed Unicode (a lone surrogate is written to UTF-8 as U+FFFD) without NUL or carriage returns. */
function documentText(text: string): string {
  return text.replace(/[\0\r]/g, "").replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
}

/** A line of a rules block that starts with a fence would end the block: such strings are left out. */
const closesFence = (text: string) => /\n {0,3}(?:```|~~~)/.test(text);

describe("the compiler", () => {
  it("keeps any string in any position of a document a string: nothing runs, everything comes back", async () => {
    const strings = fc.record(
      Object.fromEntries([
        // A dispute needs a reason: an empty one is no dispute.
        ...STRING_POSITIONS.map((p) => [p, hostileText.map((t) => (p === "reason" ? `R${documentText(t)}` : documentText(t))).filter((t) => !closesFence(t))]),
        // A chart cell and a caption are one line of Markdown, whose ends are trimmed.
        ...MARKDOWN_POSITIONS.map((p) => [p, hostileText.map((t) => `[${documentText(t).replace(/\n/g, " ")}]`)]),
      ]) as Record<keyof Strings, fc.Arbitrary<string>>,
    );
    await fc.assert(
      fc.asyncProperty(strings, async (s) => {
        delete globalThis.hexlawInjected;
        const root = hostileCorpus(s);
        roots.push(root);
        const result = await compile({ root });
        expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
        expect(globalThis.hexlawInjected).toBeUndefined();
        const engine = await enginesOf(result, "strings")[0].load();
        expect(globalThis.hexlawInjected).toBeUndefined();

        const { metadata, schema } = engine;
        expect(metadata).toMatchObject({ rulesetTitle: s.rulesetTitle, editionTitle: s.editionTitle, title: s.procedure });
        expect(metadata.outputs[0].label).toBe(s.group);
        expect(metadata.summary).toEqual([{ items: [{ text: s.summary }, { value: "total" }, { text: s.summary }], otherwise: s.summary }]);
        expect(metadata.definitions.total.label).toBe(s.let);
        expect(schema.inputs[0]).toMatchObject({ label: s.input, description: s.description });
        expect(schema.records.unit.label).toBe(s.record);
        expect(schema.records.unit.fields[0]).toMatchObject({ label: s.field, description: s.fieldDescription });
        const winner = schema.inputs[1].type;
        expect(winner.kind === "enum" ? winner.members[0].label : null).toBe(s.member);
        expect(schema.dice[0].label).toBe(s.dice);
        const checked = engine.check({ units: [{ strength: 1 }] });
        if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
        const resolution = engine.resolve(checked.value, { roll: 1 });
        expect(resolution.outputs).toMatchObject({ greeting: s.text, cell: s.cell });
        expect(resolution.trace.find((step) => step.kind === "check")?.label).toBe(s.message);
        const [vector] = JSON.parse(result.files.get("t/1/attack.vectors.json")!).vectors;
        expect(vector).toMatchObject({ title: s.example, disputed: s.reason });
      }),
      propertyOptions(30),
    );
  });
});
