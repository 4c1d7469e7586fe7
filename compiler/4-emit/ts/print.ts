import type { TsExpr, TsMember, TsParam, TsStmt, TsType } from "./ast.ts";
import { stringLiteral } from "../../js-text.ts";

export { escapeLineSeparators, stringLiteral } from "../../js-text.ts";

const WIDTH = 100;

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

/**
 * Prints the tree as TypeScript, or as JavaScript with every type annotation left out.
 * One printer prints one way; `typed` says whether what it printed held TypeScript-only
 * syntax (text printed without any is JavaScript too, see `twice`).
 */
class Printer {
  readonly javascript: boolean;
  typed = false;

  constructor(javascript: boolean) {
    this.javascript = javascript;
  }

  type(t: TsType, indent = ""): string {
    this.typed = true;
    switch (t.type) {
      case "ref":
      {
        const name = t.namespace ? `${t.namespace}.${t.name}` : t.name;
        return t.args && t.args.length > 0 ? `${name}<${t.args.map((a) => this.type(a, indent)).join(", ")}>` : name;
      }
      case "union":
        return t.types.map((u) => (u.type === "union" ? `(${this.type(u, indent)})` : this.type(u, indent))).join(" | ");
      case "array": {
        const element = this.type(t.element, indent);
        const wrapped = t.element.type === "union" ? `(${element})` : element;
        return `${t.readonly ? "readonly " : ""}${wrapped}[]`;
      }
      case "literal":
        return typeof t.value === "string" ? stringLiteral(t.value) : String(t.value);
    }
  }

  members(members: TsMember[], indent: string): string {
    return members
      .map((m) => `${doc(m.doc, indent)}${indent}${key(m.name)}${m.optional ? "?" : ""}: ${this.type(m.type, indent)};\n`)
      .join("");
  }

