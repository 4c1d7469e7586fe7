#!/usr/bin/env node
import { resolve } from "node:path";
import { findRoot, parseArgs, readJsonArgument, rootOf, UsageError } from "./args.ts";
import { build } from "./build.ts";
import { check } from "./check.ts";
import { explain } from "./explain.ts";
import { test } from "./test.ts";
import { USAGE } from "./usage.ts";
import { hexlawVersion } from "./version.ts";
import { formatDiagnostic, printable } from "../diagnostics/format.ts";
import { internalError } from "../diagnostics/internal-error.ts";

const OPTIONS: Record<string, { valued: string[]; boolean: string[] }> = {
  build: { valued: ["root"], boolean: ["watch"] },
  check: { valued: ["root"], boolean: [] },
  test: { valued: ["root"], boolean: [] },
  explain: { valued: ["root", "input", "dice"], boolean: ["json"] },
  diff: { valued: ["root", "samples", "seed"], boolean: ["json"] },
  mutate: { valued: ["root", "samples", "seed", "transcription"], boolean: ["json"] },
  import: { valued: ["root", "revision", "pages", "base", "source-title"], boolean: [] },
  init: { valued: ["root"], boolean: [] },
  pack: { valued: ["root", "out", "name"], boolean: [] },
  lsp: { valued: ["root"], boolean: ["stdio"] },
};



async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "--help" || command === "-h" || command === "help") {
    process.stdout.write(`${USAGE.main}\n`);
    return command ? 0 : 2;
  }
  if (command === "--version" || command === "-v") {
    process.stdout.write(`hexlaw ${hexlawVersion()}\n`);
    return 0;
  }
  const options = OPTIONS[command];
  if (!options) throw new UsageError(`unknown command \`${command}\`; commands are: ${Object.keys(OPTIONS).join(", ")}`);
  const parsed = parseArgs(rest, options.valued, options.boolean);
  if (parsed.flags.has("help")) {
    process.stdout.write(`${USAGE[command]}\n`);
    return 0;
  }
  if (command === "init") {
    // A new rulebook may have no rules/ yet: then it starts in the current folder (or --root, made if need be).
    const given = parsed.flags.get("root");
    const { init } = await import("./init.ts");
    return init(parsed.positionals[0], typeof given === "string" ? resolve(given) : (findRoot(process.cwd()) ?? process.cwd()));
  }
  const root = rootOf(parsed);
  switch (command) {
    case "build":
      if (parsed.flags.has("watch")) {
        const { watch } = await import("./watch.ts");
        return watch(root);
      }
      return build(root);
    case "check":
      return check(root);
    case "test":
      return test(root);
    case "explain": {
      const input = parsed.flags.get("input");
      const dice = parsed.flags.get("dice");
      return explain(
        root,
        parsed.positionals[0],
        typeof input === "string" ? readJsonArgument("input", input) : undefined,
        typeof dice === "string" ? readJsonArgument("dice", dice) : undefined,
        parsed.flags.has("json"),
      );
    }
    case "diff": {
      const { diff } = await import("./diff.ts");
      return diff(root, parsed);
    }
    case "mutate": {
      const { mutate } = await import("./mutate.ts");
      return mutate(root, parsed);
    }
    case "pack": {
      const { pack } = await import("./pack.ts");
      return pack(root, parsed);
    }
    case "lsp": {
      const { serve } = await import("../lsp/server.ts");
      serve(root);
      return new Promise<number>(() => {});
    }
    case "import": {
      const { importCommand } = await import("./import.ts");
      return importCommand(root, parsed);
    }
  }
  return 2;
}

// A reader that stops early (`hexlaw diff … | head`) closes the pipe: stop quietly, not with a stack trace.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") process.stderr.write(`hexlaw: cannot write the output: ${error.message}\n`);
  process.exit(error.code === "EPIPE" ? 0 : 70);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`hexlaw: ${printable(error.message)}\nRun \`hexlaw --help\` for usage.\n`);
      process.exitCode = 2;
      return;
    }
    process.stderr.write(`${formatDiagnostic(internalError(error), () => undefined)}\n`);
    process.exitCode = 70;
  },
);
