import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The repository's top level is fixed, so the test configuration lives here and
// `npm test` points at it: `vitest run --config test/vitest.config.ts`.
export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  test: {
    include: ["test/**/*.test.ts"],
    // Fixture corpora are inputs, not tests.
    exclude: ["**/node_modules/**", "test/**/fixtures/**", "test/**/fixture/**", "test/compiler/diagnostics/*/rules/**"],
    // Limits, not assertions: CLI tests start processes and property tests compile
    // hundreds of documents, which is slow on a busy machine.
    testTimeout: 120_000,
    hookTimeout: 600_000,
  },
});