  expr(e: TsExpr, indent = ""): string {
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
        const parts = e.items.map((item) => this.expr(item, indent + INDENT));
        const one = `[${parts.join(", ")}]`;
        if (one.length + indent.length <= WIDTH && !one.includes("\n")) return one;
        return `[\n${parts.map((p) => `${indent}${INDENT}${p},\n`).join("")}${indent}]`;
      }
      case "object": {
        if (e.properties.length === 0) return "{}";
        const parts = e.properties.map((p) => {
          const value = this.expr(p.value, indent + INDENT);
          return p.value.type === "id" && p.value.name === p.key && p.key !== "__proto__" ? p.key : `${objectKey(p.key)}: ${value}`;
        });
        const one = `{ ${parts.join(", ")} }`;
        if (e.inline || (one.length + indent.length <= WIDTH && !one.includes("\n"))) return one;
        return `{\n${parts.map((p) => `${indent}${INDENT}${p},\n`).join("")}${indent}}`;
      }
      case "call": {
        const callee = this.wrap(e.callee, 16, indent);
        const typeArgs = e.typeArgs?.length && !this.javascript ? `<${e.typeArgs.map((t) => this.type(t, indent)).join(", ")}>` : "";
        const args = e.args.map((a) => this.expr(a, indent + INDENT));
        const one = `${callee}${typeArgs}(${args.join(", ")})`;
        if (one.length + indent.length <= WIDTH && !one.includes("\n")) return one;
        if (args.length === 1 || (args.at(-1)?.includes("\n") && args.slice(0, -1).every((a) => !a.includes("\n")))) {
          return `${callee}${typeArgs}(${args.join(", ")})`;
        }
        return `${callee}${typeArgs}(\n${args.map((a) => `${indent}${INDENT}${a},\n`).join("")}${indent})`;
      }
      case "member":
        if (!IDENTIFIER.test(e.property)) return `${this.wrap(e.object, 16, indent)}${e.optional ? "?.[" : "["}${stringLiteral(e.property)}]`;
        return `${this.wrap(e.object, 16, indent)}${e.optional ? "?." : "."}${e.property}`;
      case "index":
        return `${this.wrap(e.object, 16, indent)}[${this.expr(e.index, indent)}]`;
      case "binary": {
        const p = PRECEDENCE[e.op] ?? 5;
        return `${this.wrap(e.left, p, indent)} ${e.op} ${this.wrap(e.right, p + 1, indent)}`;
      }
      case "unary": {
        const operand = this.wrap(e.operand, 13, indent);
        // `-(-a)` must not print as `--a`, a decrement.
        return (e.op === "-" || e.op === "+") && operand.startsWith(e.op) ? `${e.op}(${operand})` : `${e.op}${operand}`;
      }
      case "conditional":
        return `${this.wrap(e.test, 3, indent)} ? ${this.wrap(e.consequent, 2, indent)} : ${this.wrap(e.alternate, 2, indent)}`;
      case "arrow": {
        const params = `(${e.params.map((p) => this.param(p, indent)).join(", ")})${e.returns && !this.javascript ? `: ${this.type(e.returns, indent)}` : ""}`;
        if (Array.isArray(e.body)) return `${params} => {\n${this.statements(e.body, indent + INDENT)}${indent}}`;
        const body = this.expr(e.body, indent);
        return `${params} => ${e.body.type === "object" ? `(${body})` : body}`;
      }
      case "new":
        return `new ${this.wrap(e.callee, 16, indent)}(${e.args.map((a) => this.expr(a, indent)).join(", ")})`;
      case "assign":
        return `${this.expr(e.target, indent)} = ${this.expr(e.value, indent)}`;
      case "asConst":
        if (this.javascript) return this.expr(e.expr, indent);
        this.typed = true;
        return `${this.wrap(e.expr, 13, indent)} as const`;
      case "as":
        if (this.javascript) return this.expr(e.expr, indent);
        return `${this.wrap(e.expr, 13, indent)} as ${this.type(e.typeOf, indent)}`;
      case "satisfies":
        if (this.javascript) return this.expr(e.expr, indent);
        return `${this.wrap(e.expr, 13, indent)} satisfies ${this.type(e.typeOf, indent)}`;
    }
  }

  wrap(e: TsExpr, min: number, indent: string): string {
    const text = this.expr(e, indent);
    return precedence(e) < min ? `(${text})` : text;
  }

  param(p: TsParam, indent: string): string {
    const type = p.type && !this.javascript ? `${p.optional ? "?" : ""}: ${this.type(p.type, indent)}` : "";
    const value = p.defaultValue ? ` = ${this.expr(p.defaultValue, indent)}` : "";
    return `${p.name}${type}${value}`;
  }

  statement(s: TsStmt, indent = ""): string {
    switch (s.type) {
      case "import":
        if (this.javascript && s.typeOnly) return "";
        if (s.typeOnly) this.typed = true;
        if (s.namespace) return `${indent}import ${s.typeOnly ? "type " : ""}* as ${s.namespace} from ${stringLiteral(s.from)};\n`;
        return `${indent}import ${s.typeOnly ? "type " : ""}{ ${s.names.join(", ")} } from ${stringLiteral(s.from)};\n`;
      case "exportAll":
        return `${indent}export * from ${stringLiteral(s.from)};\n`;
      case "const":
        return `${doc(s.doc, indent)}${indent}${exported(s.exported)}const ${s.name}${s.valueType && !this.javascript ? `: ${this.type(s.valueType, indent)}` : ""} = ${this.expr(s.init, indent)};\n`;
      case "let":
        return `${indent}let ${s.name}${s.valueType && !this.javascript ? `: ${this.type(s.valueType, indent)}` : ""}${s.init ? ` = ${this.expr(s.init, indent)}` : ""};\n`;
      case "function": {
        const typeParams = s.typeParams?.length && !this.javascript ? `<${s.typeParams.join(", ")}>` : "";
        if (typeParams) this.typed = true;
        const head = `${indent}${exported(s.exported)}function ${s.name}${typeParams}(${s.params.map((p) => this.param(p, indent)).join(", ")})${s.returns && !this.javascript ? `: ${this.type(s.returns, indent)}` : ""}`;
        return `${doc(s.doc, indent)}${head} {\n${this.statements(s.body, indent + INDENT)}${indent}}\n`;
      }
      case "class": {
        const fields = s.fields.map((f) => `${indent}${INDENT}${key(f.name)}${this.javascript ? "" : `: ${this.type(f.valueType, indent + INDENT)}`} = ${this.expr(f.init, indent + INDENT)};\n`).join("");
        return `${doc(s.doc, indent)}${indent}${exported(s.exported)}class ${s.name}${s.extends ? ` extends ${this.expr(s.extends, indent)}` : ""} {\n${fields}${indent}}\n`;
      }
      case "interface":
        if (this.javascript) return "";
        this.typed = true;
        return `${doc(s.doc, indent)}${indent}${exported(s.exported)}interface ${s.name} {\n${this.members(s.members, indent + INDENT)}${indent}}\n`;
      case "typeAlias":
        if (this.javascript) return "";
        this.typed = true;
        return `${doc(s.doc, indent)}${indent}${exported(s.exported)}type ${s.name} = ${this.type(s.aliased, indent)};\n`;
      case "return":
        return `${indent}return${s.value ? ` ${this.expr(s.value, indent)}` : ""};\n`;
      case "throw":
        return `${indent}throw ${this.expr(s.value, indent)};\n`;
      case "for": {
        const limit = this.expr(s.limit, indent);
        const head = s.reverse ? `for (let ${s.index} = ${limit} - 1; ${s.index} >= 0; ${s.index}--)` : `for (let ${s.index} = 0; ${s.index} < ${limit}; ${s.index}++)`;
        return `${indent}${head} {\n${this.statements(s.body, indent + INDENT)}${indent}}\n`;
      }
      case "while":
        return `${indent}while (${this.expr(s.test, indent)}) {\n${this.statements(s.body, indent + INDENT)}${indent}}\n`;
      case "continue":
        return `${indent}continue;\n`;
      case "try":
        return `${indent}try {\n${this.statements(s.body, indent + INDENT)}${indent}} catch (${s.error}) {\n${this.statements(s.handler, indent + INDENT)}${indent}}\n`;
      case "if": {
        const head = `${indent}if (${this.expr(s.test, indent)}) {\n${this.statements(s.then, indent + INDENT)}${indent}}`;
        return s.otherwise ? `${head} else {\n${this.statements(s.otherwise, indent + INDENT)}${indent}}\n` : `${head}\n`;
      }
      case "expr":
        return `${indent}${this.expr(s.expr, indent)};\n`;
      case "comment":
        return commentLines(s.text).map((line) => `${`${indent}// ${line}`.trimEnd()}\n`).join("");
      case "blank":
        return "\n";
    }
  }

  statements(statements: TsStmt[], indent = ""): string {
    return statements.map((s) => this.statement(s, indent)).join("");
  }
}

