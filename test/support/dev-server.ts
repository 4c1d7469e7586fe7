// `npm run dev` (astro dev) in a temporary copy of the repository, for the dev server's
// end-to-end test and its benchmark: the compiler, the site and the grammars copied, the
// packages linked one by one (so the dev server's own caches, node_modules/.vite, stay in
// the copy), a rulebook put in by `prepare`, built once, then the dev server started as an
// editor starts it, and ready once its own first compile of rules/ is done.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { REPO, removeTemp, tempDir } from "./repo.ts";
import { cacheDir } from "../../compiler/cli/build.ts";

export interface DevServer {
  root: string;
  url: string;
  /** Everything the dev server printed so far. */
  output(): string;
  /** Resolves once the dev server's output matches `pattern`. */
  printed(pattern: RegExp): Promise<void>;
  /** Replaces the first `from` in a file of the copy (relative to its root) with `to`. */
  edit(file: string, from: string, to: string): void;
  close(): Promise<void>;
}

/** Runs the copy's own `hexlaw <args>` in it. */
export function hexlawIn(root: string, ...args: string[]): void {
  const run = spawnSync(process.execPath, [join(root, "compiler/cli/hexlaw.ts"), ...args], { cwd: root, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`hexlaw ${args.join(" ")} failed:\n${run.stderr}`);
}

export async function startDevServer(prepare: (root: string) => void): Promise<DevServer> {
  const root = tempDir("hexlaw-dev-");
  for (const part of ["compiler", "site", "grammar", "astro.config.mjs", "package.json", "package-lock.json", "tsconfig.json"]) cpSync(join(REPO, part), join(root, part), { recursive: true });
  mkdirSync(join(root, "node_modules"));
  for (const entry of readdirSync(join(REPO, "node_modules"))) if (!entry.startsWith(".") || entry === ".bin") symlinkSync(join(REPO, "node_modules", entry), join(root, "node_modules", entry));
  prepare(root);
  hexlawIn(root, "build");
  const port = await freePort();
  const dev: ChildProcess = spawn(process.execPath, [join(root, "node_modules/astro/bin/astro.mjs"), "dev", "--port", String(port)], {
    cwd: root,
    // As an editor starts it: none of this process's settings of Hexlaw or Vitest (Astro serves no page under VITEST).
    env: { ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(HEXLAW_|VITEST|NODE_ENV$|TEST$)/.test(key))), ASTRO_TELEMETRY_DISABLED: "1", NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => (output += chunk.toString());
  dev.stdout!.on("data", keep);
  dev.stderr!.on("data", keep);
  const printed = (pattern: RegExp) =>
    new Promise<void>((done, fail) => {
      const look = () => {
        if (pattern.test(output)) done();
        else if (dev.exitCode !== null) fail(new Error(`astro dev ended:\n${output}`));
        else dev.stdout!.once("data", look);
      };
      look();
    });
  const server: DevServer = {
    root,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    printed,
    edit(file, from, to) {
      const path = join(root, file);
      const text = readFileSync(path, "utf8");
      if (!text.includes(from)) throw new Error(`${file} has no ${JSON.stringify(from)}`);
      writeFileSync(path, text.replace(from, to));
    },
    async close() {
      if (dev.exitCode === null) {
        const ended = new Promise((done) => dev.once("exit", done));
        dev.kill();
        await ended;
      }
      if (!process.env.HEXLAW_KEEP_TEMP) removeTemp(root);
      // What the dev server's builds kept for the corpus (node_modules/.cache/hexlaw).
      removeTemp(cacheDir(root));
    },
  };
  try {
    // The dev server's own first compile of rules/ is done (it watches from before it).
    await printed(/initial build: /);
  } catch (error) {
    await server.close();
    throw error;
  }
  return server;
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}
