// A Language Server Protocol client for the tests and the benchmark: starts `hexlaw lsp` as an
// editor does (a process speaking JSON-RPC on stdin and stdout) and drives it with vscode-jsonrpc.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from "vscode-jsonrpc/node";
import { REPO } from "./repo.ts";

export interface LspDiagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  severity: number;
  code: string;
  message: string;
  relatedInformation?: { location: { uri: string }; message: string }[];
}

export interface LspLocation {
  uri: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

export class LspClient {
  readonly root: string;
  private readonly child: ChildProcess;
  private readonly connection: MessageConnection;
  private readonly versions = new Map<string, number>();
  /** The diagnostics last published for each file (relative to the root), and who waits for the next. */
  private readonly published = new Map<string, LspDiagnostic[]>();
  private waiting: (() => void)[] = [];
  stderr = "";

  constructor(root: string) {
    this.root = root;
    this.child = spawn(process.execPath, [join(REPO, "compiler/cli/hexlaw.ts"), "lsp", "--stdio", "--root", root], { stdio: ["pipe", "pipe", "pipe"] });
    this.child.stderr!.on("data", (chunk) => (this.stderr += chunk));
    this.connection = createMessageConnection(new StreamMessageReader(this.child.stdout!), new StreamMessageWriter(this.child.stdin!));
    this.connection.onNotification("textDocument/publishDiagnostics", ({ uri, diagnostics }: { uri: string; diagnostics: LspDiagnostic[] }) => {
      this.published.set(relative(root, fileURLToPath(uri)).split(sep).join("/"), diagnostics);
      for (const wake of this.waiting.splice(0)) wake();
    });
    this.connection.listen();
  }

  uri(file: string): string {
    return pathToFileURL(join(this.root, file)).href;
  }

  async start(): Promise<void> {
    await this.connection.sendRequest("initialize", { processId: process.pid, rootUri: pathToFileURL(this.root).href, capabilities: {} });
    await this.connection.sendNotification("initialized", {});
  }

  /** Opens a file as saved (or with `text`). */
  async open(file: string, text = readFileSync(join(this.root, file), "utf8")): Promise<void> {
    this.versions.set(file, 1);
    await this.connection.sendNotification("textDocument/didOpen", { textDocument: { uri: this.uri(file), languageId: "markdown", version: 1, text } });
  }

  /** An edit as a keystroke sends it: the whole new text (not saved). */
  async change(file: string, text: string): Promise<void> {
    const version = (this.versions.get(file) ?? 1) + 1;
    this.versions.set(file, version);
    await this.connection.sendNotification("textDocument/didChange", { textDocument: { uri: this.uri(file), version }, contentChanges: [{ text }] });
  }

  /** The diagnostics of a file once a publication satisfies `until`. */
  async diagnostics(file: string, until: (diagnostics: LspDiagnostic[]) => boolean, timeout = 120_000): Promise<LspDiagnostic[]> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const now = this.published.get(file);
      if (now && until(now)) return now;
      if (Date.now() > deadline) throw new Error(`no diagnostics for ${file} as expected; last: ${JSON.stringify(now)}; stderr: ${this.stderr}`);
      await new Promise<void>((wake) => {
        this.waiting.push(wake);
        setTimeout(wake, 1000);
      });
    }
  }

  /** Forgets what was published (to wait for the next publication). */
  forget(file: string): void {
    this.published.delete(file);
  }

  hover(file: string, line: number, character: number): Promise<{ contents: { kind: string; value: string } } | null> {
    return this.connection.sendRequest("textDocument/hover", { textDocument: { uri: this.uri(file) }, position: { line, character } });
  }

  definition(file: string, line: number, character: number): Promise<LspLocation | null> {
    return this.connection.sendRequest("textDocument/definition", { textDocument: { uri: this.uri(file) }, position: { line, character } });
  }

  completion(file: string, line: number, character: number): Promise<{ label: string; kind: number; detail?: string; sortText?: string }[]> {
    return this.connection.sendRequest("textDocument/completion", { textDocument: { uri: this.uri(file) }, position: { line, character } });
  }

  async stop(): Promise<void> {
    await this.connection.sendRequest("shutdown").catch(() => {});
    await this.connection.sendNotification("exit").catch(() => {});
    await new Promise((done) => {
      if (this.child.exitCode !== null) return done(null);
      this.child.once("exit", done);
      setTimeout(() => this.child.kill(), 5000);
    });
    this.connection.dispose();
  }
}

/** The 0-based line and character of the `nth` (from 0) occurrence of `text` in a file's text, plus `offset` characters. */
export function position(source: string, text: string, offset = 0, nth = 0): { line: number; character: number } {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = source.indexOf(text, at + 1);
    if (at < 0) throw new Error(`\`${text}\` is not in the text (${nth + 1} times)`);
  }
  const before = source.slice(0, at + offset);
  const line = before.split("\n").length - 1;
  return { line, character: before.length - before.lastIndexOf("\n") - 1 };
}
