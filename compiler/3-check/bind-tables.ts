import type { Session } from "../diagnostics/session.ts";
import type { Chart, ChartCell } from "../1-read/types.ts";
import type { KeySpec, TableDecl } from "../language/ast.ts";
import { describe, type EnumInfo, type TableInfo, type Type } from "../language/types.ts";
import { placeIn, type Declared } from "../2-resolve/types.ts";
import { decimal, parseOdds, parseOddsRange, parseRange } from "../runtime/runtime.ts";
import { checkChartKeys } from "./check-chart-keys.ts";
import type { Notations } from "./load-notations.ts";
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
  chart: Chart,
  citation: Citation,
  notations: Notations,
  session: Session,
): TableModel | null {
  const { decl } = declared;
  let ok = true;
  const keyOf = (cell: ChartCell, type: Type, spec: KeySpec, axis: "row" | "column"): TableKey | null => {
    const key = parseKey(cell.text, type, spec);
    if (key) return key;
    ok = false;
    const expected =
      type.kind === "enum" ? `a label of ${type.info.name} (${type.info.members.map((m) => m.label).join(", ")})`
      : type.kind === "odds" ? "odds or a range of odds such as \"5:1\", \"13:1+\", \"1:9 or less\" or \"10:1-12:1\""
      : "a whole number or range such as \"9 or more\"";
    const hint =
      type.kind === "enum" ? `map the header in the table declaration: (member = "${cell.text}")`
      : type.kind === "odds" ? "odds keys are written 5:1, 13:1+ (or 13:1 or more), 1:9 or less, or 10:1-12:1"
      : "integer keys are written 7, 1 or less, 15 or more, or 3-5";
    session.report("HX0401", { chart: chart.id, axis, header: cell.text, expected, hint }, cell.place);
    return null;
  };

  const columns = chart.header.slice(1).map((cell) => keyOf(cell, info.columnKey, decl.columns, "column"));
  const rows = chart.rows.map((row) => keyOf(row[0], info.rowKey, decl.rows, "row"));
  const headers = { row: chart.rows.map((row) => row[0]), column: chart.header.slice(1) };
  for (const [axis, type, keys] of [["row", info.rowKey, rows], ["column", info.columnKey, columns]] as const) {
    if (!checkChartKeys(chart.id, axis, keys, headers[axis], type, info.partial, session)) ok = false;
  }
  for (const [axis, type, keys] of [["row", info.rowKey, rows], ["column", info.columnKey, columns]] as const) {
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
      const parsed = parseCell(cell.text, info.cell, notations);
      if (parsed.ok) return parsed.value;
      ok = false;
      session.report("HX0402", { chart: chart.id, row: row[0]?.text ?? r, column: chart.header[c + 1]?.text ?? c, cell: cell.text, expected: describe(info.cell), reason: parsed.reason.replace(/\.$/, "") }, cell.place);
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

function normalize(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "");
}

/** Text as written, give or take case and spacing: "DE-" and "DE+" stay apart. */
function exact(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}

function enumMember(text: string, info: EnumInfo, spec?: KeySpec): string | null {
  // A label written exactly wins over a loose match, which ignores punctuation ("Extr Close").
  const alias = spec?.aliases.find((a) => exact(a.header.text) === exact(text)) ?? spec?.aliases.find((a) => normalize(a.header.text) === normalize(text));
  if (alias) return alias.name;
  const member =
    info.members.find((m) => exact(m.label) === exact(text) || m.name === text) ??
    info.members.find((m) => normalize(m.label) === normalize(text) || normalize(m.name) === normalize(text));
  return member?.name ?? null;
}

function parseKey(text: string, type: Type, spec: KeySpec): TableKey | null {
  if (type.kind === "enum") {
    const member = enumMember(text, type.info, spec);
    return member ? { member, header: text } : null;
  }
  if (type.kind === "integer") {
    const range = parseRange(text);
    return range ? { min: range.min, max: range.max, header: text } : null;
  }
  if (type.kind === "odds") {
    const range = parseOddsRange(text);
    return range ? { min: range.min, max: range.max, header: text } : null;
  }
  return null;
}

type CellParse = { ok: true; value: unknown } | { ok: false; reason: string };

function parseCell(text: string, type: Type, notations: Notations): CellParse {
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
      const member = enumMember(text, type.info);
      return member ? { ok: true, value: member } : { ok: false, reason: `labels are ${type.info.members.map((m) => m.label).join(", ")}` };
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
