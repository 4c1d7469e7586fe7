import { isMap, isPair, isScalar, isSeq, parse as parseYaml, parseDocument, visit } from "yaml";
import type { Session } from "../diagnostics/session.ts";
import { urlProblem } from "../url-policy.ts";
import { checkPattern, EDITION_ANALYSIS_MS, type PatternUse } from "./check-pattern.ts";
import { compilePattern } from "./numbering.ts";
import type { Place } from "../diagnostics/diagnostic.ts";
import type { SourcePlaces } from "./source-places.ts";
import type { ColourMeaning, Numbering, NumberingRule, Source } from "./types.ts";

type Yaml = Record<string, unknown>;

/** Parses a YAML metadata file; problems become HX0002 diagnostics. */
export function readYaml(places: SourcePlaces, session: Session): Yaml | null {
  try {
    const value = parseYaml(places.text) as unknown;
    if (value && typeof value === "object" && !Array.isArray(value)) {
      reportUnsafeUrls(places.text, 0, places, session);
      return value as Yaml;
    }
    session.report("HX0002", { file: places.file, problem: "expected a mapping of fields" }, places.span(0, 0));
  } catch (error) {
    const { message, place } = yamlError(error, places, 0);
    session.report("HX0002", { file: places.file, problem: `not valid YAML (${message})` }, place ?? places.span(0, 0));
  }
  return null;
}

/** Keys whose values are link or image addresses, wherever they are in a metadata file. */
const URL_KEY = /^(?:url|href|src|link|.*[_-]url)$/i;

/**
 * Reports every URL field of a YAML text (`provenance.url`, `sources[0].url`, …)
 * that the URL policy refuses, at its value; `start` is where the YAML starts in the file.
 */
export function reportUnsafeUrls(text: string, start: number, places: SourcePlaces, session: Session): void {
  visit(parseDocument(text), {
    Pair(_, pair, path) {
      if (!isScalar(pair.key) || !URL_KEY.test(String(pair.key.value)) || !isScalar(pair.value) || typeof pair.value.value !== "string") return;
      const reason = urlProblem(pair.value.value);
      if (reason === null) return;
      session.report("HX0010", { what: `\`${keyPath(path, String(pair.key.value))}\``, url: pair.value.value, reason }, scalarPlace(places, start, pair.value.range));
    },
  });
}

