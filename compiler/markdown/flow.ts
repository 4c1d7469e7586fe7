/**
 * mdast nodes that hold only phrasing content (text, emphasis, links): a walk that
 * looks for flow content — code blocks, directives — need not enter them.
 */
export const PHRASING_ONLY: ReadonlySet<string> = new Set(["paragraph", "heading", "table", "tableRow", "tableCell"]);
