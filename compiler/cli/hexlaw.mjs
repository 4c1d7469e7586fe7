#!/usr/bin/env node
// The `hexlaw` command. The CLI itself is TypeScript, which Node runs directly from
// version 22.18 (and 23.6); the project pins Node 24 for its scripts. Under an older
// Node, say what to do instead of failing with a loader error.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 18) || (major === 23 && minor < 6)) {
  process.stderr.write(
    `hexlaw needs Node 24 (this is Node ${process.versions.node}).\n` +
      "Run it through npm, which uses the project's own Node: npx hexlaw …, or npm run hexlaw -- …\n",
  );
  process.exit(2);
}
await import("./hexlaw.ts");
