import { readFileSync } from "node:fs";

export type Severity = "error" | "warning";

export interface CatalogEntry {
  code: string;
  name: string;
  severity: Severity;
  message: string;
  hint: string;
}

const CATALOG_FILE = new URL("./catalog.md", import.meta.url);

/** Reads the catalog of diagnostics: `### CODE name`, `severity · message`, `Hint: …`. */
export function parseCatalog(markdown: string): Map<string, CatalogEntry> {
  const entries = new Map<string, CatalogEntry>();
  const sections = markdown.split(/^### /m).slice(1);
  for (const section of sections) {
    const [heading = "", ...lines] = section.split("\n");
    const [code = "", name = ""] = heading.trim().split(/\s+/);
    const body = lines.map((line) => line.trim()).filter(Boolean);
    const [severity, message = ""] = (body[0] ?? "").split(" · ");
    const hint = (body.find((line) => line.startsWith("Hint: ")) ?? "Hint: ").slice(6);
    entries.set(code, { code, name, severity: severity as Severity, message, hint });
  }
  return entries;
}

export const catalog = parseCatalog(readFileSync(CATALOG_FILE, "utf8"));

/** A `{placeholder}` of a message or hint. */
export const PLACEHOLDER = /\{(\w+)\}/g;

/** The placeholders of an entry, message first, each once, in the order they appear. */
export function placeholdersOf(entry: CatalogEntry): string[] {
  return [...new Set([...`${entry.message}\n${entry.hint}`.matchAll(PLACEHOLDER)].map((m) => m[1] as string))];
}

/**
 * compiler/diagnostics/placeholders.ts: for every code of the catalog, the values its
 * message and hint need, so that `session.report` with a code that is not in the
 * catalog, or without a value its text needs, does not type-check.
 */
export function placeholdersModule(entries: Iterable<CatalogEntry>): string {
  const lines = [
    "// Generated from compiler/diagnostics/catalog.md by placeholdersModule (compiler/diagnostics/catalog.ts): do not edit.",
    "// test/compiler/diagnostics/catalog.test.ts fails when it is stale; UPDATE=1 writes it again.",
    "",
    "/** What a placeholder is filled with. */",
    "export type Value = string | number;",
    "",
    "/** Every code of the catalog, and the values its message and hint are filled with. */",
    "export interface Placeholders {",
  ];
  for (const entry of entries) {
    const keys = placeholdersOf(entry);
    lines.push(`  /** ${entry.name}: ${entry.message.replace(/\*\//g, "*\\/")} */`);
    lines.push(`  ${entry.code}: ${keys.length === 0 ? "Record<string, never>" : `{ ${keys.map((key) => `${key}: Value`).join("; ")} }`};`);
  }
  lines.push("}", "", "/** A code of the catalog. */", "export type Code = keyof Placeholders;", "");
  return lines.join("\n");
}
