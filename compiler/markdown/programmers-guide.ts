// The "For programmers" pages: the guide (compiler/runtime/README.md), one page per part,
// each with the JSON Schema of its format as a table of fields and the declarations of
// the engine API that belong to it (compiler/markdown/api-reference.ts). The examples in
// the guide run as tests (test/compiler/markdown/programmers-guide.test.ts).
import { readFileSync } from "node:fs";
import { FORMAT_SCHEMAS } from "../formats/schemas.ts";
import { type ApiEntry, apiReference } from "./api-reference.ts";
import { markdownHtml, renderReference } from "./language-reference.ts";

/** The guide: the file GitHub shows beside the runtime's code. */
export const PROGRAMMERS_GUIDE = new URL("../runtime/README.md", import.meta.url);

/** A field of a format, as its JSON Schema describes it. */
export interface SchemaField {
  /** Where it is: `vectors[].expect.outputs`. */
  path: string;
  type: string;
  /** What it means, as the schema says it (Markdown), and as HTML. */
  description: string;
  descriptionHtml: string;
}

/** A format's JSON Schema as a reader wants it: its title and description, its fields, and the shapes it defines once and uses by name. */
export interface FormatSchema {
  file: string;
  title: string;
  descriptionHtml: string;
  fields: SchemaField[];
  definitions: { name: string; descriptionHtml: string; fields: SchemaField[] }[];
}

export interface GuidePart {
  slug: string;
  title: string;
  html: string;
  schemas: FormatSchema[];
  api: (Omit<ApiEntry, "members"> & { summaryHtml: string; members: (ApiEntry["members"][number] & { summaryHtml: string })[] })[];
}

export interface ProgrammersGuide {
  title: string;
  intro: string;
  parts: GuidePart[];
}

/** A schema, or the part of one, as the guide reads it. */
type Schema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  $ref?: string;
  description?: string;
  title?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  $defs?: Record<string, Schema>;
};

/** How deep the fields of a schema are listed. */
const DEPTH = 6;

export async function programmersGuide(markdown = readFileSync(PROGRAMMERS_GUIDE, "utf8")): Promise<ProgrammersGuide> {
  const rendered = await renderReference(markdown, "Hexlaw for programmers");
  const api = await apiReference();
  const formats = formatsByPart(markdown);
  const parts = await Promise.all(
    rendered.parts.map(async (part) => ({
      ...part,
      schemas: await Promise.all((formats.get(part.title) ?? []).map(formatSchema)),
      api: await Promise.all(
        inReadingOrder(api.entries.filter((entry) => entry.category === part.title)).map(async (entry) => ({
          ...entry,
          summaryHtml: await markdownHtml(entry.summary),
          members: await Promise.all(entry.members.map(async (member) => ({ ...member, summaryHtml: await markdownHtml(member.summary) }))),
        })),
      ),
    })),
  );
  return { title: rendered.title, intro: rendered.intro, parts };
}

/**
 * A part's declarations in the order a reader wants them: those no other one of the part
 * refers to first (what a program starts from: the engine module, the resolution), then
 * what each refers to, in turn; otherwise in the order of the source.
 */
export function inReadingOrder<T extends { name: string; references: string[] }>(entries: T[]): T[] {
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const referenced = new Set(entries.flatMap((entry) => entry.references));
  const ordered: T[] = [];
  const queue = [...entries.filter((entry) => !referenced.has(entry.name)), ...entries.filter((entry) => referenced.has(entry.name))];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const entry = queue.shift()!;
    if (seen.has(entry.name)) continue;
    seen.add(entry.name);
    ordered.push(entry);
    const next = entry.references.map((name) => byName.get(name)).filter((e): e is T => e !== undefined && !seen.has(e.name));
    queue.unshift(...next);
  }
  return ordered;
}

/** The schema files each part names on its line "Format: `a.schema.json`, `b.schema.json`", by the part's title. */
export function formatsByPart(markdown: string): Map<string, string[]> {
  const byPart = new Map<string, string[]>();
  for (const section of markdown.split(/^## /m).slice(1)) {
    const title = section.slice(0, section.indexOf("\n")).trim();
    const line = /^Format: (.+)$/m.exec(section)?.[1] ?? "";
    byPart.set(
      title,
      [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]),
    );
  }
  return byPart;
}

/** A format's schema, by the file it is published as; an unknown file is a mistake in the guide. */
export async function formatSchema(file: string): Promise<FormatSchema> {
  const schema = FORMAT_SCHEMAS.find(([name]) => name === file)?.[1] as Schema | undefined;
  if (!schema)
    throw new Error(`the programmers' guide names ${file}, which is not a format of generated/ (${FORMAT_SCHEMAS.map(([name]) => name).join(", ")})`);
  const withHtml = (fields: Omit<SchemaField, "descriptionHtml">[]) =>
    Promise.all(fields.map(async (field) => ({ ...field, descriptionHtml: await markdownHtml(field.description) })));
  return {
    file,
    title: schema.title ?? file,
    descriptionHtml: await markdownHtml(schema.description ?? ""),
    fields: await withHtml(fieldsOf(schema, "", 0)),
    definitions: await Promise.all(
      Object.entries(schema.$defs ?? {}).map(async ([name, definition]) => ({
        name,
        descriptionHtml: await markdownHtml(definition.description ?? ""),
        fields: await withHtml(fieldsOf(definition, "", 0)),
      })),
    ),
  };
}

function fieldsOf(schema: Schema, path: string, depth: number): Omit<SchemaField, "descriptionHtml">[] {
  if (depth > DEPTH) return [];
  const fields: Omit<SchemaField, "descriptionHtml">[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (name === "$schema") continue;
    const at = path ? `${path}.${name}` : name;
    fields.push({ path: at, type: typeOf(property), description: property.description ?? "" });
    fields.push(...fieldsOf(property, at, depth + 1));
    if (property.items) fields.push(...fieldsOf(property.items, `${at}[]`, depth + 1));
    if (typeof property.additionalProperties === "object") fields.push(...fieldsOf(property.additionalProperties, `${at}.*`, depth + 1));
  }
  return fields;
}

function typeOf(schema: Schema): string {
  // A shape of this schema by its name; another format's schema by its file.
  if (schema.$ref) return schema.$ref.replace(/^#\/\$defs\//, "").replace(/^.*\/([^/]+\.schema\.json)(#.*)?$/, "$1");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((e) => JSON.stringify(e)).join(" | ");
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices) return choices.map(typeOf).join(" | ");
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return types
    .map((type) => {
      if (type === "array" && schema.items) return `${typeOf(schema.items)}[]`;
      if (type === "object" && typeof schema.additionalProperties === "object" && !schema.properties)
        return `{ [name]: ${typeOf(schema.additionalProperties)} }`;
      return type;
    })
    .join(" | ");
}
