// The rule documents parsed from the build's start. Parsing is most of rendering a
// chapter, it depends on the text alone, and the pages are rendered one after another
// on Astro's thread only after Vite has bundled the site. So the build's first step
// (site/integration.ts) hands every rule document of rules/ to `parseAhead`: a worker
// thread (document-parser.ts) parses them while Astro loads and bundles, and
// render-chapter.ts takes the tree of a file from it when it was parsed from the very
// text being rendered, or parses the text itself.
import type { Root } from "mdast";
import { Settlements, shared, workAhead } from "./work-ahead.ts";

/** A document as the parser read it: its text (decoded as the compiler decodes it) and the tree parsed from it. */
export interface ParsedDocument {
  path: string;
  text: string;
  tree: Root;
}

/** The documents being parsed or parsed, by absolute path; null when the parser could not read or parse one. */
const ahead = () => shared("parsed-documents", () => new Map<string, Promise<ParsedDocument | null>>());

/** Starts parsing these rule documents (absolute paths) in a worker thread; whatever it does not parse, its reader parses. */
export function parseAhead(files: readonly string[]): void {
  const parsing = ahead();
  const parsed = new Settlements<ParsedDocument>();
  for (const path of files) parsing.set(path, parsed.expect(path));
  workAhead(new URL("./document-parser.ts", import.meta.url), { hexlawDocuments: [...files] }, parsed, (message: ParsedDocument | { path: string; failed: true }) =>
    parsed.settle(message.path, "failed" in message ? null : message),
  );
}

/** The tree the worker parsed from the file at `path`, if it parsed exactly `text` (else undefined: parse it). */
export async function parsedAhead(path: string, text: string): Promise<Root | undefined> {
  const parsed = await ahead().get(path);
  return parsed?.text === text ? parsed.tree : undefined;
}
