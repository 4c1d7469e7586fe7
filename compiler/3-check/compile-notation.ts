import { createHash } from "node:crypto";
import type { Session } from "../diagnostics/session.ts";
import type { Loc, NotationDecl, NotationPattern, NotationSetting } from "../language/ast.ts";
import { describe, type FieldInfo, type NotationInfo } from "../language/types.ts";
import { placeIn } from "../2-resolve/types.ts";
import type { LiteralValues } from "./literal-values.ts";

/** The most parts a notation's pattern may have (a printed result is a few marks). */
export const MAX_NOTATION_PARTS = 100;
/** The most digits a number read from a cell may have (integers stay exact). */
const MAX_DIGITS = 15;
/** The most characters a text field read from a cell may have. */
const MAX_TEXT = 200;

/**
 * A notation declared in the rules language (`notation r = "-" | "DG" -> dg | steps { … }`)
 * compiled to a Peggy grammar: each part returns the fields it sets, a sequence merges
 * its parts', an absent optional part sets none, and the cell's record is the fields'
 * defaults overlaid with what was read. Sets `info.declared` (the grammar's text) and
 * `info.grammar` (a module name made from it); a malformed pattern is HX0214 at its part.
 */
export function compileNotation(decl: NotationDecl, info: NotationInfo, file: string, literals: LiteralValues, session: Session): void {
  const pattern = decl.pattern;
  if (!pattern) return;
  let ok = true;
  const problem = (loc: Loc, reason: string, hint: string) => {
    ok = false;
    session.report("HX0214", { name: info.name, reason, hint }, placeIn(file, loc));
  };
  const fieldsNamed = new Map(info.fields.map((f) => [f.name, f]));
  const fieldList = info.fields.map((f) => `\`${f.name}\``).join(", ") || "none";
  const field = (name: string, loc: Loc): FieldInfo | undefined => {
    const found = fieldsNamed.get(name);
    if (!found) problem(loc, `\`${name}\` is not one of its fields`, `declare it in the braces after the pattern; its fields are ${fieldList}.`);
    return found;
  };

  /** The fields `-> a, b = v` sets, in wire form. */
  const settings = (sets: NotationSetting[]): Record<string, unknown> => {
    const values: Record<string, unknown> = {};
    for (const setting of sets) {
      const target = field(setting.name, setting.nameLoc);
      if (!target) continue;
      if (setting.value === null) {
        if (target.type.kind !== "boolean") {
          problem(
            setting.loc,
            `\`-> ${setting.name}\` sets a boolean, but \`${setting.name}\` is ${describe(target.type)}`,
            `give the value it takes: \`-> ${setting.name} = …\`.`,
          );
        }
        values[setting.name] = true;
        continue;
      }
      const value = literals.value(setting.value, target.type, file, `The value set for \`${setting.name}\``);
      if (value.ok) values[setting.name] = value.value;
      else ok = false;
    }
    return values;
  };

  const rules: string[] = [];
  let parts = 0;
  const rule = (body: string): string => {
    rules.push(body);
    return `N${rules.length - 1}`;
  };
  const compile = (node: NotationPattern): string => {
    // A part is printed text or a field read; brackets, groups and alternatives only arrange them.
    if ((node.kind === "text" || node.kind === "capture") && ++parts === MAX_NOTATION_PARTS + 1) {
      problem(
        node.loc,
        `its pattern has more than ${MAX_NOTATION_PARTS} parts`,
        "a notation reads the marks of one chart cell; split a larger one into several notations.",
      );
    }
    switch (node.kind) {
      case "choice":
        return rule(node.options.map(compile).join(" / "));
      case "sequence": {
        const names = node.parts.map(compile);
        return rule(`${names.map((n, i) => `p${i}:${n}`).join(" ")} { return Object.assign({}, ${names.map((_, i) => `p${i}`).join(", ")}); }`);
      }
      case "optional":
        return rule(`value:${compile(node.inner)}? { return value ?? {}; }`);
      case "text": {
        if (node.text.text === "") {
          problem(node.loc, "its pattern has empty text, which reads nothing", "write the printed marks in the quotes, or leave the part out.");
        }
        return rule(`${printedText(node.text.text)} { return ${JSON.stringify(settings(node.sets))}; }`);
      }
      case "capture": {
        const target = field(node.name, node.nameLoc);
        const reader = target && captureReader(target);
        if (target && !reader) {
          problem(
            node.loc,
            `\`${node.name}\` is ${describe(target.type)}, which cannot be read from a cell`,
            target.type.kind === "boolean"
              ? `a boolean is set by the text that marks it: \`"DG" -> ${node.name}\`.`
              : 'integer, number, text and enum fields are read from a cell; set others by text: `"x" -> field = value`.',
          );
        }
        const sets = JSON.stringify(settings(node.sets));
        return rule(reader ? `value:${reader} { return Object.assign(${sets}, { ${JSON.stringify(node.name)}: value }); }` : `"" { return {}; }`);
      }
    }
  };
  const top = compile(pattern);

  const defaults: Record<string, unknown> = {};
  for (const f of decl.fields) {
    const target = fieldsNamed.get(f.name);
    if (!target) continue;
    if (f.defaultValue) {
      const value = literals.value(f.defaultValue, target.type, file, `The default of \`${info.name}.${f.name}\``);
      if (value.ok) defaults[f.name] = value.value;
      else ok = false;
    } else if (target.type.orNone) defaults[f.name] = null;
  }
  if (!ok) return;
  const text = [
    `// The notation \`${info.name}\`, compiled from its declaration in the rules.`,
    `Cell = [ \\t]* value:${top} [ \\t]* { return Object.assign(${JSON.stringify(defaults)}, value); }`,
    ...rules.map((body, i) => `N${i} = ${body}`),
  ].join("\n");
  info.declared = text;
  info.grammar = `${info.name.toLowerCase().replace(/_/g, "-")}-${createHash("sha256").update(text).digest("hex").slice(0, 8)}`;
}

