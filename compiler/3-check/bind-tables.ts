import type { Session } from "../diagnostics/session.ts";
import type { Chart, ChartCell } from "../2-resolve/types.ts";
import type { KeyAlias, KeySpec, TableDecl } from "../language/ast.ts";
import { ANY, describe, type EnumInfo, type TableInfo, type Type } from "../language/types.ts";
import { placeIn, type Declared } from "../2-resolve/types.ts";
import { decimal, parseOdds, parseOddsRange, parseRange } from "../runtime/runtime.ts";
import { chartFormOf, FORM_EXAMPLES, FORM_NAMES, parseForm, type ChartForm } from "./chart-forms.ts";
import { checkChartKeys } from "./check-chart-keys.ts";
import type { Notations } from "./load-notations.ts";
import { suggest } from "./suggest.ts";
import type { Citation, TableKey, TableModel } from "./types.ts";

/** A chart cell that the source does not know. */
const UNKNOWN_CELL = /^(\?|unknown)$/i;

/**
 * Binds a `table` declaration to its chart: reads the header row as column keys,
 * the first cell of each row as its row key, and every other cell as a value of
 * the declared cell type. Unknown cells (`?`) stay unknown. A `partial` chart holds
 * only the keys that are known, so an enum member it lacks is not an error.
 */
export function bindTable(
  declared: Declared<TableDecl>,
  info: TableInfo,
  printed: Chart,
  citation: Citation,
  notations: Notations,
  session: Session,
): TableModel | null {
  const { decl } = declared;
  const pair = info.rowPair;
  // Rows keyed by a pair that is not two enums are already reported (HX0422): the chart cannot be read by them.
  if (decl.rows.second && !pair) return null;
  const keyed = decl.rows.from ? keyedBy(printed, decl.rows.from, declared, session) : printed;
  if (!keyed) return null;
  // Rows keyed by two columns: the second is read with the first, and the cells start after it.
  const chart = pair ? { ...keyed, header: [keyed.header[0], ...keyed.header.slice(2)], rows: keyed.rows.map((row) => [row[0], ...row.slice(2)]) } : keyed;
  let ok = true;
  const forms = { row: chartFormOf(decl.rows.keyType, info.rowKey), column: chartFormOf(decl.columns.keyType, info.columnKey), cell: chartFormOf(decl.cells, info.cell) };
  const keyOf = (cell: ChartCell, type: Type, spec: KeySpec, axis: "row" | "column"): TableKey | null => {
    const form = forms[axis];
    const key = parseKey(cell.text, type, spec, form);
    if (key) return key;
    ok = false;
    const expected =
      form ? FORM_NAMES[form]
      : type.kind === "enum" ? `a label of ${type.info.name} (${type.info.members.map((m) => m.label).join(", ")})`
      : type.kind === "odds" ? "odds or a range of odds such as \"5:1\", \"13:1+\", \"1:9 or less\" or \"10:1-12:1\""
      : spec.counted ? `a number of ${spec.counted.text} such as "2 ${spec.counted.text}"`
      : "a whole number or range such as \"9 or more\"";
    const hint =
      form ? FORM_EXAMPLES[form]
      : type.kind === "enum" ? `map the header in the table declaration: (member = "${cell.text}")`
      : type.kind === "odds" ? "odds keys are written 5:1, 13:1+ (or 13:1 or more), 1:9 or less, or 10:1-12:1"
      : spec.counted ? `the headers count ${spec.counted.text}: write the number, then "${spec.counted.text}" ("2 ${spec.counted.text}", "1 ${spec.counted.text} or less", "3-5 ${spec.counted.text}")`
      : "integer keys are written 7, 1 or less, 15 or more, or 3-5";
    session.report("HX0401", { chart: chart.id, axis, header: cell.text, expected, hint }, cell.place);
    return null;
  };

  const rowAliases = pair && decl.rows.second
    ? ([[decl.rows.aliases, { kind: "enum", info: pair[0] }, "rows"], [decl.rows.second.aliases, { kind: "enum", info: pair[1] }, "rows"]] as const)
    : ([[decl.rows.aliases, info.rowKey, "rows"]] as const);
  for (const [aliases, type, what] of [...rowAliases, [decl.columns.aliases, info.columnKey, "columns"], [decl.cellAliases, info.cell, "cells"]] as const) {
    if (!checkAliases(aliases, type, what, declared, session)) ok = false;
  }
  for (const [spec, type, what] of [[decl.rows, info.rowKey, "rows"], [decl.columns, info.columnKey, "columns"]] as const) {
    if (!spec.counted || type.kind === "integer" || type.kind === "any") continue;
    ok = false;
    session.report("HX0421", { table: decl.name, what, noun: spec.counted.text, type: describe(type) }, placeIn(declared.file, spec.counted.loc));
  }
  const columns = chart.header.slice(1).map((cell) => keyOf(cell, info.columnKey, decl.columns, "column"));
  const pairKeyOf = (row: ChartCell[], [first, second]: readonly [EnumInfo, EnumInfo], secondSpec: KeySpec): TableKey | null => {
    const [a, b] = [keyOf(row[0], { kind: "enum", info: first }, decl.rows, "row"), keyOf(row[1], { kind: "enum", info: second }, secondSpec, "row")];
    return a && b && "member" in a && "member" in b ? { member: `${a.member}/${b.member}`, header: `${row[0].text}, ${row[1].text}` } : null;
  };
  const rows = pair && decl.rows.second ? keyed.rows.map((row) => pairKeyOf(row, pair, decl.rows.second!)) : chart.rows.map((row) => keyOf(row[0], info.rowKey, decl.rows, "row"));
  const headers = {
    row: pair ? keyed.rows.map((row) => ({ ...row[0], text: `${row[0].text}, ${row[1]?.text ?? ""}` })) : chart.rows.map((row) => row[0]),
    column: chart.header.slice(1),
  };
  for (const [axis, type, keys] of [["row", info.rowKey, rows], ["column", info.columnKey, columns]] as const) {
    if (!checkChartKeys(chart.id, axis, keys, headers[axis], type, info.partial, session)) ok = false;
  }
  if (pair && !info.partial && rows.every((k) => k !== null)) ok = reportMissingPairs(chart.id, pair, rows as TableKey[], declared, session) && ok;
  for (const [axis, type, keys] of [["row", pair ? ANY : info.rowKey, rows], ["column", info.columnKey, columns]] as const) {
    if (type.kind !== "enum" || info.partial) continue;
    for (const member of type.info.members) {
      if (!keys.some((k) => k && "member" in k && k.member === member.name)) {
        ok = false;
        session.report("HX0403", { chart: chart.id, axis, member: member.name, enum: type.info.name }, placeIn(declared.file, decl.nameLoc));
      }
    }
  }

  let unknownCells = 0;
  const cells = chart.rows.map((row, r) =>
    row.slice(1).map((cell, c) => {
      if (UNKNOWN_CELL.test(cell.text)) {
        unknownCells++;
        return null;
      }
      const parsed = parseCell(cell.text, info.cell, decl.cellAliases, forms.cell, notations);
      if (parsed.ok) return parsed.value;
      ok = false;
      session.report("HX0402", { chart: chart.id, row: row[0]?.text ?? r, column: chart.header[c + 1]?.text ?? c, cell: cell.text, expected: forms.cell ? FORM_NAMES[forms.cell] : describe(info.cell), reason: parsed.reason.replace(/\.$/, "") }, cell.place);
      return null;
    }),
  );
  if (!ok) return null;
  return {
    name: decl.name,
    label: decl.label?.text ?? chart.caption,
    chart: chart.id,
    caption: chart.caption,
    rowType: info.rowKey,
    columnType: info.columnKey,
    cellType: info.cell,
    rows: rows as TableKey[],
    columns: columns as TableKey[],
    cells,
    citation,
    unknownCells,
    partial: info.partial,
  };
}

