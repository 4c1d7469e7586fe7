#!/usr/bin/env node
// The `hexlaw` command. The CLI itself is TypeScript, which Node runs directly from
// version 22.18 (and 23.6), but never under node_modules; the project pins Node 24 for
// its scripts. So it runs in a clone of the repository; an installed package carries
// the engines only. Say what to do instead of failing with a loader error.
import { existsSync } from "node:fs";
import module from "node:module";
import { fileURLToPath } from "node:url";

const [major, minor] = process.versions.node.split(".").map(Number);
if (!existsSync(new URL("./hexlaw.ts", import.meta.url))) {
  process.stderr.write(
    "The hexlaw command runs in a clone of the Hexlaw repository (npm install, then npx hexlaw …).\n" +
      'This installed package carries the engines only: import them, e.g. import * as overrun from "hexlaw/engines/ocs/4.3/overrun".\n',
  );
  process.exit(2);
}
if (major < 22 || (major === 22 && minor < 18) || (major === 23 && minor < 6)) {
  process.stderr.write(
    `hexlaw needs Node 24 (this is Node ${process.versions.node}).\n` +
      "Run it through npm, which uses the project's own Node: npx hexlaw …, or npm run hexlaw -- …\n",
  );
  process.exit(2);
}
// Node keeps the compiled code of the CLI's modules (types stripped) beside Hexlaw's other caches,
// keyed by their content: a run after the first starts sooner.
module.enableCompileCache?.(fileURLToPath(new URL("../../node_modules/.cache/hexlaw/compile/", import.meta.url)));
await import("./hexlaw.ts");
