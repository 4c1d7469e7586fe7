import type { DiceDecl, InputDecl, LetDecl, TableDecl } from "./ast.ts";
import type { EnumInfo, Type } from "./types.ts";

/** What a name in an expression stands for, as decided by name resolution. */
export type Binding =
  | { kind: "input"; decl: InputDecl }
  /** `key`: what the definition is called outside the language (its name, or `chapter.name` where chapters share it). */
  | { kind: "let"; decl: LetDecl; key: string }
  | { kind: "dice"; decl: DiceDecl }
  | { kind: "table"; decl: TableDecl }
  | { kind: "member"; info: EnumInfo; member: string }
  | { kind: "rounding"; mode: string }
  /** A comprehension or per-element variable; `list` is the input it ranges over, if any. */
  | { kind: "local"; name: string; type: Type; list?: InputDecl; index: string };

/** The index of a comprehension's (or per-element definition's) variable in generated code: named after the variable, so code does not change when other rules do. */
export const loopIndex = (variable: string) => `${variable}$i`;
