// The worker of site/lib/parse-ahead.ts's `parseAhead`: reads each rule document as
// the compiler reads it (decodeSource) and parses it with the rule documents' syntax
// (parseSyntax), each tree posted back as it is done.
import { readFile } from "node:fs/promises";
import { parentPort, workerData } from "node:worker_threads";
import { tooDenseToParse } from "../../compiler/1-read/check-markup.ts";
import { decodeSource } from "../../compiler/1-read/read-source.ts";
import { parseSyntax } from "../../compiler/markdown/parse-markdown.ts";
import type { ParsedDocument } from "./parse-ahead.ts";

async function run(files: string[]): Promise<void> {
  for (const path of files) {
    try {
      const decoded = decodeSource(await readFile(path));
      if (decoded.kind !== "text") throw new Error("not text");
      // One the compiler will not parse (HX0038, HX0040) is not parsed here either.
      if (tooDenseToParse(decoded.text)) throw new Error("too dense to parse");
      parentPort!.postMessage({ path, text: decoded.text, tree: parseSyntax(decoded.text) } satisfies ParsedDocument);
    } catch {
      // Unreadable or not text: the page that renders it says why, if any does.
      parentPort!.postMessage({ path, failed: true });
    }
  }
}

const given = (workerData as { hexlawDocuments?: string[] } | null)?.hexlawDocuments;
if (parentPort && given) void run(given);