/** Where a YAML scalar's text is (inside its quotes, if it has them), for a YAML text that starts at `start` in the file. */
function scalarPlace(places: SourcePlaces, start: number, range: readonly number[] | null | undefined) {
  let [from, to] = [start + (range?.[0] ?? 0), start + (range?.[1] ?? 0)];
  if (to - from >= 2 && /^["']$/.test(places.text[from]) && places.text[to - 1] === places.text[from]) [from, to] = [from + 1, to - 1];
  return places.span(from, to);
}

/** `sources[1].url`: where a key sits in a YAML document, as a reader would name it. */
function keyPath(path: readonly unknown[], key: string): string {
  let name = "";
  for (const [i, node] of path.entries()) {
    if (isPair(node) && isScalar(node.key)) name += `${name ? "." : ""}${String(node.key.value)}`;
    if (isSeq(node)) name += `[${node.items.indexOf(path[i + 1] as never)}]`;
  }
  return name ? `${name}.${key}` : key;
}

/** An error's message without the parser's own "at line …, column …" (the code frame shows where). */
function firstLine(error: unknown): string {
  return String((error as Error).message ?? error).split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
}

/**
 * A YAML parser error for a diagnostic: its message, and where it is, for YAML that starts at `start` in the file.
 */
export function yamlError(error: unknown, places: SourcePlaces, start: number): { message: string; place: ReturnType<SourcePlaces["span"]> | null } {
  const position = (error as { pos?: [number, number] }).pos;
  return { message: firstLine(error), place: position ? places.span(start + position[0], start + Math.max(position[0] + 1, position[1])) : null };
}

/** Reads a required or optional string field, reporting what is wrong with it. */
export function stringField(yaml: Yaml, key: string, places: SourcePlaces, session: Session, required = true): string | undefined {
  const value = yaml[key];
  if (value === undefined || value === null) {
    if (required) session.report("HX0002", { file: places.file, problem: `the field \`${key}\` is missing` }, fieldPlace(places, key));
    return undefined;
  }
  if (typeof value === "number") return String(value);
  if (typeof value !== "string") {
    session.report("HX0002", { file: places.file, problem: `\`${key}\` must be text` }, fieldPlace(places, key));
    return undefined;
  }
  return value;
}

export function fieldPlace(places: SourcePlaces, key: string) {
  const match = new RegExp(`^${key}\\s*:`, "m").exec(places.text);
  return match ? places.span(match.index, match.index + key.length) : places.span(0, 0);
}

/** Where a top-level field's value is written (`8-0-overrun` of `slug: 8-0-overrun`), or its key if it has none there. */
export function fieldValuePlace(places: SourcePlaces, key: string) {
  const match = new RegExp(`^${key}[ \\t]*:[ \\t]*(\\S(?:.*\\S)?)`, "m").exec(places.text);
  if (!match) return fieldPlace(places, key);
  const start = match.index + match[0].length - match[1].length;
  return places.span(start, start + match[1].length);
}

export function readSources(yaml: Yaml, places: SourcePlaces, session: Session): Source[] {
  const value = yaml.sources;
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    session.report("HX0002", { file: places.file, problem: "`sources` must be a list of { title, url }" }, fieldPlace(places, "sources"));
    return [];
  }
  return value.map((entry, i) => {
    const source: Source = { title: String((entry as Yaml)?.title ?? entry), url: (entry as Yaml)?.url ? String((entry as Yaml).url) : undefined };
    if (!entry || typeof entry !== "object") return source;
    // Who to credit for the text and the licence the source states: shown with the text wherever it is published.
    for (const [key, field] of [["credit", "credit"], ["license", "license"], ["license_url", "licenseUrl"]] as const) {
      const given = (entry as Yaml)[key];
      if (given === undefined || given === null) continue;
      if (typeof given === "string" && given.trim() !== "") source[field] = given.trim();
      else session.report("HX0002", { file: places.file, problem: `\`sources[${i}].${key}\` must be text` }, fieldPlace(places, "sources"));
    }
    return source;
  });
}

/** `release`: a whole number from 0, 0 when not given (see Edition.release). */
export function readRelease(yaml: Yaml, places: SourcePlaces, session: Session): number {
  const value = yaml.release;
  if (value === undefined || value === null) return 0;
  if (Number.isSafeInteger(value) && (value as number) >= 0) return value as number;
  session.report("HX0002", { file: places.file, problem: "`release` must be a whole number from 0 (the release of the edition's engines package)" }, fieldValuePlace(places, "release"));
  return 0;
}

/** A colour a source may mark words with: a CSS colour name. */
const COLOUR = /^[a-z]{1,20}$/;

/**
 * `marks`: what the colours of words the source marks mean (see remark-colour-marks.ts),
 * `red: { tag: P, meaning: "…" }`. A tag is at most 4 characters (it is shown beside the
 * words), a meaning at most 200.
 */
export function readMarks(yaml: Yaml, places: SourcePlaces, session: Session): Record<string, ColourMeaning> {
  const value = yaml.marks;
  if (value === undefined) return {};
  const problem = (text: string) => session.report("HX0002", { file: places.file, problem: text }, fieldPlace(places, "marks"));
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    problem("`marks` must map colour names to { tag, meaning }");
    return {};
  }
  const marks: Record<string, ColourMeaning> = {};
  for (const [colour, entry] of Object.entries(value as Yaml)) {
    const { tag, meaning } = (entry ?? {}) as Yaml;
    if (!COLOUR.test(colour)) problem(`\`marks.${colour}\` is not a colour name (lowercase letters, such as red)`);
    else if (typeof tag !== "string" || tag.length === 0 || tag.length > 4) problem(`\`marks.${colour}.tag\` must be text of 1 to 4 characters`);
    else if (typeof meaning !== "string" || meaning.length === 0 || meaning.length > 200) problem(`\`marks.${colour}.meaning\` must be text of at most 200 characters`);
    else marks[colour] = { tag, meaning };
  }
  return marks;
}

