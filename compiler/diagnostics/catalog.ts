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
    const [heading, ...lines] = section.split("\n");
    const [code, name] = heading.trim().split(/\s+/);
    const body = lines.map((line) => line.trim()).filter(Boolean);
    const [severity, message] = body[0].split(" · ");
    const hint = (body.find((line) => line.startsWith("Hint: ")) ?? "Hint: ").slice(6);
    entries.set(code, { code, name, severity: severity as Severity, message, hint });
  }
  return entries;
}

export const catalog = parseCatalog(readFileSync(CATALOG_FILE, "utf8"));
