// Drives `hexlaw build --watch` through its own rebuild (compiler/cli/watch.ts),
// in a process of its own, for test/compiler/cli/watch.test.ts:
//
//   node [--expose-gc] watch-driver.ts <compiler dir> <root> serve
//     rebuilds once per line "rebuild" on stdin, then prints "rebuilt";
//   node --expose-gc watch-driver.ts <compiler dir> <root> edits <file> <count> <mark>…
//     edits <file> (under root) <count> times, rebuilding after each, and prints
//     {"rss": {"<mark>": bytes, …}} with the resident size after the edits named.
import { readFileSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [compilerDir, root, mode, ...rest] = process.argv.slice(2);
const { startWatching } = (await import(pathToFileURL(join(compilerDir, "cli/watch.ts")).href)) as typeof import("../../compiler/cli/watch.ts");
const watcher = await startWatching(root, { files: false });

if (mode === "serve") {
  process.stdout.write("ready\n");
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() !== "rebuild") continue;
    await watcher.rebuild("rebuild");
    process.stdout.write("rebuilt\n");
  }
} else {
  const [file, count, ...marks] = rest;
  const path = join(root, file);
  const original = readFileSync(path, "utf8");
  const rss: Record<string, number> = {};
  for (let edit = 1; edit <= Number(count); edit++) {
    // A new procedure title each time: a new engine to emit, load and verify.
    writeFileSync(path, original.replace(/procedure (\w+) "([^"]*)"/, `procedure $1 "$2, edit ${edit}"`));
    await watcher.rebuild(`edit ${edit}`);
    if (marks.includes(String(edit))) {
      // Settle first: full collections, and a moment for freed pages to go back.
      for (let i = 0; i < 3; i++) (globalThis as { gc?: () => void }).gc?.();
      await new Promise((done) => setTimeout(done, 200));
      rss[edit] = process.memoryUsage().rss;
    }
  }
  process.stdout.write(`${JSON.stringify({ rss })}\n`);
}
watcher.close();
process.exit(0);
