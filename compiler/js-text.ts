/** Text as JavaScript and JSON carry it: the escaping every generated file shares. */

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
