// The write phase of `hexlaw build` alone (writeGenerated, compiler/generated-files.ts),
// for test/compiler/cli/atomic-build.test.ts to kill many times without compiling
// each time:  node write-phase.ts <generated dir> <file with the new tree as JSON [path, content][]>
import { readFileSync } from "node:fs";
import { writeGenerated } from "../../compiler/generated-files.ts";

const [dir, tree] = process.argv.slice(2);
writeGenerated(dir, new Map(JSON.parse(readFileSync(tree, "utf8")) as [string, string][]));
