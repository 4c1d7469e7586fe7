// The Hexlaw rules extension: starts `hexlaw lsp` (compiler/lsp/server.ts) in the workspace folder
// that holds rules/, for the rule documents (rules/**/*.md) and their edition.yaml and ruleset.yaml.
// Highlighting is the TextMate grammars of grammar/, copied into syntaxes/ by `npm install`.
const { workspace } = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

/** @type {LanguageClient | undefined} */
let client;

/** @param {import("vscode").ExtensionContext} context */
async function activate(context) {
  const folder = workspace.workspaceFolders?.[0];
  if (!folder) return;
  const [command, ...args] = workspace.getConfiguration("hexlaw").get("server.command", ["npx", "hexlaw", "lsp"]);
  const run = { command, args, options: { cwd: folder.uri.fsPath, shell: process.platform === "win32" } };
  client = new LanguageClient(
    "hexlaw",
    "Hexlaw",
    { run, debug: run },
    {
      documentSelector: [
        { scheme: "file", language: "markdown", pattern: "**/rules/**/*.md" },
        { scheme: "file", pattern: "**/rules/**/{edition,ruleset}.yaml" },
      ],
      synchronize: { fileEvents: workspace.createFileSystemWatcher("**/{rules,grammar}/**/*") },
    },
  );
  context.subscriptions.push(client);
  await client.start();
}

function deactivate() {
  return client?.stop();
}

module.exports = { activate, deactivate };
