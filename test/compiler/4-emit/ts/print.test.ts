/** The TypeScript printer: precedence, escaping, line breaking, and output that Node can run. */
import { stripTypeScriptTypes } from "node:module";
import { describe, expect, it } from "vitest";
import {
  arr, arrow, asConst, bin, call, cast, cond, data, id, index, lit, member, neg, newExpr, not, obj, optionalMember, satisfies,
  rt, rtType, tArray, tLit, tRef, tUnion, type TsStmt,
} from "../../../../compiler/4-emit/ts/ast.ts";
import { printExpr, printModule, printModuleParts, printStatement, printType } from "../../../../compiler/4-emit/ts/print.ts";

describe("printExpr", () => {
  it("prints literals as JavaScript", () => {
    expect(printExpr(lit(3))).toBe("3");
    expect(printExpr(lit(-0))).toBe("0");
    expect(printExpr(lit(Infinity))).toBe("Infinity");
    expect(printExpr(lit(-Infinity))).toBe("-Infinity");
    expect(printExpr(lit(null))).toBe("null");
    expect(printExpr(lit(undefined))).toBe("undefined");
    expect(printExpr(lit('say "hi"\n</script>'))).toBe('"say \\"hi\\"\\n</script>"');
  });

  it("adds parentheses only where precedence needs them", () => {
    const a = id("a");
    const b = id("b");
    const c = id("c");
    expect(printExpr(bin("*", bin("+", a, b), c))).toBe("(a + b) * c");
    expect(printExpr(bin("+", bin("*", a, b), c))).toBe("a * b + c");
    expect(printExpr(bin("-", a, bin("-", b, c)))).toBe("a - (b - c)");
    expect(printExpr(bin("-", bin("-", a, b), c))).toBe("a - b - c");
    expect(printExpr(not(bin("&&", a, b)))).toBe("!(a && b)");
    expect(printExpr(cond(bin("||", a, b), cond(a, b, c), c))).toBe("a || b ? a ? b : c : c");
    expect(printExpr(member(bin("+", a, b), "x"))).toBe("(a + b).x");
    expect(printExpr(call(arrow([], a), []))).toBe("(() => a)()");
  });

  it("never prints `--` for a negated negation (it would be a decrement)", () => {
    const evaluate = (expr: Parameters<typeof printExpr>[0]) => new Function("a", `return ${printExpr(expr)};`)(5);
    expect(printExpr(neg(neg(id("a"))))).not.toContain("--");
    expect(evaluate(neg(neg(id("a"))))).toBe(5);
    expect(evaluate(neg(lit(-3)))).toBe(3);
    expect(evaluate(neg(bin("-", id("a"), lit(1))))).toBe(-4);
  });

  it("prints property access, optional chaining, indexing and new", () => {
    expect(printExpr(call(rt("ratio"), [id("a"), id("d"), lit("9.7")]))).toBe('rt.ratio(a, d, "9.7")');
    expect(printExpr(optionalMember(id("result"), "text"))).toBe("result?.text");
    expect(printExpr(index(id("cells"), lit(2)))).toBe("cells[2]");
    expect(printExpr(newExpr("State", [id("input")]))).toBe("new State(input)");
    expect(printExpr(cast(id("x"), tRef("number")))).toBe("x as number");
    expect(printExpr(satisfies(obj({ a: lit(1) }), tRef("T")))).toBe("{ a: 1 } satisfies T");
    expect(printExpr(asConst(arr([lit("a")])))).toBe('["a"] as const');
  });

  it("quotes object keys that are not identifiers and shortens `{ x: x }`", () => {
    expect(printExpr(obj({ "very close": lit(1), "9.7": lit(2), ok: id("ok"), $x: lit(3) }))).toBe('{ "very close": 1, "9.7": 2, ok, $x: 3 }');
  });

  it("wraps an arrow returning an object literal in parentheses", () => {
    expect(printExpr(arrow([{ name: "u" }], obj({ a: lit(1) })))).toBe("(u) => ({ a: 1 })");
  });

  it("breaks long arrays and objects over lines, one item per line", () => {
    const long = arr(Array.from({ length: 30 }, (_, i) => lit(`item${i}`)));
    const text = printExpr(long);
    expect(text.split("\n")).toHaveLength(32);
    expect(text.split("\n")[1]).toBe('  "item0",');
    for (const line of text.split("\n")) expect(line.length).toBeLessThanOrEqual(100);
  });

  it("turns data into literal expressions, dropping undefined fields", () => {
    expect(printExpr(data({ a: [1, "x", null], b: undefined, c: { d: true } }))).toBe('{ a: [1, "x", null], c: { d: true } }');
  });
});