/** Rows keyed by two columns leave no pair of members without a row (HX0409); true when none is missing. */
function reportMissingPairs(chart: string, [first, second]: readonly [EnumInfo, EnumInfo], rows: TableKey[], declared: Declared<TableDecl>, session: Session): boolean {
  const present = new Set(rows.map((k) => ("member" in k ? k.member : "")));
  let ok = true;
  for (const a of first.members) {
    for (const b of second.members) {
      if (present.has(`${a.name}/${b.name}`)) continue;
      ok = false;
      session.report("HX0409", { chart, first: a.name, second: b.name }, placeIn(declared.file, declared.decl.nameLoc));
    }
  }
  return ok;
}

/**
 * The chart read with another column's cells as its row keys (`rows: line from "Applies"`), for a
 * chart whose first column repeats ("Left 1" on two lines of the Additional Shifts): that column
 * comes first, and the first column, under its top-left label, becomes a column of cells.
 * A name that is no column of the chart is HX0401.
 */
function keyedBy(chart: Chart, from: { text: string; loc: TableDecl["loc"] }, declared: Declared<TableDecl>, session: Session): Chart | null {
  const index = chart.header.findIndex((cell, i) => i > 0 && normalize(cell.text) === normalize(from.text));
  if (index < 0) {
    const headers = chart.header.slice(1).map((cell) => `"${cell.text}"`).join(", ");
    session.report("HX0401", { chart: chart.id, axis: "column", header: from.text, expected: `a column header of the chart (${headers})`, hint: "name the column whose cells are the row keys as its header is printed" }, placeIn(declared.file, from.loc));
    return null;
  }
  const reorder = <T>(cells: T[]): T[] => [cells[index], ...cells.filter((_, i) => i !== index)];
  return { ...chart, header: reorder(chart.header), rows: chart.rows.map(reorder) };
}

function normalize(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "");
}

