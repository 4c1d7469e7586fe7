import { fingerprint } from "../cache.ts";
import type { CheckedEdition, ProcedureModel } from "../3-check/types.ts";

/** Positions and back-references do not change what is emitted; bindings count by what they name. */
const SKIP = new Set(["loc", "nameLoc", "fieldLoc", "calleeLoc", "place", "decl", "elementLet"]);

function replacer(key: string, value: unknown): unknown {
  if (SKIP.has(key)) return undefined;
  if (key === "binding" && value && typeof value === "object") {
    const b = value as { kind: string; decl?: { name: string }; member?: string; mode?: string; name?: string; index?: string; list?: { name: string } };
    return [b.kind, b.decl?.name ?? b.member ?? b.mode ?? b.name, b.index, b.list?.name];
  }
  if (value instanceof Map) return [...value];
  return value;
}

/**
 * Everything the engine emitter reads for one procedure, hashed: the same
 * fingerprint always gives the same engine, so a rebuild can reuse it.
 */
export function procedureFingerprint(procedure: ProcedureModel, edition: CheckedEdition, runtimeImport: string): string {
  const { ruleset, edition: meta } = edition.resolved;
  const context = { ruleset: [ruleset.id, ruleset.title], edition: [meta.id, meta.title, meta.supersedes ?? null], runtimeImport };
  return fingerprint(JSON.stringify(context), JSON.stringify(procedure, replacer));
}
