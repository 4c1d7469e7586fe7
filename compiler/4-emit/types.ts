import type { EngineCode } from "./emit-engine.ts";
import type { JsonSchema } from "./emit-schema.ts";

/** What later phases read of the checked edition the engines are emitted from. */
export type { Amendment, Chart, CheckedEdition, ExampleModel, ProcedureModel, RuleDocument, TableKey, TableModel } from "../3-check/types.ts";

/** Phase 4 output: the engines of one edition, as source text. */
interface EmittedEngine extends EngineCode {
  procedure: string;
  /** Path under generated/, e.g. `ocs/4.3/overrun.ts`. */
  path: string;
  /** Its inputs as standard JSON Schema (draft 2020-12), for tools in other languages: published beside it. */
  inputSchema: JsonSchema;
}

/** The three files of an engine as published: TypeScript, JavaScript and the JavaScript's declarations. */
export interface EngineFiles {
  source: string;
  javascript: string;
  declarations: string;
}

/** A module engines import besides the runtime: a notation's parser (`notations/ocs-combat-result.js`). */
export interface SharedModule {
  /** Path under generated/. */
  path: string;
  /** How the edition's engines import it. */
  specifier: string;
  javascript: string;
}

export interface EmittedEdition {
  ruleset: string;
  edition: string;
  /** The specifier engines use to import the runtime (relative to their folder). */
  runtimeImport: string;
  /** The specifier the engines' published JavaScript uses to import the runtime's JavaScript. */
  runtimeJavaScriptImport: string;
  engines: EmittedEngine[];
  /** The notation parsers its engines import. */
  modules: SharedModule[];
}
