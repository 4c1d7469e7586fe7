import { readCorpus } from "./1-read/read-corpus.ts";
import type { BuildCache } from "./cache.ts";
import { fingerprint } from "./cache-files.ts";
import { resolveCorpus } from "./2-resolve/resolve-edition.ts";
import { checkEdition } from "./3-check/check-edition.ts";
import type { CheckedEdition } from "./3-check/types.ts";
import { emitEdition } from "./4-emit/emit-edition.ts";
import { sharedEngines } from "./4-emit/share-engines.ts";
import { supersededIndex } from "./3-check/superseded.ts";
import type { EmittedEdition } from "./4-emit/types.ts";
import { verifyExamples, type VerifiedExample } from "./5-verify/verify-examples.ts";
import { changesFile } from "./diff/changes-file.ts";
import { DIFF_DEFAULTS, diffEditions, type EditionBuild } from "./diff/diff-editions.ts";
import { json, publishEdition, type Files } from "./6-publish/publish-edition.ts";
import { publishRuntime } from "./6-publish/publish-runtime.ts";
import { hexlawFingerprint, publishBuildInputs } from "./build-inputs.ts";
import { FORMAT_SCHEMAS } from "./formats/schemas.ts";
import { FORMATS } from "./runtime/formats.ts";
import type { Diagnostic } from "./diagnostics/diagnostic.ts";
import { Session } from "./diagnostics/session.ts";
import { internalError } from "./diagnostics/internal-error.ts";

export interface CompileOptions {
  /** Repository root: rules/ and grammar/ are read from here, file names are shown relative to it. */
  root: string;
  /** Work reused from earlier builds, keyed by content (see compiler/cache.ts). */
  cache?: BuildCache;
  /** Text an editor has not saved, by file relative to the root (see compiler/workspace.ts). */
  unsaved?: ReadonlyMap<string, string>;
}

export interface CompileResult {
  ok: boolean;
  diagnostics: Diagnostic[];
  /** Every file of generated/, by path relative to it. Empty when there are errors. */
  files: Files;
  /** Source text of every file read, for code frames. */
  sources: Map<string, string>;
  editions: CheckedEdition[];
  /** The engines of each edition of `editions`, in the same order, once the build got that far. */
  emitted: EmittedEdition[];
  /** Milliseconds spent in each stage. */
  timings: Record<string, number>;
}

/**
 * Compiles the corpus: read → resolve → check → emit → verify → publish. Each
 * stage reports every problem it finds; the compiler stops after a stage that
 * found errors, so later stages never see a broken model.
 */
export async function compile(options: CompileOptions): Promise<CompileResult> {
  const session = new Session();
  try {
    return await stages(options, session);
  } catch (error) {
    // A bug in Hexlaw, not in the rules: say so as a diagnostic, never as a stack trace.
    session.diagnostics.push(internalError(error));
    return { ok: false, diagnostics: session.sorted(), files: new Map(), sources: new Map(), editions: [], emitted: [], timings: {} };
  }
}

async function stages(options: CompileOptions, session: Session): Promise<CompileResult> {
  const timings: Record<string, number> = {};
  let clock = performance.now();
  const lap = (stage: string) => {
    const now = performance.now();
    timings[stage] = now - clock;
    clock = now;
  };
  // What an earlier version of the compiler or the grammars made is not reused (see BuildCache).
  options.cache?.useVersion(hexlawFingerprint());
  const corpus = readCorpus({ ...options, cache: options.cache?.documents }, session);
  lap("read");
  const resolved = resolveCorpus(corpus, session);
  lap("resolve");
  const done = (editions: CheckedEdition[], files: Files = new Map(), emitted: EmittedEdition[] = []): CompileResult => ({
    ok: !session.hasErrors(),
    diagnostics: session.sorted(),
    files: session.hasErrors() ? new Map() : files,
    sources: corpus.sources,
    editions,
    emitted,
    timings,
  });
  if (session.hasErrors()) return done([]);

  const checked = resolved.map((edition) => checkEdition(edition, session));
  lap("check");
  if (session.hasErrors()) return done(checked);

  const emitted = checked.map((edition) => emitEdition(edition, options.cache));
  lap("emit");
  const verified: VerifiedExample[][] = [];
  for (const [i, edition] of checked.entries()) verified.push(await verifyExamples(edition, emitted[i], session, options.cache));
  lap("verify");
  if (session.hasErrors()) return done(checked, new Map(), emitted);

  const files: Files = new Map();
  const shared = sharedEngines(checked, emitted);
  const indexes = checked.map((edition, i) => publishEdition(edition, emitted[i], verified[i], files, shared));
  for (const [i, edition] of checked.entries()) {
    const older = supersededIndex(checked, edition);
    if (older < 0) continue;
    // The report depends only on the two editions' files (the engines and vectors are made from them).
    const key = fingerprint("changes", ...[checked[older], edition].flatMap(editionFiles).map((file) => `${file}\0${corpus.sources.get(file)}`));
    let report = options.cache?.reports.get(key);
    if (report === undefined) {
      report = json(await diffEditions({ checked: checked[older], emitted: emitted[older] }, { checked: edition, emitted: emitted[i] }, corpus.sources, DIFF_DEFAULTS, options.cache?.comparisons));
      options.cache?.reports.set(key, report);
    }
    files.set(changesFile(edition.resolved.ruleset.id, checked[older].resolved.edition.id, edition.resolved.edition.id), report);
  }
  publishRuntime(files);
  for (const [name, schema] of FORMAT_SCHEMAS) files.set(name, json(schema));
  files.set("index.json", json(corpusIndex(corpus.rulesets, indexes)));
  publishBuildInputs(options.root, files, session.sorted().filter((d) => d.severity === "warning").length);
  lap("publish");
  options.cache?.rotate();
  return done(checked, new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))), emitted);
}

/** An edition's checked rules and engines from a compile that got as far as emitting them. */
export function editionBuild(result: CompileResult, ruleset: string, edition: string): EditionBuild | undefined {
  const i = result.editions.findIndex((e) => e.resolved.ruleset.id === ruleset && e.resolved.edition.id === edition);
  return i >= 0 && result.emitted[i] ? { checked: result.editions[i], emitted: result.emitted[i] } : undefined;
}

function editionFiles(edition: CheckedEdition): string[] {
  return [edition.resolved.edition.file, ...edition.resolved.edition.documents.map((d) => d.file)];
}

function corpusIndex(rulesets: ReturnType<typeof readCorpus>["rulesets"], indexes: ReturnType<typeof publishEdition>[]) {
  return {
    format: FORMATS.ruleIndex,
    rulesets: rulesets.map((ruleset) => ({
      id: ruleset.id,
      title: ruleset.title,
      publisher: ruleset.publisher ?? null,
      description: ruleset.description ?? null,
      editions: indexes
        .filter((index) => index.ruleset.id === ruleset.id)
        .map((index) => ({
          id: index.edition.id,
          title: index.edition.title,
          date: index.edition.date,
          version: index.edition.version,
          supersedes: index.edition.supersedes,
          extends: index.edition.extends,
          documents: index.documents.map((d) => ({ slug: d.slug, section: d.section, title: d.title, order: d.order })),
          procedures: index.procedures.map((p) => ({ name: p.name, title: p.title, paragraph: p.paragraph, module: `${ruleset.id}/${index.edition.id}/${p.module}` })),
        })),
    })),
  };
}
