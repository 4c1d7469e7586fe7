/** `text` as a regular expression that matches exactly it (every metacharacter escaped). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