/** Where each key of a top-level map is written in the file (`"4.2"` of `  "4.2": Fractions` under `outside:`). */
export function mapKeyPlaces(places: SourcePlaces, field: string): Map<string, Place> {
  const map = parseDocument(places.text).get(field, true);
  const keys = new Map<string, Place>();
  if (!isMap(map)) return keys;
  for (const { key } of map.items) if (isScalar(key) && key.range) keys.set(String(key.value), places.span(key.range[0], key.range[1]));
  return keys;
}

/** The numbering of an edition that has none (yet): no pattern numbers anything. */
export const EMPTY_NUMBERING: Numbering = { paragraphs: [], items: [], references: [] };
/** More patterns than any numbering scheme needs; each one is analyzed before it is used. */
export const MAX_PATTERNS = 20;

/**
 * Compiles the edition's numbering patterns, anchoring paragraph and item patterns
 * at the start. Patterns are untrusted: one that does not compile, is too long, or
 * could backtrack catastrophically (see check-pattern.ts) is reported at its place
 * and left out, so nothing ever runs it.
 */
export function readNumbering(yaml: Yaml, places: SourcePlaces, session: Session): Numbering {
  const value = yaml.numbering as Yaml | undefined;
  if (!value || typeof value !== "object") {
    session.report("HX0002", { file: places.file, problem: "the field `numbering` is missing" }, fieldPlace(places, "numbering"));
    return EMPTY_NUMBERING;
  }
  const document = parseDocument(places.text);
  const deadline = performance.now() + EDITION_ANALYSIS_MS;
  const rules = (key: "paragraphs" | "items" | "references", use: PatternUse): NumberingRule[] => {
    const list = value[key];
    if (list === undefined) return [];
    if (!Array.isArray(list)) {
      session.report("HX0002", { file: places.file, problem: `\`numbering.${key}\` must be a list of { pattern, id }` }, fieldPlace(places, key));
      return [];
    }
    if (list.length > MAX_PATTERNS) {
      session.report("HX0002", { file: places.file, problem: `\`numbering.${key}\` has ${list.length} patterns, more than the ${MAX_PATTERNS} allowed` }, fieldPlace(places, key));
      return [];
    }
    const compiled: NumberingRule[] = [];
    for (const [i, entry] of (list as Yaml[]).entries()) {
      const source = String(entry?.pattern ?? "");
      const node = document.getIn(["numbering", key, i, "pattern"], true) as { range?: [number, number, number] } | undefined;
      const place = node?.range ? scalarPlace(places, 0, node.range) : fieldPlace(places, key);
      let pattern: RegExp;
      try {
        pattern = compilePattern(source, use);
      } catch (error) {
        session.report("HX0005", { pattern: source, reason: firstLine(error) }, place);
        continue;
      }
      const hazard = checkPattern(source, use, deadline);
      if (hazard !== null) {
        session.report("HX0011", { pattern: source, reason: hazard }, place);
        continue;
      }
      const chapters = entry?.chapters;
      if (chapters !== undefined && (!Array.isArray(chapters) || chapters.some((c) => typeof c !== "string" && typeof c !== "number"))) {
        session.report("HX0002", { file: places.file, problem: `\`numbering.${key}[${i}].chapters\` must be a list of chapter sections` }, place);
        continue;
      }
      compiled.push({ pattern, source, id: String(entry?.id ?? "{n}"), missing: entry?.missing === true, ...(chapters ? { chapters: (chapters as unknown[]).map(String) } : {}) });
    }
    return compiled;
  };
  return { paragraphs: rules("paragraphs", "anchored"), items: rules("items", "anchored"), references: rules("references", "search") };
}
