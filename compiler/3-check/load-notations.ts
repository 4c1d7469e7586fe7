import type peggy from "peggy";
import { declaredModule, declaredParser, grammarModule, grammarParser } from "../grammars.ts";
import type { FieldInfo, NotationInfo } from "../language/types.ts";
import { exact, type Wire } from "../runtime/runtime.ts";

export type NotationParse = { ok: true; value: Record<string, Wire> } | { ok: false; reason: string };

/**
 * Notation grammars (grammar/<name>.peggy) parse chart cells such as `Ae3 DL2o2DG`
 * into the fields a notation declares. Each grammar is compiled once for each
 * version of its file (see compiler/grammars.ts).
 */
export class Notations {
  private readonly grammarDir: URL;

  constructor(grammarDir: URL) {
    this.grammarDir = grammarDir;
  }

  /** The compiled parser of a grammar file, or the reason it cannot be used. */
  parser(grammar: string): peggy.Parser | string {
    try {
      if (!/^[a-z0-9-]+$/.test(grammar)) throw new Error("grammar names are lowercase words joined by hyphens");
      return grammarParser(new URL(`${grammar}.peggy`, this.grammarDir));
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "ENOENT" ? "file not found" : String((error as Error).message).split("\n")[0];
    }
  }

  /** The parser of a notation: its grammar file's, or the one compiled from its declaration. */
  private parserOf(info: NotationInfo): peggy.Parser | string {
    if (info.declared === undefined) return this.parser(info.grammar);
    return declaredParser(info.declared);
  }

  /**
   * The parser as an ES module, for engines to read notation text at run time
   * (`resolve(…, { assume: { result: "Ao1e4, DL1o2" } })`); null if the grammar is unusable.
   */
  source(info: NotationInfo): string | null {
    if (typeof this.parserOf(info) === "string") return null;
    if (info.declared !== undefined) return declaredModule(info.declared);
    return grammarModule(new URL(`${info.grammar}.peggy`, this.grammarDir));
  }

  parse(info: NotationInfo, text: string): NotationParse {
    const parser = this.parserOf(info);
    if (typeof parser === "string") {
      return {
        ok: false,
        reason: info.grammar === "" ? "its declaration has mistakes (reported at the notation)" : `grammar ${info.grammar} is unusable (${parser})`,
      };
    }
    let result: unknown;
    try {
      result = parser.parse(text);
    } catch (error) {
      return { ok: false, reason: String((error as Error).message) };
    }
    if (result === null || typeof result !== "object") return { ok: false, reason: "the grammar did not return an object" };
    const value: Record<string, Wire> = { text };
    for (const field of info.fields) {
      if (info.declared !== undefined && !Object.hasOwn(result, field.name)) {
        return { ok: false, reason: `it gives no value for \`${field.name}\`, which has no default` };
      }
      const v = (result as Record<string, unknown>)[field.name];
      const problem = fieldProblem(field, v);
      if (problem) return { ok: false, reason: `field ${field.name} is ${JSON.stringify(v)}, not ${problem}` };
      value[field.name] = (v ?? null) as Wire;
    }
    return { ok: true, value };
  }
}

function fieldProblem(field: FieldInfo, v: unknown): string | null {
  const t = field.type;
  if (v === null || v === undefined) return t.orNone ? null : `${t.kind} (it may not be none)`;
  switch (t.kind) {
    case "integer":
      return Number.isInteger(v) ? null : "an integer";
    case "number":
      return typeof v === "number" && exact(v) !== null ? null : "a number (with digits that fit exact arithmetic)";
    case "boolean":
      return typeof v === "boolean" ? null : "true or false";
    case "text":
      return typeof v === "string" ? null : "text";
    case "enum":
      return t.info.members.some((m) => m.name === v) ? null : `one of ${t.info.members.map((m) => m.name).join(", ")}`;
    default:
      return `a ${t.kind} (notation fields are integers, numbers, booleans, text or enums)`;
  }
}
