#!/usr/bin/env node
// The `hexlaw` command. The CLI itself is TypeScript, which Node runs directly from
// version 22.18 (and 23.6); installed (a rulebook repository's dev dependency, under
// node_modules, where Node strips no types) it runs through typescript-hooks.mjs.
// An older Node is told what to do instead of failing with a loader error.
import module from "node:module";
import { join } from "node:path";

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 18) || (major === 23 && minor < 6)) {
  process.stderr.write(
    `hexlaw needs Node 22.18, 23.6 or later (this is Node ${process.versions.node}).\n` +
      "In the Hexlaw repository, run it through npm, which uses the project's own Node: npx hexlaw …, or npm run hexlaw -- …\n",
  );
  process.exit(2);
}
await import("../typescript-hooks.mjs");
// Node keeps the compiled code of the CLI's modules (types stripped) in Hexlaw's cache folder,
// keyed by their content: a run after the first starts sooner.
const { CACHE_FOLDER } = await import("../cache-files.ts");
module.enableCompileCache?.(join(CACHE_FOLDER, "compile"));
await import("./hexlaw.ts");
