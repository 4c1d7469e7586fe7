import type { Session } from "../diagnostics/session.ts";
import type { Expr } from "../language/ast.ts";
import { describe, type Type } from "../language/types.ts";
import { dispatch, type Cases } from "../language/visit.ts";
import { placeIn } from "../2-resolve/types.ts";
import { boundsText, formatNumber, parseOdds, parseRange, type Bounds, type Wire } from "../runtime/runtime.ts";
import type { Notations } from "./load-notations.ts";

export type LiteralResult = { ok: true; value: Wire } | { ok: false };

/**
 * Turns a literal written in a rules block (a default, a `with` binding, an
 * example's given or expected value) into wire form, checking it against its
 * type. Notation results are parsed with their grammar here, at compile time.
 */
export class LiteralValues {
  private readonly session: Session;
  private readonly notations: Notations;

  constructor(session: Session, notations: Notations) {
    this.session = session;
    this.notations = notations;
  }

  value(expr: Expr, type: Type, file: string, what: string): LiteralResult {
    const fail = (expected: string, hint = "write a literal value of the declared type"): LiteralResult => {
      this.session.report("HX0301", { what, expected, actual: describeLiteral(expr), hint }, placeIn(file, expr.loc));
      return { ok: false };
    };
    if (type.kind === "any") return { ok: true, value: null };
    if (expr.type === "Literal" && expr.kind === "none") return type.orNone ? { ok: true, value: null } : fail(describe(type), `${what} cannot be none`);
    if (expr.type === "Literal" && expr.kind === "all") return type.orAll ? { ok: true, value: "all" } : fail(describe(type), `${what} cannot be all`);
    switch (type.kind) {
      case "number":
      case "integer": {
        const n = numberLiteral(expr);
        if (n === null) return fail(describe(type));
        if (type.kind === "integer" && !Number.isInteger(n)) return fail(describe(type), "this value must be a whole number");
        if (!withinBounds(n, type)) {
          const range = boundsText(type);
          return fail(`${describe(type)} ${/^[-\d]/.test(range) ? `from ${range}` : range}`, "the value is outside the declared range");
        }
        return { ok: true, value: n };
      }
      case "boolean":
        return expr.type === "Literal" && expr.kind === "boolean" ? { ok: true, value: expr.value as boolean } : fail("true or false");
      case "text":
        return expr.type === "Literal" && expr.kind === "text" ? { ok: true, value: expr.value as string } : fail("text in quotes");
      case "odds": {
        if (expr.type === "Ratio") {
          const a = numberLiteral(expr.left);
          const d = numberLiteral(expr.right);
          if (a !== null && d !== null && a > 0 && d > 0) return { ok: true, value: `${formatNumber(a)}:${formatNumber(d)}` };
        }
        if (expr.type === "Literal" && expr.kind === "text" && parseOdds(String(expr.value))) return { ok: true, value: String(expr.value).replace(/\s+/g, "") };
        return fail("odds such as 3:1");
      }
      case "range":
        if (expr.type === "Literal" && expr.kind === "text" && parseRange(String(expr.value))) return { ok: true, value: String(expr.value) };
        return fail("a range such as \"9 or more\"");
      case "enum": {
        if (expr.type === "Name" && type.info.members.some((m) => m.name === expr.name)) return { ok: true, value: expr.name };
        return fail(describe(type), `members of ${type.info.name}: ${type.info.members.map((m) => m.name).join(", ")}`);
      }
      case "notation": {
        if (expr.type !== "Literal" || expr.kind !== "text") return fail(`a ${type.info.name} result written as text, such as "AL1o1 Do1"`);
        const parsed = this.notations.parse(type.info, String(expr.value));
        if (!parsed.ok) return fail(`a valid ${type.info.name} result`, parsed.reason);
        return { ok: true, value: parsed.value };
      }
      case "list": {
        if (expr.type !== "List") return fail(describe(type), "write a list as [ … ]");
        const items: Wire[] = [];
        for (const [i, item] of expr.items.entries()) {
          const r = this.value(item, type.of, file, `Item ${i + 1} of ${what}`);
          if (!r.ok) return r;
          items.push(r.value);
        }
        if (type.minItems !== undefined && items.length < type.minItems) return fail(`${describe(type)} with at least ${type.minItems} item(s)`);
        return { ok: true, value: items };
      }
      case "record": {
        if (expr.type !== "RecordLiteral") return fail(describe(type), "write a record as { field: value, … }");
        const out: Record<string, Wire> = {};
        let ok = true;
        for (const entry of expr.entries) {
          const field = type.info.fields.find((f) => f.name === entry.name);
          if (!field) {
            this.session.report("HX0206", { type: type.info.name, field: entry.name, known: type.info.fields.map((f) => f.name).join(", ") }, placeIn(file, entry.nameLoc));
            ok = false;
            continue;
          }
          const r = this.value(entry.value, field.type, file, `Field \`${entry.name}\``);
          if (r.ok) out[entry.name] = r.value;
          else ok = false;
        }
        for (const field of type.info.fields) {
          if (field.name in out) continue;
          if (field.defaultValue !== undefined) out[field.name] = field.defaultValue as Wire;
          else if (ok) {
            this.session.report("HX0301", { what: `Field \`${field.name}\` of ${type.info.name}`, expected: "given (it has no default)", actual: "missing", hint: `add \`${field.name}: …\`` }, placeIn(file, expr.loc));
            ok = false;
          }
        }
        return ok ? { ok: true, value: out } : { ok: false };
      }
      default:
        return fail(describe(type), "this kind of value cannot be written as a literal");
    }
  }
}

