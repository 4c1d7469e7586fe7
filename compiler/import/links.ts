import { escapeRegExp } from "../regexp.ts";

/**
 * Hugo links → the links a rule document resolves: every link to another page of the
 * book becomes `../<slug>/#<anchor>` (the form rule documents keep, resolved by its
 * text and checked against the target's headings).
 *
 * - `{{< ref "9-0-ground-combat.md#98-surprise" >}}` and `relref` shortcodes;
 * - absolute links into the pages folder, `/rules/ocs-4.3/9-0-ground-combat/#98-surprise`.
 *
 * Relative links (`../9-0-ground-combat/#98-surprise`, `#92-sequence-summary`) are
 * already in that form and stay as they are.
 */
export function hugoLinks(body: string, sectionPath: string | undefined): string {
  const shortcode = /\{\{[<%]\s*(?:ref|relref)\s+"([^"]*)"\s*[>%]\}\}/g;
  let text = body.replace(shortcode, (_, target: string) => pageLink(target));
  if (sectionPath) {
    // No `]` in the anchor: each attempt ends where the next `](` starts (linear in a line of unclosed links).
    const absolute = new RegExp(`\\]\\(/${escapeRegExp(sectionPath)}/([^)\\s/#]+)/?(#[^)\\s\\]]*)?\\)`, "g");
    text = text.replace(absolute, (_, slug: string, anchor: string | undefined) => `](../${slug}/${anchor ?? ""})`);
  }
  return text;
}

/** `9-0-ground-combat.md#98-surprise` → `../9-0-ground-combat/#98-surprise`; `#98-surprise` stays. */
function pageLink(target: string): string {
  const [path, anchor] = target.split("#", 2);
  if (!path) return `#${anchor ?? ""}`;
  const slug = path.replace(/^.*\//, "").replace(/\.md$/, "").replace(/^_index$/, "");
  return `../${slug}/${anchor !== undefined ? `#${anchor}` : ""}`;
}
