import { posix } from "node:path";
import { supersededIndex } from "../3-check/superseded.ts";
import type { CheckedEdition } from "../3-check/types.ts";
import { javaScriptSpecifier, metadataStatement, type EngineHeader } from "./emit-engine.ts";
import type { TsStmt } from "./ts/ast.ts";
import { printDeclarations, printModule } from "./ts/print.ts";
import type { EmittedEdition, EngineFiles } from "./types.ts";

/**
 * The engines an edition publishes as another edition's. Where an edition's rules
 * for a procedure compile to the very code of the engine of the edition it
 * supersedes (errata that change nothing the procedure reads), its module exports
 * that engine with its own metadata (`sharingEngine`): a page that offers both
 * editions loads the engine once, and the site bundles it once.
 * By engine path (`ocs/4.3-errata-2019/overrun.ts`): the files of its module, which
 * runs the engine found down the chain of editions (`ocs/4.3/overrun.ts`).
 */
export function sharedEngines(checked: readonly CheckedEdition[], emitted: readonly EmittedEdition[]): Map<string, EngineFiles> {
  const shared = new Map<string, string>();
  const settled = new Set<number>();
  const settle = (i: number): void => {
    if (settled.has(i)) return;
    settled.add(i);
    const older = supersededIndex(checked, checked[i]);
    if (older < 0) return;
    settle(older);
    for (const engine of emitted[i].engines) {
      const base = emitted[older].engines.find((e) => e.procedure === engine.procedure);
      if (base && base.shareKey === engine.shareKey) shared.set(engine.path, shared.get(base.path) ?? base.path);
    }
  };
  checked.forEach((_, i) => settle(i));
  const engines = new Map(emitted.flatMap((edition) => edition.engines.map((engine) => [engine.path, engine])));
  return new Map([...shared].map(([path, runs]) => [path, sharingEngine(engines.get(path)!.header, path, runs)]));
}

/**
 * The module at `path` (under generated/) for an engine whose code is the engine at
 * `runs`: that engine's exports with this edition's metadata. Loaded beside it, the
 * two are one engine.
 */
function sharingEngine(header: EngineHeader, path: string, runs: string): EngineFiles {
  const relative = posix.relative(posix.dirname(path), runs);
  const shared = relative.startsWith(".") ? relative : `./${relative}`;
  const module = (from: string): TsStmt[] => [
    { type: "comment", text: `${header.comment}\nIts rules run the very code of the engine ${from}: this module is that engine, with this edition's metadata.` },
    { type: "blank" },
    { type: "exportAll", from },
    { type: "blank" },
    metadataStatement(header.metadata),
  ];
  const js = javaScriptSpecifier(shared);
  return { source: printModule(module(shared)), javascript: printModule(module(js), { javascript: true }), declarations: printDeclarations(module(js)) };
}
