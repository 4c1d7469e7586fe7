import { posix } from "node:path";
import type { CheckedEdition } from "../3-check/types.ts";
import type { EmittedEdition } from "./types.ts";

/**
 * The engines an edition publishes as another edition's. Where an edition's rules
 * for a procedure compile to the very code of the engine of the edition it
 * supersedes (errata that change nothing the procedure reads), its module exports
 * that engine with its own metadata (emit-engine.ts, `sharingEngine`): a page that
 * offers both editions loads the engine once, and the site bundles it once.
 * By engine path (`ocs/4.3-errata-2019/overrun.ts`): the engine whose code it runs,
 * followed down the chain of editions (`ocs/4.3/overrun.ts`).
 */
export function sharedEngines(checked: readonly CheckedEdition[], emitted: readonly EmittedEdition[]): Map<string, string> {
  const shared = new Map<string, string>();
  const settled = new Set<number>();
  const settle = (i: number): void => {
    if (settled.has(i)) return;
    settled.add(i);
    const { ruleset, edition } = checked[i].resolved;
    const older = checked.findIndex((e) => e.resolved.ruleset.id === ruleset.id && e.resolved.edition.id === edition.supersedes);
    if (older < 0) return;
    settle(older);
    for (const engine of emitted[i].engines) {
      const base = emitted[older].engines.find((e) => e.procedure === engine.procedure);
      if (base && base.shareKey === engine.shareKey) shared.set(engine.path, shared.get(base.path) ?? base.path);
    }
  };
  checked.forEach((_, i) => settle(i));
  return shared;
}

/** How the module at `from` imports the module at `to` (both paths under generated/). */
export function moduleSpecifier(from: string, to: string): string {
  const path = posix.relative(posix.dirname(from), to);
  return path.startsWith(".") ? path : `./${path}`;
}
