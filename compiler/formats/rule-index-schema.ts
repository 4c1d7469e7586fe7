import { FORMATS } from "../runtime/formats.ts";
import { schemaId } from "./schema-id.ts";

const strings = { type: "array", items: { type: "string" } } as const;
const text = { type: "string" } as const;
const orNull = { type: ["string", "null"] } as const;
const format = { const: FORMATS.ruleIndex, description: "The version of this format." } as const;
const count = { type: "integer", minimum: 0 } as const;
const numberingRule = {
  type: "object",
  required: ["source", "id", "missing"],
  properties: { source: { type: "string", description: "The pattern, a JavaScript regular expression, as checked." }, id: text, missing: { type: "boolean" }, chapters: strings },
} as const;
const amendment = {
  type: "object",
  required: ["paragraph", "note", "from", "source"],
  properties: { paragraph: text, printed: text, corrected: text, note: text, from: text, source: text },
} as const;

/**
 * JSON Schema of an edition's rule index (generated/<ruleset>/<edition>/index.json):
 * its documents, paragraphs with their references both ways, what formalizes and
 * exemplifies each, its charts and its procedures. New fields may appear in any object
 * without a new version; the ones listed here are always there.
 */
export const RULE_INDEX_SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: schemaId("rule-index"),
  title: `Hexlaw rule index of an edition, format ${FORMATS.ruleIndex}`,
  type: "object",
  required: ["format", "ruleset", "edition", "numbering", "documents", "paragraphs", "references", "charts", "procedures"],
  properties: {
    format,
    ruleset: { type: "object", required: ["id", "title", "publisher", "description"], properties: { id: text, title: text, publisher: orNull, description: orNull } },
    edition: {
      type: "object",
      required: ["id", "title", "publisher", "date", "version", "supersedes", "extends", "sources", "release"],
      properties: {
        id: text,
        title: text,
        publisher: orNull,
        date: orNull,
        version: orNull,
        supersedes: orNull,
        extends: { ...orNull, description: "The edition whose chapters this one is made from, with errata applied." },
        sources: {
          type: "array",
          description: "Where the text comes from, whom to credit and the licence the source states (absent: none stated).",
          items: { type: "object", required: ["title"], properties: { title: text, url: text, credit: text, license: text, licenseUrl: text } },
        },
        release: { type: "integer", minimum: 0, description: "The release of the edition's engines package: its version is <engine format>.<release>.0." },
      },
    },
    numbering: {
      type: "object",
      required: ["paragraphs", "items", "references"],
      properties: { paragraphs: { type: "array", items: numberingRule }, items: { type: "array", items: numberingRule }, references: { type: "array", items: numberingRule } },
    },
    documents: {
      type: "array",
      items: {
        type: "object",
        required: ["file", "slug", "section", "title", "heading", "order", "excerpt", "provenance", "paragraphs", "calculators", "inherited", "amends", "coverage"],
        properties: {
          file: text,
          slug: text,
          section: text,
          title: text,
          heading: text,
          order: { type: "number" },
          excerpt: { type: "boolean" },
          provenance: { type: "object", required: ["source"], properties: { source: text, changes: text, url: text } },
          paragraphs: strings,
          calculators: { ...strings, description: "The procedures whose calculators the chapter embeds." },
          inherited: {
            oneOf: [{ type: "null" }, { type: "object", required: ["edition", "amendments"], properties: { edition: text, amendments: { type: "array", items: amendment } } }],
          },
          amends: { type: "array", items: { ...amendment, required: [...amendment.required, "document", "label"], properties: { ...amendment.properties, document: orNull, label: text } } },
          coverage: {
            type: "object",
            required: ["paragraphs", "formalized", "examples", "checked", "disputed"],
            properties: { paragraphs: count, formalized: count, examples: count, checked: count, disputed: count },
          },
        },
      },
    },
    paragraphs: {
      type: "object",
      description: "Every paragraph, by id.",
      additionalProperties: {
        type: "object",
        required: ["id", "kind", "text", "line", "references", "referencedBy", "definitions", "procedures", "examples"],
        properties: {
          id: text,
          kind: { enum: ["chapter", "heading", "lead", "item"] },
          title: orNull,
          document: text,
          parent: { ...orNull, description: "The enclosing paragraph; null for a chapter." },
          text,
          line: { type: "integer", minimum: 1 },
          sourceSlug: { ...text, description: "The anchor the source's own site gave the heading." },
          references: strings,
          referencedBy: strings,
          definitions: strings,
          procedures: strings,
          examples: {
            type: "array",
            items: { type: "object", required: ["id", "title", "procedure", "status"], properties: { id: text, title: text, procedure: text, status: { enum: ["checked", "disputed"] }, reason: text } },
          },
        },
      },
    },
    references: {
      type: "array",
      items: {
        type: "object",
        required: ["from", "id", "text", "status", "file", "line", "column"],
        properties: {
          from: text,
          id: text,
          through: text,
          text,
          status: { type: "string", description: "resolved, or where it leads when it does not resolve (outside the corpus, missing, …)." },
          outsideTitle: text,
          missing: { const: true },
          href: text,
          erratum: { type: "object", required: ["printed", "reads"], properties: { printed: text, reads: text, note: text } },
          anchor: text,
          file: text,
          line: { type: "integer", minimum: 1 },
          column: { type: "integer", minimum: 1 },
        },
      },
    },
    charts: {
      type: "array",
      items: {
        type: "object",
        required: ["id", "caption", "paragraph", "document", "tables", "unknownCells", "text"],
        properties: { id: text, caption: text, paragraph: text, document: orNull, tables: strings, unknownCells: count, text },
      },
    },
    procedures: {
      type: "array",
      items: {
        type: "object",
        required: ["name", "title", "paragraph", "document", "module", "schema", "vectors", "inputs", "outputs", "outcome", "labels", "paragraphs", "examples", "lookups"],
        properties: {
          name: text,
          title: text,
          paragraph: text,
          document: orNull,
          module: { ...text, description: "The engine module, beside this file (`overrun.ts`; `.js` and `.d.ts` beside it)." },
          schema: { ...text, description: "Its input schema, beside this file." },
          vectors: { ...text, description: "Its vector file, beside this file." },
          inputs: strings,
          outputs: { type: "array", items: { type: "object", required: ["label", "names"], properties: { label: text, names: strings } } },
          outcome: strings,
          labels: { type: "object", additionalProperties: { type: "object", required: ["label", "paragraph"], properties: { label: text, paragraph: text } } },
          paragraphs: strings,
          examples: count,
          lookups: { type: "array", items: { type: "object", required: ["name", "table", "chart"], properties: { name: text, table: text, chart: text } } },
        },
      },
    },
  },
} as const;

