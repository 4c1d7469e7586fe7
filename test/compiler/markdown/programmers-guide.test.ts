// The "For programmers" guide (compiler/runtime/README.md) cannot drift from the engines:
// every example in it runs against this repository's generated engines, through the
// package's own exports as a program imports them, and prints what the guide says it
// prints; every part names formats that exist and every format has a part; and every
// declaration of the runtime that a documented one refers to is documented too.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { apiReference } from "../../../compiler/markdown/api-reference.ts";
import { formatSchema, formatsByPart, inReadingOrder, PROGRAMMERS_GUIDE } from "../../../compiler/markdown/programmers-guide.ts";
import { FORMAT_SCHEMAS } from "../../../compiler/formats/schemas.ts";
import { REPO } from "../../support/repo.ts";

const markdown = readFileSync(PROGRAMMERS_GUIDE, "utf8");

/** Each part of the guide: its title and its examples, each with the output shown under it. */
function parts(): { title: string; examples: { code: string; output: string | undefined }[] }[] {
  return markdown
    .split(/^## /m)
    .slice(1)
    .map((section) => ({
      title: section.slice(0, section.indexOf("\n")).trim(),
      examples: [...section.matchAll(/```js example\n([\s\S]*?)```\n(?:\n```text output\n([\s\S]*?)```)?/g)].map((m) => ({ code: m[1], output: m[2] })),
    }));
}

describe("the programmers' guide", () => {
  it("has an example in every part, with the output it prints", () => {
    for (const part of parts()) {
      expect(part.examples.length, part.title).toBeGreaterThan(0);
      for (const example of part.examples) expect(example.output, `${part.title}: an example without its output`).toBeDefined();
    }
  });

  describe.each(parts().flatMap((part) => part.examples.map((example, i) => ({ name: `${part.title} #${i + 1}`, ...example }))))("$name", (example) => {
    it("runs against the generated engines and prints what the guide shows", () => {
      // Imported as a program would (`hexlaw/engines/…`): the package refers to itself from its own folder.
      const run = spawnSync(process.execPath, ["--input-type=module", "-e", example.code], { cwd: REPO, encoding: "utf8", timeout: 60_000 });
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      expect(run.stdout).toBe(example.output);
    });
  });

  it("names a format of generated/ in every part, and every format in some part", async () => {
    const named = [...formatsByPart(markdown).values()].flat();
    for (const file of named) await expect(formatSchema(file)).resolves.toMatchObject({ file });
    expect(new Set(named)).toEqual(new Set(FORMAT_SCHEMAS.map(([file]) => file)));
    await expect(formatSchema("nonesuch.schema.json")).rejects.toThrow(/not a format of generated/);
  });

  it("lists a format's fields and its shapes from its schema", async () => {
    const vectors = await formatSchema("vectors.schema.json");
    expect(vectors.fields.map((f) => f.path)).toEqual(expect.arrayContaining(["format", "vectors", "vectors[].input", "vectors[].expect.outputs"]));
    expect(vectors.fields.find((f) => f.path === "vectors[].disputed")).toMatchObject({ type: "string | null" });
    const trace = await formatSchema("trace.schema.json");
    expect(trace.definitions.map((d) => d.name)).toEqual(expect.arrayContaining(["resolution", "step", "distribution"]));
    // A shape of another format is named by its file, not its address.
    expect(trace.definitions.find((d) => d.name === "resolution")?.fields.find((f) => f.path === "outputs")?.type).toBe("{ [name]: wire.schema.json }");
  });
});

describe("the engine API reference", () => {
  it("documents, in a part of the guide, every declaration a documented one refers to", async () => {
    const api = await apiReference();
    expect(api.uncategorized).toEqual([]);
    const titles = parts().map((part) => part.title);
    for (const entry of api.entries) expect(titles, `${entry.name}'s @category`).toContain(entry.category);
    // What a program starts from is there: the engine module and its every member, each said in words.
    const engine = api.entries.find((entry) => entry.name === "EngineModule");
    expect(engine?.members.map((m) => m.name)).toEqual(expect.arrayContaining(["check", "checkDice", "resolve", "distribution", "metadata", "schema"]));
    for (const member of engine?.members ?? []) expect(member.summary, member.name).not.toBe("");
    expect(api.entries.find((entry) => entry.name === "tracedParagraph")?.declaration).toBe(
      "function tracedParagraph(trace: readonly TraceStep[], name: string): string | undefined",
    );
  }, 120_000);

  it("orders a part's declarations from what a program starts with to what it refers to", () => {
    const order = inReadingOrder([
      { name: "Pending", references: [] },
      { name: "Resolution", references: ["TraceStep", "Pending"] },
      { name: "TraceStep", references: [] },
      { name: "wireText", references: [] },
    ]).map((entry) => entry.name);
    expect(order).toEqual(["Resolution", "TraceStep", "Pending", "wireText"]);
  });
});
