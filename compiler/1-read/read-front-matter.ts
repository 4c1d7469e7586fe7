import type { Root } from "mdast";
import { parse as parseYaml } from "yaml";
import type { Session } from "../diagnostics/session.ts";
import { reportUnsafeUrls, yamlError } from "./load-metadata.ts";
import type { SourcePlaces } from "./source-places.ts";
import type { FrontMatter } from "./types.ts";

const REQUIRED = ["ruleset", "edition", "section", "title", "order", "slug", "provenance"] as const;

/** Reads and validates a chapter's front matter; returns null (and reports) if unusable. */
export function readFrontMatter(tree: Root, places: SourcePlaces, session: Session): FrontMatter | null {
  const node = tree.children.find((child) => child.type === "yaml");
  const at = node?.position ? places.span(node.position.start.offset ?? 0, places.nextLine(node.position.start.offset ?? 0) - 1) : places.span(0, 0);
  if (!node || node.type !== "yaml") {
    session.report("HX0003", { problem: "the document has no front matter" }, at);
    return null;
  }
  let data: Record<string, unknown>;
  try {
    data = (parseYaml(node.value) ?? {}) as Record<string, unknown>;
  } catch (error) {
    // The YAML parser counts from the first line after `---`.
    const { message, place } = yamlError(error, places, places.nextLine(node.position?.start.offset ?? 0));
    session.report("HX0003", { problem: `not valid YAML (${message})` }, place ?? at);
    return null;
  }
  reportUnsafeUrls(node.value, places.nextLine(node.position?.start.offset ?? 0), places, session);
  const missing = REQUIRED.filter((key) => data[key] === undefined || data[key] === null || data[key] === "");
  if (missing.length > 0) {
    session.report("HX0003", { problem: `missing ${missing.map((key) => `\`${key}\``).join(", ")}` }, at);
    return null;
  }
  // Values become text: a map or a list (even one with its own `toString`) is not a title.
  const notText = REQUIRED.filter((key) => key !== "provenance" && key !== "order" && typeof data[key] === "object");
  if (notText.length > 0) {
    session.report("HX0003", { problem: `${notText.map((key) => `\`${key}\``).join(", ")} must be text, not a map or a list` }, at);
    return null;
  }
  const provenance = data.provenance as Record<string, unknown>;
  if (typeof provenance !== "object" || typeof provenance.source !== "string") {
    session.report("HX0003", { problem: "`provenance` must have a `source` saying where the text came from" }, at);
    return null;
  }
  if (typeof data.order !== "number") {
    session.report("HX0003", { problem: "`order` must be a number" }, at);
    return null;
  }
  return {
    ruleset: String(data.ruleset),
    edition: String(data.edition),
    section: String(data.section),
    title: String(data.title),
    order: data.order,
    slug: String(data.slug),
    excerpt: data.excerpt === true,
    provenance: {
      source: provenance.source,
      changes: typeof provenance.changes === "string" ? provenance.changes : undefined,
      url: typeof provenance.url === "string" ? provenance.url : undefined,
    },
  };
}
