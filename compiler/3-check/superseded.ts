import type { CheckedEdition } from "./types.ts";

/** Where in `editions` the edition that `edition` supersedes is (the same ruleset's), or -1. */
export function supersededIndex(editions: readonly CheckedEdition[], edition: CheckedEdition): number {
  const { ruleset, edition: meta } = edition.resolved;
  return meta.supersedes ? editions.findIndex((e) => e.resolved.ruleset.id === ruleset.id && e.resolved.edition.id === meta.supersedes) : -1;
}