/** Whether a number lies within bounds (`> 0` leaves 0 out). */
function withinBounds(n: number, b: Bounds): boolean {
  if (b.min !== undefined && (b.minExclusive ? n <= b.min : n < b.min)) return false;
  return b.max === undefined || (b.maxExclusive ? n < b.max : n <= b.max);
}

/** The number a literal writes (`3`, `-2`, `1/2`), or null for anything else. */
function numberLiteral(expr: Expr): number | null {
  return dispatch(NUMBER_LITERAL, expr, undefined);
}

const notANumber = () => null;

const NUMBER_LITERAL: Cases<number | null> = {
  Literal: (expr) => (expr.kind === "integer" || expr.kind === "number" ? (expr.value as number) : null),
  Unary: (expr) => {
    const inner = expr.op === "-" ? numberLiteral(expr.operand) : null;
    return inner === null ? null : -inner;
  },
  Binary: (expr) => {
    if (expr.op !== "/") return null;
    const a = numberLiteral(expr.left);
    const b = numberLiteral(expr.right);
    return a !== null && b !== null && b !== 0 ? a / b : null;
  },
  Name: notANumber,
  Field: notANumber,
  Lookup: notANumber,
  Index: notANumber,
  Ratio: notANumber,
  In: notANumber,
  Set: notANumber,
  Span: notANumber,
  If: notANumber,
  Aggregate: notANumber,
  Call: notANumber,
  List: notANumber,
  RecordLiteral: notANumber,
};

const computed = () => "an expression (only literal values are allowed here)";

/** How a value written where a literal belongs is named in a message. */
const DESCRIBE_LITERAL: Cases<string> = {
  Literal: (expr) => (expr.kind === "text" ? `the text "${expr.value}"` : `${expr.kind} ${String(expr.value)}`),
  Name: (expr) => `\`${expr.name}\``,
  Ratio: () => "odds",
  List: () => "a list",
  RecordLiteral: () => "a record",
  Field: computed,
  Lookup: computed,
  Index: computed,
  Binary: computed,
  Unary: computed,
  In: computed,
  Set: computed,
  Span: computed,
  If: computed,
  Aggregate: computed,
  Call: computed,
};

function describeLiteral(expr: Expr): string {
  return dispatch(DESCRIBE_LITERAL, expr, undefined);
}
