// The full book against the corpus before it, built side by side on this machine in
// one run: `npm run build` (compile, site, search index) of this repository, and of
// a git worktree of the last commit before the whole OCS 4.3 rulebook (or of
// HEXLAW_BENCH_BASE=<commit>). Both cold: no dist/ and no Astro cache before each.
// Target: the full book within 2× of the earlier corpus. The shards of the rule
// numbers that search loads on the first keystroke: target ≤ 15 KB gz.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { root } from "../site/helpers/site.ts";
import { coldBuild, dropAside, ms, row } from "./measure.ts";

const git = (...args: string[]) => execFileSync("git", ["-C", root, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

/** The commit before the one that brought in the rest of the OCS 4.3 chapters. */
function baseCommit(): string | null {
  if (process.env.HEXLAW_BENCH_BASE) return process.env.HEXLAW_BENCH_BASE;
  const added = git("log", "--format=%H", "--diff-filter=A", "--", "rules/ocs/4.3/01-scale.md").split("\n").filter(Boolean).at(-1);
  return added ? `${added}^` : null;
}

function words(dir: string): number {
  let n = 0;
  const walk = (d: string) => {
    for (const name of readdirSync(d, { withFileTypes: true })) {
      if (name.isDirectory()) walk(join(d, name.name));
      else if (name.name.endsWith(".md") && name.name !== "README.md") n += readFileSync(join(d, name.name), "utf8").split(/\s+/).length;
    }
  };
  walk(join(dir, "rules"));
  return n;
}

export async function run(): Promise<void> {
  process.stdout.write("Corpus: the full book against the earlier corpus\n");
  const base = baseCommit();
  if (!base) {
    row("earlier corpus", "no base commit found (set HEXLAW_BENCH_BASE)");
    return;
  }
  const worktree = join(tmpdir(), `hexlaw-bench-base-${process.pid}`);
  git("worktree", "add", "--detach", "--force", worktree, base);
  try {
    symlinkSync(join(root, "node_modules"), join(worktree, "node_modules"));
    const earlier = coldBuild(worktree);
    const full = coldBuild(root);
    row(`earlier corpus (${git("rev-parse", "--short", base)}, ${words(worktree)} words): npm run build`, ms(earlier));
    row(`full book (${words(root)} words): npm run build`, ms(full));
    row("full book / earlier corpus", `${(full / earlier).toFixed(2)}×`, "target ≤ 2×");
  } finally {
    dropAside(worktree);
    dropAside(root);
    git("worktree", "remove", "--force", worktree);
  }
  const shards = join(root, "dist/search/rule-numbers");
  if (existsSync(shards)) {
    const sizes = readdirSync(shards).map((name) => ({ name, gz: gzipSync(readFileSync(join(shards, name)), { level: 9 }).length }));
    const largest = sizes.sort((a, b) => b.gz - a.gz)[0];
    row(`rule-number shards (${sizes.length}); largest (${largest.name})`, `${(largest.gz / 1024).toFixed(1)} KB gz`, "target ≤ 15 KB");
    const all = gzipSync(Buffer.concat(sizes.map((s) => readFileSync(join(shards, s.name)))), { level: 9 }).length;
    row("  … all shards together (what one file would be)", `${(all / 1024).toFixed(1)} KB gz`);
  }
}