describe("names in the tree", () => {
  // Issue 24.3: no dotted names or types written as strings; a path is built from its parts, so the printer sees every name.
  it("are identifiers: a dotted path or a type written as text is refused when the tree is built", () => {
    expect(() => id("rt.ratio")).toThrow(/not an identifier/);
    expect(() => tRef("number | undefined")).toThrow(/not an identifier/);
    expect(() => tRef("Record<string, rt.Wire>")).toThrow(/not an identifier/);
    expect(printExpr(call(rt("ratio"), [id("a")]))).toBe("rt.ratio(a)");
    expect(printType(tRef("Record", [tRef("string"), tUnion([rtType("Wire"), tRef("undefined")])]))).toBe("Record<string, rt.Wire | undefined>");
  });
});

describe("printType", () => {
  it("prints unions, arrays and references", () => {
    expect(printType(tUnion([tLit("open"), tLit("close")]))).toBe('"open" | "close"');
    expect(printType(tArray(tUnion([tRef("number"), tLit(null)]), true))).toBe("readonly (number | null)[]");
    expect(printType(rtType("Table", [rtType("Odds")]))).toBe("rt.Table<rt.Odds>");
  });
});

describe("printStatement and printModule", () => {
  it("prints documented, exported declarations", () => {
    const statement: TsStmt = { type: "const", name: "overrunCost", exported: true, doc: "8.1a: three MP */ not a comment end", valueType: tRef("number"), init: lit(3) };
    expect(printStatement(statement)).toBe("/** 8.1a: three MP *\\/ not a comment end */\nexport const overrunCost: number = 3;\n");
  });

  it("prints functions, ifs, classes and interfaces with two-space indentation", () => {
    const module = printModule([
      { type: "comment", text: "Generated — do not edit.\nSecond line." },
      { type: "blank" },
      { type: "import", names: [], namespace: "rt", from: "../../runtime.ts" },
      { type: "blank" },
      { type: "blank" },
      { type: "blank" },
      { type: "interface", name: "Input", exported: true, members: [{ name: "mp_left", type: tRef("number"), doc: "MP left (8.1a)" }] },
      { type: "class", name: "State", extends: member(id("rt"), "State"), fields: [{ name: "mp", valueType: tUnion([tRef("number"), tRef("undefined")]), init: lit(undefined) }] },
      {
        type: "function", name: "enough", params: [{ name: "s", type: tRef("State") }], returns: tRef("boolean"), exported: true,
        body: [
          { type: "if", test: bin("===", member(id("s"), "mp"), lit(undefined)), then: [{ type: "return", value: lit(false) }], otherwise: [{ type: "expr", expr: call(member(id("s"), "step"), []) }] },
          { type: "return", value: bin(">=", member(id("s"), "mp"), lit(3)) },
        ],
      },
    ]);
    expect(module).toBe(`// Generated — do not edit.
// Second line.

import * as rt from "../../runtime.ts";

export interface Input {
  /** MP left (8.1a) */
  mp_left: number;
}
class State extends rt.State {
  mp: number | undefined = undefined;
}
export function enough(s: State): boolean {
  if (s.mp === undefined) {
    return false;
  } else {
    s.step();
  }
  return s.mp >= 3;
}
`);
  });

  it("prints TypeScript and JavaScript in one pass exactly as two passes would", () => {
    const statements: TsStmt[] = [
      { type: "comment", text: "Generated — do not edit." },
      { type: "import", names: [], namespace: "rt", from: "../runtime.ts" },
      { type: "import", names: ["Odds"], typeOnly: true, from: "../runtime.ts" },
      { type: "interface", name: "Empty", exported: true, members: [] },
      { type: "interface", name: "Input", exported: true, members: [{ name: "mp", type: tRef("number") }] },
      { type: "typeAlias", name: "Side", aliased: tUnion([tLit("attacker"), tLit("defender")]) },
      { type: "const", name: "metadata", exported: true, init: asConst(data({ ruleset: "ocs", outputs: ["odds", "result"] })) },
      { type: "const", name: "step$odds", valueType: rtType("StepInfo"), doc: "Step", init: data({ name: "odds", quote: "Divide both by the smaller", type: { t: "odds" } }) },
      { type: "const", name: "plain", init: arr([lit(1), lit(2)]) },
      { type: "class", name: "State", extends: rt("State"), fields: [{ name: "odds", valueType: tUnion([tRef("number"), tRef("undefined")]), init: lit(undefined) }] },
      {
        type: "function", name: "odds", doc: "Memoized.", params: [{ name: "s", type: tRef("State") }], returns: tRef("number"),
        body: [
          { type: "let", name: "v", valueType: tRef("number"), init: member(id("s"), "odds") },
          { type: "if", test: bin("===", id("v"), lit(undefined)), then: [{ type: "expr", expr: { type: "assign", target: id("v"), value: cast(call(rt("ratio"), [id("a"), id("d")], [tRef("number")]), tRef("number")) } }] },
          { type: "const", name: "f", init: arrow([{ name: "x", type: tRef("number") }], bin("*", id("x"), lit(2)), tRef("number")) },
          { type: "return", value: satisfies(id("v"), tRef("number")) },
        ],
      },
      { type: "function", name: "pick", typeParams: ["T"], exported: true, params: [{ name: "xs", type: tArray(tRef("T"), true) }], body: [{ type: "return", value: index(id("xs"), lit(0)) }] },
      { type: "function", name: "untyped", params: [{ name: "x" }], body: [{ type: "return", value: id("x") }] },
    ];
    const whole = printModuleParts([], statements);
    expect({ typescript: whole.typescript, javascript: whole.javascript }).toEqual({ typescript: printModule(statements), javascript: printModule(statements, { javascript: true }) });
    // In two parts, the same module, and the second part's JavaScript on its own.
    const parts = printModuleParts(statements.slice(0, 7), statements.slice(7));
    expect({ typescript: parts.typescript, javascript: parts.javascript }).toEqual({ typescript: whole.typescript, javascript: whole.javascript });
    expect(parts.javascript.endsWith(`${parts.bodyJavascript.trimEnd()}\n`)).toBe(true);
    expect(parts.bodyJavascript).toContain("function odds(s)");
    expect(parts.bodyJavascript).not.toContain("metadata");
  });

  it("prints code that Node can strip and run", async () => {
    const module = printModule([
      { type: "const", name: "table", exported: true, valueType: tRef("Record", [tRef("string"), tRef("number")]), init: obj({ "Extr Close": lit(1), open: lit(4) }) },
      { type: "function", name: "column", exported: true, params: [{ name: "row", type: tRef("string") }], returns: tRef("number"), body: [{ type: "return", value: bin("??", index(id("table"), id("row")), lit(0)) }] },
    ]);
    const code = stripTypeScriptTypes(module, { mode: "strip" });
    const loaded = await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
    expect(loaded.column("Extr Close")).toBe(1);
    expect(loaded.column("marsh")).toBe(0);
  });
});