/** Printed text as a Peggy expression: its characters exactly (escaped to ASCII), a run of spaces as any run of spaces. */
function printedText(text: string): string {
  const pieces = text.split(/([ \t]+)/).filter((piece) => piece !== "");
  const expressions = pieces.map((piece) => (/^[ \t]+$/.test(piece) ? "[ \\t]+" : quoted(piece)));
  return expressions.length === 1 ? expressions[0] : `(${expressions.join(" ")})`;
}

/** A Peggy string literal of any text: every character outside printable ASCII as a \u escape. */
function quoted(text: string): string {
  return `"${[...text].map((c) => (/^[ -~]$/.test(c) && c !== '"' && c !== "\\" ? c : [...c].map((u) => `\\u${u.charCodeAt(0).toString(16).padStart(4, "0")}`).join(""))).join("")}"`;
}

/** What reads a field's value from a cell (a Peggy expression returning its wire value), or null if none can. */
function captureReader(target: FieldInfo): string | null {
  switch (target.type.kind) {
    case "integer":
      return `([0-9]|1..${MAX_DIGITS}| { return Number(text()); })`;
    case "number":
      return `([0-9]|1..${MAX_DIGITS}| ("." [0-9]|1..${MAX_DIGITS}|)? { return Number(text()); })`;
    case "text":
      return `([^ \\t]|1..${MAX_TEXT}| { return text(); })`;
    case "enum": {
      // Longest first, so that a label that begins another (`DG`, `DG2`) cannot cut it short.
      const spellings = target.type.info.members.flatMap((m) => [...new Set([m.label, m.name])].map((s) => ({ s, name: m.name })));
      spellings.sort((a, b) => b.s.length - a.s.length);
      return `(${spellings.map(({ s, name }) => `${quoted(s)} { return ${JSON.stringify(name)}; }`).join(" / ")})`;
    }
    default:
      return null;
  }
}
