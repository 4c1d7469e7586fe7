/** Help texts; `hexlaw <command> --help` prints the command's own. */
export const USAGE: Record<string, string> = {
  main: `hexlaw — compile annotated wargame rulebooks into engines, test vectors and a rule index

Usage: hexlaw <command> [options]

Commands:
  build      compile rules/ and write generated/ (engines, schemas, vectors, rule index)
  check      report diagnostics; fail if any document has an error or generated/ is stale
  test       run every edition's test vectors against its generated engines
  explain    resolve one situation with an engine and show the outcome and its trace
  diff       compare two editions of a ruleset: text, formal rules and behaviour
  mutate     mutation-test an edition's formal rules: which changes no vector notices
  import     convert Hugo pages into rule documents, or merge an upstream change into them
  init       start a new edition: its metadata and a first chapter that builds as it is
  lsp        a language server over stdio for editors: diagnostics, hover, definition, completion
  pack       write an edition's engines as an npm package (a tarball with no dependencies)

Options for every command:
  --root <dir>   the folder holding rules/ and generated/ (default: the nearest folder,
                 from the current one upwards, that holds rules/)
  --help         show help for the command
  --version      print Hexlaw's version (\`hexlaw --version\`)

Run \`hexlaw <command> --help\` for a command's options.`,
  build: `Usage: hexlaw build [--watch] [--root <dir>]

Compiles rules/ and, if there are no errors, replaces generated/ with the result.
A failed build prints every diagnostic and leaves generated/ untouched.

  --watch   keep running; recompile when a file in rules/ or grammar/ changes`,
  lsp: `Usage: hexlaw lsp [--stdio] [--root <dir>]

Speaks the Language Server Protocol on stdin and stdout for the rule documents of
rules/ (an editor starts it: see compiler/lsp/vscode/README.md). Diagnostics as
you type, hover, go to definition and completion; it never writes generated/.

  --stdio   accepted for editors that pass it; stdio is the only transport`,
  check: `Usage: hexlaw check [--root <dir>]

Compiles rules/ without writing anything. Exits with 1 if any document has an
error, or if generated/ differs from what \`hexlaw build\` would write.`,
  test: `Usage: hexlaw test [--root <dir>]

Runs every vector in generated/**/<procedure>.vectors.json against its engine.
Each failure is printed with the example's file:line. Disputed examples are
checked to still produce what the rules produced when they were recorded.`,
  explain: `Usage: hexlaw explain <ruleset>/<edition>/<procedure> --input <json> [--dice <json>] [--json]

Resolves one situation and prints whether it is allowed (with the violated
rules), every output, and the trace: each step with its value, paragraph and
a short quote from the rule.

  --input <json>   the inputs: inline JSON, or @file.json / a path to a JSON file
                   (a regular file of at most 1 MiB)
  --dice <json>    rolled totals, e.g. '{"combat_roll": 7}' (or @file.json)
  --json           print the resolution as JSON

Example:
  hexlaw explain ocs/4.3/overrun --input @situation.json --dice '{"surprise_roll":8,"shift_roll":3,"combat_roll":7}'`,
  diff: `Usage: hexlaw diff <ruleset> <from-edition> <to-edition> [--json] [--samples <n>] [--seed <n>]
       hexlaw diff <ruleset>/<from-edition> <ruleset>/<to-edition> [...]

Reports what changed between two editions: the errata the newer one applies
(when it extends the older), paragraphs added, removed,
renumbered and reworded (with a word diff); definitions, requirements, tables
and examples that changed; and the answers that differ when both editions'
engines run on every vector of both and on generated inputs.

  --json         print the report as JSON
  --samples <n>  random inputs per procedure besides boundary values (default 200, at most 100000)
  --seed <n>     seed of the random sample (default 1, at most 4294967295)

Exit code: 0 when no answer differs, 1 when behaviour changed, 2 on bad usage.`,
  mutate: `Usage: hexlaw mutate [<ruleset>/<edition>] [--json] [--samples <n>] [--seed <n>] [--transcription <file>]

Mutation testing of the formal rules. Changes the edition's rules blocks and
charts one thing at a time — a comparison or arithmetic operator, and/or, a
dropped not, a numeric constant (±1, ×2, 0), a rounding mode, min/max,
every/some, first/last, the branches of an if, a chart cell (replaced by a
neighbouring cell's value) — recompiles the edition in process and replays
every vector of each engine that changed. A mutant is killed when some
vector's answer changes. Prints the kill rate, killed / (killed + survived),
and, paragraph by paragraph, the mutants no vector kills: rules that no
worked example pins down. Mutants that leave every engine byte for byte the
same are equivalent; those that do not compile are invalid; neither counts.
A survivor that no sampled situation tells apart is marked probably
equivalent. Without an edition, every edition is tested and the kill rates
are listed first.

  --json         print the report as JSON
  --samples <n>  situations sampled per survivor to look for a difference (default 60, at most 100000; 0: none)
  --seed <n>     seed of that sample (default 1, at most 4294967295)
  --transcription <file>
                 the printed charts transcribed apart from the rules: each chart's
                 table under a heading "#### <chart id>"; a chart cell's mutant that
                 makes its chart differ from it is killed by it (counted apart)

Exit code: 0 (survivors are reported, not failures), 2 on bad usage or a corpus with errors.

Examples:
  hexlaw mutate ocs/4.3
  hexlaw mutate ocs/4.3 --transcription test/fixtures/sources/ocs-4.3-charts-pdf.md`,
  import: `Usage: hexlaw import <source> <ruleset>/<edition> [--revision <rev>] [--pages <path>] [--base <source-or-rev>] [--source-title <title>]

Converts the Markdown pages of a Hugo site into rule documents of
rules/<ruleset>/<edition>/ (its edition.yaml must exist: its numbering says what a
paragraph is). <source> is a folder (the pages folder or the whole site) or a git
directory. Markup only: the Hugo front matter becomes a rule document's (provenance
names the page, the site and its URL), the page title the chapter heading; raw <br>
lines and colour <span>s go; Hugo links ({{< ref >}}, absolute paths) become relative
links; an image on a line of its own becomes a ::figure directive showing the file,
copied unchanged into the edition's figures/ (its URL in figures/sources.yaml).

A page whose document already exists (same slug) is merged into it paragraph by
paragraph: text upstream changed replaces the old, and the document's rules blocks,
notes and other annotations stay after the paragraph they follow. A paragraph changed
both upstream and here since the last import is a conflict (HX0701–HX0704): it is
reported with its place and the upstream text, and the document keeps its own.
The git revision a document was merged from is recorded in its provenance as the base
of the next import.

  --revision <rev>       the revision of a git directory to import (default HEAD)
  --pages <path>         the pages folder inside <source> (default: the folder with the most pages)
  --base <source-or-rev> what the documents were imported from, when they record no revision:
                         a folder, or a revision of the git directory
  --source-title <title> the source's name in provenance (default: the Hugo site's title)

Exit code: 0, or 1 when a paragraph conflicts (the rest is merged and written).

Example:
  hexlaw import ../ocs-v4.3-rules.git ocs/4.3`,
  init: `Usage: hexlaw init <ruleset>/<edition> [--root <dir>]

Starts an edition of a ruleset: writes rules/<ruleset>/ruleset.yaml (unless the
ruleset has one), rules/<ruleset>/<edition>/edition.yaml, with numbering patterns
for the common schemes (5.1, 8.1a, 13.A, 12.D.2.a, list items 1) and A)), and a
first chapter with a chart, a worked example, a rules block and a calculator.
They build, test and show on the site as they are; then replace the chapter with
the rulebook's text.

It overwrites nothing: when a file it would write is there already, it writes
nothing, lists what it would have written, and exits with 1.

The root is --root (made if need be), else the nearest folder from the current
one upwards that holds rules/, else the current folder.

Example:
  hexlaw init europa/third-reich`,
  pack: `Usage: hexlaw pack <ruleset>/<edition> [--out <dir>] [--name <package name>] [--root <dir>]

Writes the edition's engines as an npm tarball, <name>-<version>.tgz, that depends
on nothing: each engine's JavaScript and declarations, its input schema and
vectors, the runtime, the rule index, the formats' JSON Schemas, a README made from
the edition (its procedures, their inputs, and a usage example that resolves one of
its worked examples) and LICENSE.md (the code's licence, MIT, and the rules text's
credit and licence from the edition's sources). Install it with npm install <tarball>,
or publish it with npm publish <tarball>.

Its version is <engine format>.<release>.0: the major version is the engine format
(metadata.formats.engine), the minor one the edition's \`release\` (edition.yaml).
It packs generated/ as \`hexlaw build\` wrote it, and refuses (exit 1) when that is
not up to date with rules/ and the compiler.

  --out <dir>     where to write the tarball (default: the current folder)
  --name <name>   the package's name (default: @hexlaw/<ruleset>-<edition>, in lower case)

Example:
  hexlaw pack ocs/4.3 --out dist/packages`,
};
