import { isAbsolute, join, relative, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  CompletionItemKind, createConnection, DiagnosticSeverity, MarkupKind, ProposedFeatures, TextDocuments, TextDocumentSyncKind,
  type Connection, type Diagnostic as LspDiagnostic, type Location, type Range,
} from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import type { CompileResult } from "../compile.ts";
import type { Diagnostic, Place } from "../diagnostics/diagnostic.ts";
import { Workspace } from "../workspace.ts";
import { complete } from "./complete.ts";
import { NameIndex } from "./names.ts";

/**
 * `hexlaw lsp`: a Language Server Protocol server over stdio for the rule documents of `root`
 * (rules/**\/*.md with their rules blocks, edition.yaml and ruleset.yaml). It holds the corpus in a
 * Workspace: an edit compiles again with the editor's unsaved text (only what depends on it), and
 * the compile's diagnostics are published; hover, definition and completion read the checked model
 * of the last compile that got as far as checking.
 */
export function serve(root: string, connection: Connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout)): void {
  const workspace = new Workspace(root);
  const documents = new TextDocuments(TextDocument);
  let index: NameIndex | undefined;
  /** Files the last published diagnostics were in (cleared when a compile has none there). */
  let published = new Set<string>();
  /** Edits not compiled yet, by file (null: closed); a compile takes them all, so a burst of keystrokes is one compile. */
  const pending = new Map<string, string | null>();
  let running: Promise<void> | undefined;

  const fileOf = (uri: string): string | undefined => {
    if (!uri.startsWith("file:")) return undefined;
    const file = relative(root, fileURLToPath(uri));
    return file.startsWith("..") || isAbsolute(file) ? undefined : file.split(sep).join("/");
  };
  const uriOf = (file: string) => pathToFileURL(join(root, file)).href;

  const publish = (result: CompileResult) => {
    const byFile = new Map<string, LspDiagnostic[]>();
    for (const d of result.diagnostics) {
      const file = d.place?.file ?? "rules";
      if (!byFile.has(file)) byFile.set(file, []);
      byFile.get(file)!.push(toLsp(d, uriOf));
    }
    // Every open document hears of each compile (none: its diagnostics are cleared), as does every file that had some.
    const open = documents.keys().flatMap((uri) => fileOf(uri) ?? []);
    for (const file of new Set([...published, ...open])) if (!byFile.has(file)) connection.sendDiagnostics({ uri: uriOf(file), diagnostics: [] });
    for (const [file, diagnostics] of byFile) connection.sendDiagnostics({ uri: uriOf(file), diagnostics });
    published = new Set(byFile.keys());
  };

  const compile = (): Promise<void> => {
    if (running) return running;
    running = (async () => {
      do {
        const edits = [...pending];
        pending.clear();
        let result: CompileResult;
        if (edits.length === 0) result = await workspace.compile();
        else for (const [file, text] of edits) result = await workspace.update(file, text);
        if (result!.editions.length > 0) index = new NameIndex(result!);
        publish(result!);
      } while (pending.size > 0);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  const edited = (uri: string, text: string | null) => {
    const file = fileOf(uri);
    if (file === undefined || !file.startsWith("rules/")) return;
    pending.set(file, text);
    void compile();
  };

  const place = (uri: string, position: { line: number; character: number }) => {
    const file = fileOf(uri);
    return file === undefined ? undefined : index?.at(file, position.line + 1, position.character + 1);
  };

  connection.onInitialize(() => ({
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      hoverProvider: true,
      definitionProvider: true,
      completionProvider: { triggerCharacters: ["@", ".", '"', " ", "{", "="] },
    },
    serverInfo: { name: "hexlaw" },
  }));
  connection.onInitialized(() => void compile());
  documents.onDidChangeContent(({ document }) => edited(document.uri, document.getText()));
  documents.onDidClose(({ document }) => edited(document.uri, null));
  connection.onDidChangeWatchedFiles(() => void compile());

  connection.onHover(({ textDocument, position }) => {
    const found = place(textDocument.uri, position);
    return found ? { contents: { kind: MarkupKind.Markdown, value: found.meaning.hover }, range: toRange(found.loc) } : null;
  });
  connection.onDefinition(({ textDocument, position }): Location | null => {
    const target = place(textDocument.uri, position)?.meaning.place;
    return target ? { uri: uriOf(target.file), range: toRange(target) } : null;
  });
  connection.onCompletion(({ textDocument, position }) => {
    const file = fileOf(textDocument.uri);
    const document = documents.get(textDocument.uri);
    if (!index || file === undefined || !document) return [];
    const before = document.getText({ start: { line: position.line, character: 0 }, end: position });
    return complete(index, file, position.line + 1, before).map((c) => ({
      label: c.label,
      kind: KINDS[c.kind],
      detail: c.detail,
      sortText: `${c.first ? "0" : "1"}${c.label}`,
    }));
  });

  documents.listen(connection);
  connection.listen();
}

const KINDS = {
  variable: CompletionItemKind.Variable,
  enumMember: CompletionItemKind.EnumMember,
  field: CompletionItemKind.Field,
  reference: CompletionItemKind.Reference,
  constant: CompletionItemKind.Constant,
  function: CompletionItemKind.Function,
  enum: CompletionItemKind.Enum,
  struct: CompletionItemKind.Struct,
} as const;

/** A compiler place (1-based lines and columns) as an LSP range (0-based). */
function toRange(place: Pick<Place, "start" | "end">): Range {
  return {
    start: { line: place.start.line - 1, character: place.start.column - 1 },
    end: { line: place.end.line - 1, character: place.end.column - 1 },
  };
}

/** A compiler diagnostic as the protocol has it: its code, range, message with the hint, notes as related places. */
function toLsp(d: Diagnostic, uriOf: (file: string) => string): LspDiagnostic {
  return {
    range: d.place ? toRange(d.place) : { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: d.severity === "error" ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    code: d.code,
    source: "hexlaw",
    message: d.hint ? `${d.message}\nhint: ${d.hint}` : d.message,
    relatedInformation: d.notes.flatMap((note) => (note.place ? [{ location: { uri: uriOf(note.place.file), range: toRange(note.place) }, message: note.message }] : [])),
  };
}
