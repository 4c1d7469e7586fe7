import type { Session } from "../diagnostics/session.ts";
import type { Edition, Paragraph } from "../1-read/types.ts";
import type { Statement } from "../language/ast.ts";
import type { LetDecl } from "../language/ast.ts";
import { chapterQualifier, definitionKey } from "./scoped-names.ts";
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
 * (one namespace for all kinds), except that definitions (`let`) of different chapters
 * may share a name: each is then keyed by its chapter (see scoped-names.ts). Each
 * statement cites its own `@paragraph` or the paragraph its block follows.
 */
export function collectSymbols(edition: Edition, paragraphs: Map<string, Paragraph>, session: Session): Symbols {
  const symbols: Symbols = {
    inputs: new Map(), records: new Map(), enums: new Map(), notations: new Map(), lets: new Map(), letKeys: new Map(), chapters: new Map(),
    elementLets: new Map(), requirements: new Map(), dice: new Map(), tables: new Map(), procedures: new Map(), examples: [], exceptions: [],
  };
  const firstPlace = new Map<string, ReturnType<typeof placeIn>>();
  /** Each name's definitions, by chapter (a definition is keyed once all are known). */
  const letsNamed = new Map<string, Map<string, Declared<LetDecl> & { place: ReturnType<typeof placeIn> }>>();
  for (const document of edition.documents) symbols.chapters.set(document.file, chapterQualifier(document.front.section));
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
        const chapter = symbols.chapters.get(block.file) ?? "";
        const named = letsNamed.get(statement.name);
        const first = firstPlace.get(statement.name) ?? (statement.type === "Let" ? named?.get(chapter) : named?.values().next().value)?.place;
        if (first) {
          session.report("HX0202", { name: statement.name, edition: label }, place, [{ message: "first defined here", place: first }]);
          continue;
        }
        if (statement.type === "Let") {
          letsNamed.set(statement.name, (named ?? new Map()).set(chapter, { ...declared, decl: statement, place }));
          continue;
        }
        firstPlace.set(statement.name, place);
        (symbols[KIND_OF[statement.type]] as Map<string, Declared<typeof statement>>).set(statement.name, { ...declared, decl: statement });
      }
    }
  }
  for (const [name, byChapter] of letsNamed) {
    const keys = [...byChapter].map(([chapter, { place: _, ...declared }]) => {
      const key = definitionKey(name, chapter, byChapter.size === 1);
      symbols.lets.set(key, declared);
      return key;
    });
    symbols.letKeys.set(name, keys);
  }
  return symbols;
}
