/**
 * Names in generated code. Rule names are words of letters, digits and `_`, which
 * never contain `$`, so every generated helper name uses `$` and cannot collide with
 * them. The few names an engine declares without `$` (its exports and tables) and
 * JavaScript's reserved words are in RESERVED: a rule name equal to one gets a `$`.
 */

const RESERVED = new Set([
  "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum", "export",
  "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null", "return", "super",
  "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with", "yield", "let", "static", "implements",
  "interface", "package", "private", "protected", "public", "await", "arguments", "eval", "undefined", "NaN", "Infinity",
  "rt", "s", "i", "State", "resolve", "check", "distribution", "schema", "metadata", "Input", "Outputs", "Dice", "constructor",
  "outputs", "inherit", "assume", "checkDice", "checkAssume", "TRACE", "OUTPUTS", "OUTCOME", "NOTATIONS", "DEFINITIONS", "CHECKS", "ASSUMABLE", "MEMO", "holds", "admitDice", "straight", "retrace", "admitted", "rolled", "values",
  // Parameters and locals of the straight-line function and of comprehensions, which name definitions' locals after their definitions.
  "input", "dice", "error", "items", "total", "out", "best", "v", "n", "options",
]);

/** A definition's function and state field: its own name where that is safe (`ch9$column_shift` for `ch9.column_shift`). */
export const definitionName = (key: string) => (RESERVED.has(key) ? `${key}$` : key.replace(/\./g, "$"));
export const elementName = (list: string, name: string) => `${list}$${name}`;
/** A per-unit definition's values for every unit, as one list. */
export const perUnitName = (list: string, name: string) => `perUnit$${list}$${name}`;
export const inputName = (name: string) => `in$${name}`;
export const diceName = (name: string) => `die$${name}`;
export const checkName = (name: string) => `check$${name}`;
export const tableName = (name: string) => `table$${name}`;
export const tableKeysName = (name: string, axis: "rows" | "columns") => `table$${name}$${axis}`;
export const stepName = (key: string) => `step$${key.replace(/\./g, "$")}`;
export const branchName = (key: string) => `branch$${key.replace(/\./g, "$")}`;
export const cellName = (key: string) => `cell$${key.replace(/\./g, "$")}`;
export const localName = (name: string) => `${name}$`;

/** `attacking_unit` → `AttackingUnit`, for interfaces (`State$` for a record called `state`). */
export function typeName(name: string): string {
  const pascal = name
    .split(/_+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("");
  return RESERVED.has(pascal) ? `${pascal}$` : pascal;
}
