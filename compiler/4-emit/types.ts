/** Phase 4 output: the engines of one edition, as source text. */
interface EmittedEngine {
  procedure: string;
  /** Path under generated/, e.g. `ocs/4.3/overrun.ts`. */
  path: string;
  source: string;
  /** The same module without types, for loading in-process (examples, diffs); published as `.js` beside the `.ts`. */
  javascript: string;
  /** What the module exports, typed: published as `.d.ts` beside the `.js`. */
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
  engines: EmittedEngine[];
  /** The notation parsers its engines import. */
  modules: SharedModule[];
}