/** Text as written, give or take case and spacing: "DE-" and "DE+" stay apart. */
function exact(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * The printed labels a table declaration maps (`rows: terrain (extremely_close = "Extr Close")`,
 * `cells: effect ("-" = no_effect)`) name members of the axis's or the cells' enum; only an
 * enum's labels can be mapped (HX0420). True when they do.
 */
function checkAliases(aliases: readonly KeyAlias[], type: Type, what: "rows" | "columns" | "cells", declared: Declared<TableDecl>, session: Session): boolean {
  if (aliases.length === 0 || type.kind === "any") return true;
  if (type.kind !== "enum") {
    session.report("HX0420", { table: declared.decl.name, what, type: describe(type) }, placeIn(declared.file, aliases[0].loc));
    return false;
  }
  let ok = true;
  for (const alias of aliases) {
    if (type.info.members.some((m) => m.name === alias.name)) continue;
    ok = false;
    const members = type.info.members.map((m) => m.name);
    session.report("HX0203", { name: alias.name, hint: suggest(alias.name, members, `members of ${type.info.name}: ${members.join(", ")}`) }, placeIn(declared.file, alias.nameLoc));
  }
  return ok;
}

function enumMember(text: string, info: EnumInfo, aliases: readonly KeyAlias[] = [], loose = true): string | null {
  // A label written exactly (mapped, or the member's own) wins over a loose match, which ignores
  // punctuation ("Extr Close"): "1/2" is the member labelled 1/2 even when "[1/2]" is mapped.
  const exactly =
    aliases.find((a) => exact(a.header.text) === exact(text))?.name ??
    info.members.find((m) => exact(m.label) === exact(text) || m.name === text)?.name;
  if (exactly || !loose) return exactly ?? null;
  return (
    aliases.find((a) => normalize(a.header.text) === normalize(text))?.name ??
    info.members.find((m) => normalize(m.label) === normalize(text) || normalize(m.name) === normalize(text))?.name ??
    null
  );
}

function parseKey(text: string, type: Type, spec: KeySpec, form: ChartForm | null): TableKey | null {
  if (form) {
    const range = parseForm(text, form);
    return range ? { min: range.min, max: range.max, header: text } : null;
  }
  if (type.kind === "enum") {
    const member = enumMember(text, type.info, spec.aliases);
    return member ? { member, header: text } : null;
  }
  if (type.kind === "integer") {
    const number = spec.counted ? withoutCounted(text, spec.counted.text) : text;
    const range = number === null ? null : parseRange(number);
    // A header names the rolls of its row or column: the empty range "-" names none.
    return range && range.min <= range.max ? { min: range.min, max: range.max, header: text } : null;
  }
  if (type.kind === "odds") {
    const range = parseOddsRange(text);
    return range ? { min: range.min, max: range.max, header: text } : null;
  }
  return null;
}

/**
 * A header read without the noun its numbers count (`rows: integer "aircraft"`): "2 aircraft" is "2",
 * "1 RE or less" is "1 or less". The noun must follow a number, word for word (case aside); null when
 * the header does not print it there.
 */
function withoutCounted(text: string, noun: string): string | null {
  const nounWords = noun.trim().toLowerCase().split(/\s+/);
  const words = text.trim().split(/\s+/);
  for (let i = 1; i + nounWords.length <= words.length; i++) {
    if (/\d$/.test(words[i - 1]) && nounWords.every((w, j) => words[i + j].toLowerCase() === w)) {
      return [...words.slice(0, i), ...words.slice(i + nounWords.length)].join(" ");
    }
  }
  return null;
}

type CellParse = { ok: true; value: unknown } | { ok: false; reason: string };

function parseCell(text: string, type: Type, aliases: readonly KeyAlias[], form: ChartForm | null, notations: Notations): CellParse {
  if (form) {
    const value = parseForm(text, form);
    return value && value.min === value.max ? { ok: true, value: value.min } : { ok: false, reason: FORM_EXAMPLES[form] };
  }
  switch (type.kind) {
    case "integer":
    case "number": {
      // Exactly as printed: "1.5" is 3/2.
      const n = decimal(text.trim().replace(/^\+/, "").replace(/^[−–]/, "-"));
      if (n === null) return { ok: false, reason: "not a number (or too many digits to compute with exactly)" };
      if (type.kind === "integer" && typeof n !== "number") return { ok: false, reason: "not a whole number" };
      return { ok: true, value: n };
    }
    case "odds": {
      const odds = parseOdds(text);
      return odds ? { ok: true, value: { ...odds, text: text.replace(/\s+/g, "") } } : { ok: false, reason: "odds are written like 3:1" };
    }
    case "range": {
      const range = parseRange(text);
      return range ? { ok: true, value: range } : { ok: false, reason: "ranges are written like 9 or more, 6 or less, 3-5" };
    }
    case "enum": {
      // A cell's punctuation is its meaning ("[1/2]" is not "1/2", "DE-" not "DE+"): cells are read exactly.
      const member = enumMember(text, type.info, aliases, false);
      const labels = [...aliases.map((a) => a.header.text), ...type.info.members.map((m) => m.label)];
      return member ? { ok: true, value: member } : { ok: false, reason: `labels are ${labels.join(", ")}` };
    }
    case "text":
      return { ok: true, value: text };
    case "notation": {
      const parsed = notations.parse(type.info, text);
      return parsed.ok ? { ok: true, value: parsed.value } : { ok: false, reason: parsed.reason };
    }
    default:
      return { ok: false, reason: `cells of type ${describe(type)} are not supported` };
  }
}
