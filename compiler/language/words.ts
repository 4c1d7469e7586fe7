/**
 * The words of the rules language that cannot be names. The words of procedure and
 * example clauses (with, check, output, given, expect, …) are reserved only where a
 * clause can start, so they remain usable as names.
 */

/** Words that start a statement. */
export const STATEMENT_WORDS = ["input", "record", "enum", "let", "exception", "require", "dice", "table", "notation", "procedure", "example"] as const;

/** Words of expressions. */
export const EXPRESSION_WORDS = ["for", "in", "where", "if", "then", "elif", "else", "and", "or", "not"] as const;

/** Constants. */
export const CONSTANT_WORDS = ["true", "false", "none", "all"] as const;

/**
 * Words that start a clause or a part of a declaration (procedure, example, table
 * and notation clauses, list sizes, summary formats). They are keywords only where
 * the grammar expects them, so they remain usable as names.
 */
export const CLAUSE_WORDS = [
  "with", "check", "output", "outcome", "summary", "signed", "given", "assume", "expect", "disputed", "violated", "allowed",
  "when", "to",
  "chart", "partial", "grammar", "rows", "columns", "cells", "list", "of", "min", "max", "by", "along", "ends", "from",
] as const;

/** Whole numbers as charts print them: column shifts ("Left 2", "None", "Right 1") and die-roll modifiers ("+1", "−2"). */
export const CHART_FORM_WORDS = ["shift", "drm"] as const;

/** The built-in types. */
export const TYPE_WORDS = ["number", "integer", "boolean", "text", "odds", "range", ...CHART_FORM_WORDS] as const;

/** Every reserved word: the grammar refuses them as names (it is given this set when parsing). */
export const RESERVED: ReadonlySet<string> = new Set([...STATEMENT_WORDS, ...EXPRESSION_WORDS, ...CONSTANT_WORDS]);

/**
 * Names every JavaScript object already has (Object.prototype's properties, and
 * `prototype`). A rule name becomes a key of engine inputs, outputs, vectors and
 * calculator links, where one of these would read or replace what the object
 * inherits (`{"__proto__": 3}` sets no field); the grammar refuses them as names (HX0036).
 */
export const INTERNAL_WORDS: ReadonlySet<string> = new Set([
  "__proto__", "constructor", "prototype", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toString", "toLocaleString",
  "valueOf", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__",
]);
