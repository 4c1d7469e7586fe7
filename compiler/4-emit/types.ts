import type { EngineCode } from "./emit-engine.ts";

/** Phase 4 output: the engines of one edition, as source text. */
interface EmittedEngine extends EngineCode {
  procedure: string;
  /** Path under generated/, e.g. `ocs/4.3/overrun.ts`. */
  path: string;
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
  engines: EmittedEngine[];
  /** The notation parsers its engines import. */
  modules: SharedModule[];
}
