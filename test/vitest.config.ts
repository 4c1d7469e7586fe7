import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The repository's top level is fixed, so the test configuration lives here and
// `npm test` points at it: `vitest run --config test/vitest.config.ts`.
//
// Three layers (Vitest projects), all run by `npm test`:
// - unit (and unit-isolated): the compiler's passes, the runtime, the diagnostics fixtures, the
//   vectors and the site's libraries, in process. What an editor runs after each change:
//   `npm run test:unit` (`--project 'unit*'`).
// - property: fast-check properties over generated documents, inputs and engines.
// - e2e: what runs the product whole: the built site in Chromium, builds of the site, the
//   command line and the packed package as processes, the type check of the whole project.
//   The site is built once before them (test/site/helpers/global-setup.ts).

/** Files under test/site/ that read no built site and start no browser: the site's libraries, in process. */
const SITE_UNITS = [
  "test/site/astro-options.test.ts",
  "test/site/base.test.ts",
  "test/site/calculator/**",
  "test/site/edition-map.test.ts",
  "test/site/image-service.test.ts",
  "test/site/parse-ahead.test.ts",
  "test/site/plugins.test.ts",
  "test/site/precache-entries.test.ts",
  "test/site/search-records.test.ts",
  "test/site/search-words.test.ts",
  "test/site/serve.test.ts",
  "test/site/dev-pages.test.ts",
  "test/site/xss.test.ts",
];

/** Everything else under test/site/, and what else starts processes of the whole product or type-checks all of it. */
const E2E = ["test/compiler/cli/**/*.test.ts", "test/editions/package.test.ts", "test/editions/edition-package.test.ts", "test/editions/exports.test.ts", "test/project/**/*.test.ts"];

const PROPERTY = ["test/property/**/*.test.ts"];

/**
 * Measurements, not tests: how long the main thread is busy under a fourfold slowdown depends on
 * what else the machine runs, so it is measured on a quiet machine with `npm run measure`
 * (HEXLAW_MEASURE=1), never in `npm test`.
 */
const MEASURE = ["test/site/long-tasks.test.ts"];

const UNIT = ["test/!(site|property)/**/*.test.ts", ...SITE_UNITS];

/**
 * Unit tests that need modules of their own (run in the project "unit-isolated"): one mocks a
 * module of the compiler (vi.mock), one imports the site's libraries for a corpus named by
 * HEXLAW_ROOT, which they read when first imported.
 */
const ISOLATED = ["test/compiler/language/limits.test.ts", "test/site/edition-map.test.ts"];

/** Fixture corpora are inputs, not tests. */
const FIXTURES = ["**/node_modules/**", "test/**/fixtures/**", "test/**/fixture/**", "test/compiler/diagnostics/*/rules/**"];

export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  test: {
    // Limits, not assertions: CLI tests start processes and property tests compile
    // hundreds of documents, which is slow on a busy machine.
    testTimeout: 120_000,
    hookTimeout: 600_000,
    // Vitest's default is one worker fewer than the processors (one, on two): a file that
    // waits on Chromium or a child process then holds up every other file.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      // The unit tests share their workers' modules (isolate: false): a file does not load the compiler
      // again, and the real corpus is compiled once per worker (compiledRepository, test/support/repo.ts).
      { extends: true, test: { name: "unit", include: UNIT, exclude: [...FIXTURES, ...E2E, ...ISOLATED], isolate: false } },
      { extends: true, test: { name: "unit-isolated", include: ISOLATED, exclude: FIXTURES } },
      { extends: true, test: { name: "property", include: PROPERTY, exclude: FIXTURES } },
      { extends: true, test: { name: "e2e", include: ["test/site/**/*.test.ts", ...E2E], exclude: [...FIXTURES, ...SITE_UNITS, ...MEASURE], globalSetup: ["test/site/helpers/global-setup.ts"] } },
      ...(process.env.HEXLAW_MEASURE ? [{ extends: true, test: { name: "measure", include: MEASURE, globalSetup: ["test/site/helpers/global-setup.ts"] } }] : []),
    ],
  },
});
