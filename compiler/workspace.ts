import { BuildCache } from "./cache.ts";
import { compile, type CompileResult } from "./compile.ts";
import type { Diagnostic } from "./diagnostics/diagnostic.ts";

/**
 * A corpus as an editor holds it, for a language server: the last compile, the work it can
 * reuse (compiler/cache.ts: documents, engines, example runs, comparisons, all keyed by
 * content, so an edit compiles again only what depends on it), and the documents open with
 * unsaved text, which are compiled instead of what is on disk. It never writes generated/
 * (`hexlaw build` does, from the saved files).
 */
export class Workspace {
  readonly root: string;
  private readonly cache = new BuildCache();
  private readonly unsaved = new Map<string, string>();
  private last: Promise<CompileResult> | undefined;

  constructor(root: string) {
    this.root = root;
  }

  /**
   * A document's text as the editor holds it (`file` relative to the root: `rules/…`), or
   * null once it is saved or closed (then it is read from disk); compiles again.
   */
  update(file: string, text: string | null): Promise<CompileResult> {
    if (text === null) this.unsaved.delete(file);
    else this.unsaved.set(file, text);
    return this.compile();
  }

  /** Compiles the corpus as it is now (after the compile running, if one is: they never overlap). */
  compile(): Promise<CompileResult> {
    const unsaved = new Map(this.unsaved);
    const run = () => compile({ root: this.root, cache: this.cache, unsaved });
    this.last = this.last ? this.last.then(run, run) : run();
    return this.last;
  }

  /** The last compile (the first is started if there was none). */
  result(): Promise<CompileResult> {
    return this.last ?? this.compile();
  }

  /** The last compile's diagnostics placed in `file`. */
  async diagnostics(file: string): Promise<Diagnostic[]> {
    return (await this.result()).diagnostics.filter((d) => d.place?.file === file);
  }
}