function doc(text: string | undefined, indent: string): string {
  if (!text) return "";
  const lines = commentLines(text);
  return lines.length === 1 ? `${indent}/** ${lines[0]} */\n` : `${indent}/**\n${lines.map((l) => `${indent} * ${l}`.trimEnd()).join("\n")}\n${indent} */\n`;
}

function exported(flag: boolean | undefined): string {
  return flag ? "export " : "";
}

const TYPESCRIPT = () => new Printer(false);

export function printType(t: TsType, indent = ""): string {
  return TYPESCRIPT().type(t, indent);
}

export function printExpr(e: TsExpr, indent = ""): string {
  return TYPESCRIPT().expr(e, indent);
}

export function printStatement(s: TsStmt, indent = ""): string {
  return TYPESCRIPT().statement(s, indent);
}

/** A whole module: statements separated as written, one trailing newline. */
export function printModule(statements: TsStmt[], options: { javascript?: boolean } = {}): string {
  return finishModule(new Printer(options.javascript ?? false).statements(statements));
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
function twice(print: (printer: Printer) => string): [string, string] {
  const typescript = TYPESCRIPT();
  const ts = print(typescript);
  return typescript.typed ? [ts, print(new Printer(true))] : [ts, ts];
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
    const [head, headJs] = twice((p) => p.statement({ ...s, body: [] }, indent));
    const [body, bodyJs] = statementsTwice(s.body, indent + INDENT);
    const open = (text: string) => text.slice(0, text.lastIndexOf("}"));
    return [`${open(head)}${body}${indent}}\n`, `${open(headJs)}${bodyJs}${indent}}\n`];
  }
  if (s.type === "const" && s.valueType) {
    const [init, initJs] = twice((p) => p.expr(s.init, indent));
    const start = `${doc(s.doc, indent)}${indent}${exported(s.exported)}const ${s.name}`;
    return [`${start}: ${printType(s.valueType, indent)} = ${init};\n`, `${start} = ${initJs};\n`];
  }
  return twice((p) => p.statement(s, indent));
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
