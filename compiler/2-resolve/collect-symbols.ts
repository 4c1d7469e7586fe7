import type { Session } from "../diagnostics/session.ts";
import type { Edition, Paragraph } from "../1-read/types.ts";
import type { Statement } from "../language/ast.ts";
import { editionName, placeIn, type Declared, type Symbols } from "./types.ts";

type GlobalKind = Exclude<keyof Symbols, "elementLets" | "examples" | "exceptions">;

const KIND_OF: Record<Exclude<Statement["type"], "Example" | "Exception">, GlobalKind> = {
  Input: "inputs",
  Record: "records",
  Enum: "enums",
  Notation: "notations",
  Let: "lets",
  Require: "requirements",
  Dice: "dice",
  Table: "tables",
  Procedure: "procedures",
};

/**
 * Collects every declaration of an edition. Names are global within the edition
 * (one namespace for all kinds); each statement cites its own `@paragraph` or the
 * paragraph its block follows.
 */
export function collectSymbols(edition: Edition, paragraphs: Map<string, Paragraph>, session: Session): Symbols {
  const symbols: Symbols = {
    inputs: new Map(), records: new Map(), enums: new Map(), notations: new Map(), lets: new Map(),
    elementLets: new Map(), requirements: new Map(), dice: new Map(), tables: new Map(), procedures: new Map(), examples: [], exceptions: [],
  };
  const firstPlace = new Map<string, ReturnType<typeof placeIn>>();
  const label = editionName(edition);
  const example = [...paragraphs.keys()].find((id) => /\d/.test(id)) ?? "a paragraph number";

  for (const document of edition.documents) {
    for (const block of document.blocks) {
      if (!block.ast) continue;
      for (const statement of block.ast.statements) {
        const cite = "cite" in statement ? statement.cite : null;
        const branchCites = statement.type === "Let" ? (statement.branches ?? []).map((b) => b.cite) : [];
        for (const c of [cite, ...branchCites]) {
          if (c && !paragraphs.has(c.id)) session.report("HX0204", { id: c.id, edition: label, example }, placeIn(block.file, c.loc));
        }
        const paragraph = cite?.id ?? block.paragraph;
        if (!paragraph) {
          session.report("HX0208", {}, placeIn(block.file, statement.loc));
          continue;
        }
        if (statement.type === "Example") {
          symbols.examples.push({ decl: statement, paragraph, file: block.file });
          continue;
        }
        if (statement.type === "Exception") {
          symbols.exceptions.push({ decl: statement, paragraph, file: block.file });
          continue;
        }
        const declared: Declared<typeof statement> = { decl: statement, paragraph, file: block.file };
        const place = placeIn(block.file, statement.nameLoc);
        if (statement.type === "Let" && statement.each) {
          const list = statement.each.list;
          const listName = list?.type === "Name" ? list.name : "";
          const scope = symbols.elementLets.get(listName) ?? new Map();
          symbols.elementLets.set(listName, scope);
          const key = `${listName}.${statement.name}`;
          if (firstPlace.has(key)) {
            session.report("HX0202", { name: key, edition: label }, place, [{ message: "first defined here", place: firstPlace.get(key) }]);
            continue;
          }
          firstPlace.set(key, place);
          scope.set(statement.name, declared);
          continue;
        }
        if (firstPlace.has(statement.name)) {
          session.report("HX0202", { name: statement.name, edition: label }, place, [{ message: "first defined here", place: firstPlace.get(statement.name) }]);
          continue;
        }
        firstPlace.set(statement.name, place);
        (symbols[KIND_OF[statement.type]] as Map<string, Declared<typeof statement>>).set(statement.name, declared);
      }
    }
  }
  return symbols;
}