/** JSON Schema of the corpus index (generated/index.json): every ruleset, its editions and their procedures. */
export const CORPUS_INDEX_SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: schemaId("corpus-index"),
  title: `Hexlaw corpus index, format ${FORMATS.ruleIndex}`,
  type: "object",
  required: ["format", "rulesets"],
  properties: {
    format,
    rulesets: {
      type: "array",
      items: {
        type: "object",
        required: ["id", "title", "publisher", "description", "editions"],
        properties: {
          id: text,
          title: text,
          publisher: orNull,
          description: orNull,
          editions: {
            type: "array",
            items: {
              type: "object",
              required: ["id", "title", "date", "version", "supersedes", "extends", "documents", "procedures"],
              properties: {
                id: text,
                title: text,
                date: orNull,
                version: orNull,
                supersedes: orNull,
                extends: orNull,
                documents: { type: "array", items: { type: "object", required: ["slug", "section", "title", "order"], properties: { slug: text, section: text, title: text, order: { type: "number" } } } },
                procedures: {
                  type: "array",
                  items: {
                    type: "object",
                    required: ["name", "title", "paragraph", "module"],
                    properties: { name: text, title: text, paragraph: text, module: { ...text, description: "The engine module under generated/: `<ruleset>/<edition>/<procedure>.ts`." } },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
} as const;
