import type { TsExpr, TsMember, TsParam, TsStmt, TsType } from "./ast.ts";

const WIDTH = 100;

/** Printing JavaScript instead of TypeScript: every type annotation is left out. */
let javascript = false;
/** Set when TypeScript-only syntax was printed: text printed without it is JavaScript too. */
let typed = false;
const INDENT = "  ";

const PRECEDENCE: Record<string, number> = {
  "??": 3, "||": 3, "&&": 4, instanceof: 8, "===": 7, "!==": 7, "==": 7, "!=": 7, "<": 8, "<=": 8, ">": 8, ">=": 8, ">>>": 9, "+": 10, "-": 10, "*": 11, "/": 11, "%": 11,
};

function precedence(e: TsExpr): number {
  switch (e.type) {
    case "assign":
    case "arrow":
      return 1;
    case "conditional":
      return 2;
    case "binary":
      return PRECEDENCE[e.op] ?? 5;
    case "unary":
      return 13;
    // `x as T` binds like a relational operator: `a >= b as T` means `(a >= b) as T`.
    case "asConst":
    case "as":
    case "satisfies":
      return 8;
    default:
      return 16;
  }
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * The one way a string from a document becomes code: a double-quoted literal.
 * JSON.stringify escapes quotes, backslashes, control characters and lone
 * surrogates; U+2028 and U+2029 are escaped too, since older JavaScript ends a
 * string (and any parser ends a `//` comment) at them.
 */
export function stringLiteral(text: string): string {
  return escapeLineSeparators(JSON.stringify(text));
}

/** JSON text with U+2028 and U+2029 escaped (JSON.stringify leaves them raw inside strings). */
export function escapeLineSeparators(json: string): string {
  return json.replace(/[\u2028\u2029]/g, (c) => (c === "\u2028" ? "\\u2028" : "\\u2029"));
}

/** Every character that ends a line in JavaScript, and so a `//` comment. */
const LINE_TERMINATOR = /\r\n|[\n\r\u2028\u2029]/;

/** Control characters, which no comment needs and some parsers refuse (NUL). */
const CONTROL = /[\0-\x08\x0b\x0c\x0e-\x1f\x7f]/g;

/**
 * The one way text reaches a comment: split into lines at every JavaScript line
 * terminator (each printed line gets its own comment marker), with `*\/` broken
 * so that no text can close a block comment, and control characters shown as �.
 */
export function commentLines(text: string): string[] {
  return text.replace(/\*\//g, "*\\/").replace(CONTROL, "\ufffd").split(LINE_TERMINATOR);
}

/** A property name: bare when it is an identifier, otherwise a string literal. */
function key(name: string): string {
  return IDENTIFIER.test(name) ? name : stringLiteral(name);
}

/** An object literal's key: `__proto__: x` would set the prototype, `["__proto__"]: x` is a property. */
function objectKey(name: string): string {
  return name === "__proto__" ? `[${stringLiteral(name)}]` : key(name);
}

export function printType(t: TsType, indent = ""): string {
  typed = true;
  switch (t.type) {
    case "ref":
      return t.args && t.args.length > 0 ? `${t.name}<${t.args.map((a) => printType(a, indent)).join(", ")}>` : t.name;
    case "union":
      return t.types.map((u) => (u.type === "union" ? `(${printType(u, indent)})` : printType(u, indent))).join(" | ");
    case "array": {
      const element = printType(t.element, indent);
      const wrapped = t.element.type === "union" ? `(${element})` : element;
      return `${t.readonly ? "readonly " : ""}${wrapped}[]`;
    }
    case "literal":
      return typeof t.value === "string" ? stringLiteral(t.value) : String(t.value);
  }
}

function printMembers(members: TsMember[], indent: string): string {
  return members
    .map((m) => `${doc(m.doc, indent)}${indent}${key(m.name)}${m.optional ? "?" : ""}: ${printType(m.type, indent)};\n`)
    .join("");
}

export function printExpr(e: TsExpr, indent = ""): string {
  switch (e.type) {
    case "id":
      return e.name;
    case "value":
      if (e.value === undefined) return "undefined";
      if (typeof e.value === "number") {
        if (e.value === Infinity) return "Infinity";
        if (e.value === -Infinity) return "-Infinity";
        return Object.is(e.value, -0) ? "0" : String(e.value);
      }
      return typeof e.value === "string" ? stringLiteral(e.value) : String(e.value);
    case "array": {
      if (e.items.length === 0) return "[]";
      const parts = e.items.map((item) => printExpr(item, indent + INDENT));
      const one = `[${parts.join(", ")}]`;
      if (one.length + indent.length <= WIDTH && !one.includes("\n")) return one;
      return `[\n${parts.map((p) => `${indent}${INDENT}${p},\n`).join("")}${indent}]`;
    }
    case "object": {
      if (e.properties.length === 0) return "{}";
      const parts = e.properties.map((p) => {
        const value = printExpr(p.value, indent + INDENT);
        return p.value.type === "id" && p.value.name === p.key && p.key !== "__proto__" ? p.key : `${objectKey(p.key)}: ${value}`;
      });
      const one = `{ ${parts.join(", ")} }`;
      if (e.inline || (one.length + indent.length <= WIDTH && !one.includes("\n"))) return one;
      return `{\n${parts.map((p) => `${indent}${INDENT}${p},\n`).join("")}${indent}}`;
    }
    case "call": {
      const callee = wrap(e.callee, 16, indent);
      const typeArgs = e.typeArgs?.length && !javascript ? `<${e.typeArgs.map((t) => printType(t, indent)).join(", ")}>` : "";
      const args = e.args.map((a) => printExpr(a, indent + INDENT));
      const one = `${callee}${typeArgs}(${args.join(", ")})`;
      if (one.length + indent.length <= WIDTH && !one.includes("\n")) return one;
      if (args.length === 1 || (args.at(-1)?.includes("\n") && args.slice(0, -1).every((a) => !a.includes("\n")))) {
        return `${callee}${typeArgs}(${args.join(", ")})`;
      }
      return `${callee}${typeArgs}(\n${args.map((a) => `${indent}${INDENT}${a},\n`).join("")}${indent})`;
    }
    case "member":
      if (!IDENTIFIER.test(e.property)) return `${wrap(e.object, 16, indent)}${e.optional ? "?.[" : "["}${stringLiteral(e.property)}]`;
      return `${wrap(e.object, 16, indent)}${e.optional ? "?." : "."}${e.property}`;
    case "index":
      return `${wrap(e.object, 16, indent)}[${printExpr(e.index, indent)}]`;
    case "binary": {
      const p = PRECEDENCE[e.op] ?? 5;
      return `${wrap(e.left, p, indent)} ${e.op} ${wrap(e.right, p + 1, indent)}`;
    }
    case "unary": {
      const operand = wrap(e.operand, 13, indent);
      // `-(-a)` must not print as `--a`, a decrement.
      return (e.op === "-" || e.op === "+") && operand.startsWith(e.op) ? `${e.op}(${operand})` : `${e.op}${operand}`;
    }
    case "conditional":
      return `${wrap(e.test, 3, indent)} ? ${wrap(e.consequent, 2, indent)} : ${wrap(e.alternate, 2, indent)}`;
    case "arrow": {
      const params = `(${e.params.map((p) => printParam(p, indent)).join(", ")})${e.returns && !javascript ? `: ${printType(e.returns, indent)}` : ""}`;
      if (Array.isArray(e.body)) return `${params} => {\n${printStatements(e.body, indent + INDENT)}${indent}}`;
      const body = printExpr(e.body, indent);
      return `${params} => ${e.body.type === "object" ? `(${body})` : body}`;
    }
    case "new":
      return `new ${wrap(e.callee, 16, indent)}(${e.args.map((a) => printExpr(a, indent)).join(", ")})`;
    case "assign":
      return `${printExpr(e.target, indent)} = ${printExpr(e.value, indent)}`;
    case "asConst":
      if (javascript) return printExpr(e.expr, indent);
      typed = true;
      return `${wrap(e.expr, 13, indent)} as const`;
    case "as":
      if (javascript) return printExpr(e.expr, indent);
      return `${wrap(e.expr, 13, indent)} as ${printType(e.typeOf, indent)}`;
    case "satisfies":
      if (javascript) return printExpr(e.expr, indent);
      return `${wrap(e.expr, 13, indent)} satisfies ${printType(e.typeOf, indent)}`;
  }
}

function wrap(e: TsExpr, min: number, indent: string): string {
  const text = printExpr(e, indent);
  return precedence(e) < min ? `(${text})` : text;
}

function printParam(p: TsParam, indent: string): string {
  const type = p.type && !javascript ? `${p.optional ? "?" : ""}: ${printType(p.type, indent)}` : "";
  const value = p.defaultValue ? ` = ${printExpr(p.defaultValue, indent)}` : "";
  return `${p.name}${type}${value}`;
}

function doc(text: string | undefined, indent: string): string {
  if (!text) return "";
  const lines = commentLines(text);
  return lines.length === 1 ? `${indent}/** ${lines[0]} */\n` : `${indent}/**\n${lines.map((l) => `${indent} * ${l}`.trimEnd()).join("\n")}\n${indent} */\n`;
}

function exported(flag: boolean | undefined): string {
  return flag ? "export " : "";
}

export function printStatement(s: TsStmt, indent = ""): string {
  switch (s.type) {
    case "import":
      if (javascript && s.typeOnly) return "";
      if (s.typeOnly) typed = true;
      if (s.namespace) return `${indent}import ${s.typeOnly ? "type " : ""}* as ${s.namespace} from ${stringLiteral(s.from)};\n`;
      return `${indent}import ${s.typeOnly ? "type " : ""}{ ${s.names.join(", ")} } from ${stringLiteral(s.from)};\n`;
    case "exportAll":
      return `${indent}export * from ${stringLiteral(s.from)};\n`;
    case "const":
      return `${doc(s.doc, indent)}${indent}${exported(s.exported)}const ${s.name}${s.valueType && !javascript ? `: ${printType(s.valueType, indent)}` : ""} = ${printExpr(s.init, indent)};\n`;
    case "let":
      return `${indent}let ${s.name}${s.valueType && !javascript ? `: ${printType(s.valueType, indent)}` : ""}${s.init ? ` = ${printExpr(s.init, indent)}` : ""};\n`;
    case "function": {
      const typeParams = s.typeParams?.length && !javascript ? `<${s.typeParams.join(", ")}>` : "";
      if (typeParams) typed = true;
      const head = `${indent}${exported(s.exported)}function ${s.name}${typeParams}(${s.params.map((p) => printParam(p, indent)).join(", ")})${s.returns && !javascript ? `: ${printType(s.returns, indent)}` : ""}`;
      return `${doc(s.doc, indent)}${head} {\n${printStatements(s.body, indent + INDENT)}${indent}}\n`;
    }
    case "class": {
      const fields = s.fields.map((f) => `${indent}${INDENT}${key(f.name)}${javascript ? "" : `: ${printType(f.valueType, indent + INDENT)}`} = ${printExpr(f.init, indent + INDENT)};\n`).join("");
      return `${doc(s.doc, indent)}${indent}${exported(s.exported)}class ${s.name}${s.extends ? ` extends ${printExpr(s.extends, indent)}` : ""} {\n${fields}${indent}}\n`;
    }
    case "interface":
      if (javascript) return "";
      typed = true;
      return `${doc(s.doc, indent)}${indent}${exported(s.exported)}interface ${s.name} {\n${printMembers(s.members, indent + INDENT)}${indent}}\n`;
    case "typeAlias":
      if (javascript) return "";
      typed = true;
      return `${doc(s.doc, indent)}${indent}${exported(s.exported)}type ${s.name} = ${printType(s.aliased, indent)};\n`;
    case "return":
      return `${indent}return${s.value ? ` ${printExpr(s.value, indent)}` : ""};\n`;
    case "throw":
      return `${indent}throw ${printExpr(s.value, indent)};\n`;
    case "for": {
      const limit = printExpr(s.limit, indent);
      const head = s.reverse ? `for (let ${s.index} = ${limit} - 1; ${s.index} >= 0; ${s.index}--)` : `for (let ${s.index} = 0; ${s.index} < ${limit}; ${s.index}++)`;
      return `${indent}${head} {\n${printStatements(s.body, indent + INDENT)}${indent}}\n`;
    }
    case "while":
      return `${indent}while (${printExpr(s.test, indent)}) {\n${printStatements(s.body, indent + INDENT)}${indent}}\n`;
    case "continue":
      return `${indent}continue;\n`;
    case "try":
      return `${indent}try {\n${printStatements(s.body, indent + INDENT)}${indent}} catch (${s.error}) {\n${printStatements(s.handler, indent + INDENT)}${indent}}\n`;
    case "if": {
      const head = `${indent}if (${printExpr(s.test, indent)}) {\n${printStatements(s.then, indent + INDENT)}${indent}}`;
      return s.otherwise ? `${head} else {\n${printStatements(s.otherwise, indent + INDENT)}${indent}}\n` : `${head}\n`;
    }
    case "expr":
      return `${indent}${printExpr(s.expr, indent)};\n`;
    case "comment":
      return commentLines(s.text).map((line) => `${`${indent}// ${line}`.trimEnd()}\n`).join("");
    case "blank":
      return "\n";
  }
}

function printStatements(statements: TsStmt[], indent = ""): string {
  return statements.map((s) => printStatement(s, indent)).join("");
}

/** A whole module: statements separated as written, one trailing newline. */
export function printModule(statements: TsStmt[], options: { javascript?: boolean } = {}): string {
  javascript = options.javascript ?? false;
  try {
    return finishModule(printStatements(statements));
  } finally {
    javascript = false;
  }
}

/**
 * A module of `head` followed by `body` as TypeScript and as JavaScript in one pass (what prints
 * without any TypeScript-only syntax, most data and most statements, is printed once for both),
 * and the JavaScript of `body` on its own (what the module runs, whatever its header says).
 */
export function printModuleParts(head: TsStmt[], body: TsStmt[]): { typescript: string; javascript: string; bodyJavascript: string } {
  const [headTs, headJs] = statementsTwice(head, "");
  const [ts, js] = statementsTwice(body, "");
  return { typescript: finishModule(headTs + ts), javascript: finishModule(headJs + js), bodyJavascript: js };
}

function finishModule(text: string): string {
  return `${text.replace(/\n{3,}/g, "\n\n").trimEnd()}\n`;
}

/** Prints as TypeScript; prints again as JavaScript only if that text held TypeScript-only syntax. */
function twice(print: () => string): [string, string] {
  const outer = typed;
  typed = false;
  const ts = print();
  const hadTypes = typed;
  typed = outer || hadTypes;
  if (!hadTypes) return [ts, ts];
  javascript = true;
  try {
    return [ts, print()];
  } finally {
    javascript = false;
  }
}

function statementsTwice(statements: TsStmt[], indent: string): [string, string] {
  let ts = "";
  let js = "";
  for (const s of statements) {
    const [t, j] = statementTwice(s, indent);
    ts += t;
    js += j;
  }
  return [ts, js];
}

/** Splits the statements whose own line is typed but whose contents need not be: functions and consts. */
function statementTwice(s: TsStmt, indent: string): [string, string] {
  if (s.type === "function") {
    const [head, headJs] = twice(() => printStatement({ ...s, body: [] }, indent));
    const [body, bodyJs] = statementsTwice(s.body, indent + INDENT);
    const open = (text: string) => text.slice(0, text.lastIndexOf("}"));
    return [`${open(head)}${body}${indent}}\n`, `${open(headJs)}${bodyJs}${indent}}\n`];
  }
  if (s.type === "const" && s.valueType) {
    const [init, initJs] = twice(() => printExpr(s.init, indent));
    const start = `${doc(s.doc, indent)}${indent}${exported(s.exported)}const ${s.name}`;
    return [`${start}: ${printType(s.valueType, indent)} = ${init};\n`, `${start} = ${initJs};\n`];
  }
  return twice(() => printStatement(s, indent));
}

/**
 * A module's declaration file (`.d.ts`): what it exports, typed, without code — so
 * the JavaScript printed beside it is typed for programs that import it. Types and
 * interfaces as written, exported constants with their declared type (data `as
 * const` with its literal type), exported functions by their signature.
 */
export function printDeclarations(statements: TsStmt[]): string {
  return finishModule(statements.map(declaration).join(""));
}

function declaration(s: TsStmt): string {
  switch (s.type) {
    case "comment":
    case "blank":
    case "import":
    case "exportAll":
    case "interface":
    case "typeAlias":
      return printStatement(s);
    case "const": {
      if (!s.exported) return "";
      const type = s.valueType ? printType(s.valueType) : s.init.type === "asConst" ? literalType(s.init.expr, "") : null;
      if (type === null) throw new Error(`exported constant ${s.name} has no type to declare`);
      return `${doc(s.doc, "")}export declare const ${s.name}: ${type};\n`;
    }
    case "function": {
      if (!s.exported) return "";
      if (!s.returns || s.params.some((p) => !p.type)) throw new Error(`exported function ${s.name} is not fully typed`);
      const typeParams = s.typeParams?.length ? `<${s.typeParams.join(", ")}>` : "";
      // A parameter with a default value is optional to the caller.
      const params = s.params.map((p) => `${p.name}${p.optional || p.defaultValue ? "?" : ""}: ${printType(p.type!)}`).join(", ");
      return `${doc(s.doc, "")}export declare function ${s.name}${typeParams}(${params}): ${printType(s.returns)};\n`;
    }
    default:
      return "";
  }
}

/** The type of data `as const`: readonly, each value its literal type. */
function literalType(e: TsExpr, indent: string): string {
  switch (e.type) {
    case "value":
      if (e.value === undefined) return "undefined";
      if (typeof e.value === "number" && !Number.isFinite(e.value)) return "number";
      return printExpr(e, indent);
    case "array":
      if (e.items.length === 0) return "readonly []";
      return `readonly [\n${e.items.map((item) => `${indent}${INDENT}${literalType(item, indent + INDENT)},\n`).join("")}${indent}]`;
    case "object":
      if (e.properties.length === 0) return "{}";
      return `{\n${e.properties.map((p) => `${indent}${INDENT}readonly ${key(p.key)}: ${literalType(p.value, indent + INDENT)};\n`).join("")}${indent}}`;
    default:
      throw new Error(`no literal type for a ${e.type} expression`);
  }
}
