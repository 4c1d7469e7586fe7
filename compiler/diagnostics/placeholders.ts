// Generated from compiler/diagnostics/catalog.md by placeholdersModule (compiler/diagnostics/catalog.ts): do not edit.
// test/compiler/diagnostics/catalog.test.ts fails when it is stale; UPDATE=1 writes it again.

/** What a placeholder is filled with. */
export type Value = string | number;

/** Every code of the catalog, and the values its message and hint are filled with. */
export interface Placeholders {
  /** unreadable-file: Cannot read {file}: {reason}. */
  HX0001: { file: Value; reason: Value };
  /** bad-metadata: {file}: {problem}. */
  HX0002: { file: Value; problem: Value };
  /** bad-front-matter: Front matter: {problem}. */
  HX0003: { problem: Value };
  /** front-matter-mismatch: Front matter says {field} is `{value}` but the file is in `{folder}`. */
  HX0004: { field: Value; value: Value; folder: Value };
  /** bad-numbering-pattern: Numbering pattern `{pattern}` is not a valid regular expression: {reason}. */
  HX0005: { pattern: Value; reason: Value };
  /** unknown-supersedes: Edition {edition} supersedes `{target}`, which is not an edition of {ruleset}. */
  HX0006: { edition: Value; target: Value; ruleset: Value };
  /** unknown-extends: Edition {edition} extends `{target}`, {problem}. */
  HX0007: { edition: Value; target: Value; problem: Value };
  /** edition-cycle: Edition {edition} {relation} `{target}`, {problem}. */
  HX0008: { edition: Value; relation: Value; target: Value; problem: Value };
  /** unsafe-url: {what} is `{url}`, which Hexlaw will not link to: {reason}. */
  HX0010: { what: Value; url: Value; reason: Value };
  /** unsafe-pattern: Numbering pattern `{pattern}` could take too long to run: {reason}. */
  HX0011: { pattern: Value; reason: Value };
  /** text-too-long: This run of text is {length} characters long; references are searched for in runs of at most {limit}. */
  HX0012: { length: Value; limit: Value };
  /** invalid-encoding: {file} is not valid UTF-8 here. */
  HX0013: { file: Value };
  /** nul-byte: {file} contains a NUL byte (shown as \u0000). */
  HX0014: { file: Value };
  /** binary-file: {file} is not a text file. */
  HX0015: { file: Value };
  /** link-outside-rules: {file} is a link to {target}, which is outside rules/. */
  HX0016: { file: Value; target: Value };
  /** duplicate-slug: The slug `{slug}` is already the slug of {other}. */
  HX0017: { slug: Value; other: Value };
  /** unsafe-name: {what} `{name}` cannot name a page: {reason}. */
  HX0018: { what: Value; name: Value; reason: Value };
  /** rules-not-a-folder: rules/ cannot be read: {reason}. */
  HX0019: { reason: Value };
  /** file-too-large: {file} is {size} bytes, more than the {limit} a source file may have. */
  HX0020: { file: Value; size: Value; limit: Value };
  /** bad-figure: The figure `{src}` cannot be shown: {reason}. */
  HX0021: { src: Value; reason: Value };
  /** figure-too-large: The figure `{src}` is too large to publish: {reason}. */
  HX0022: { src: Value; reason: Value };
  /** expression-too-deep: This expression nests more than {limit} levels deep. */
  HX0031: { limit: Value };
  /** too-many-unknown-names: {count} more unknown names in {file} are not listed, such as this one. */
  HX0032: { count: Value; file: Value; limit: Value };
  /** bad-dice: `{count}d{sides}` {problem}. */
  HX0033: { count: Value; sides: Value; problem: Value; maxSides: Value; limit: Value };
  /** too-many-rolls: Procedure `{procedure}` rolls {dice}: {problem}. */
  HX0034: { procedure: Value; dice: Value; problem: Value; maxTotals: Value; maxCombinations: Value };
  /** number-out-of-range: `{text}` is not a number Hexlaw can compute with exactly. */
  HX0035: { text: Value };
  /** definition-chain-too-long: `{name}` is computed from a chain of more than {limit} definitions, each reading the next (`{name}` → `{reads}` → …). */
  HX0037: { name: Value; limit: Value; reads: Value };
  /** internal-name: `{name}` cannot be a name: every JavaScript object already has a property called `{name}`. */
  HX0036: { name: Value };
  /** too-much-emphasis: These lines have {count} marks of emphasis (`*`, or `_` outside a word); lines without a blank one between them may have at most {limit}. */
  HX0038: { count: Value; limit: Value };
  /** chart-too-large: Chart `{id}` has {cells} cells; a chart has at most {limit}. */
  HX0039: { id: Value; cells: Value; limit: Value };
  /** table-too-large: These lines have {count} `|`; lines without a blank one between them may have at most {limit}, more than any table of {cells} cells has. */
  HX0040: { count: Value; limit: Value; cells: Value };
  /** duplicate-paragraph: Paragraph {id} is numbered twice. */
  HX0101: { id: Value };
  /** broken-reference: Reference to {id}, which is not a paragraph of {edition}. */
  HX0102: { id: Value; edition: Value; chapter: Value };
  /** link-disagrees: Link text says {text} but the link points at {target}. */
  HX0103: { text: Value; target: Value };
  /** unknown-link-target: Link target `{href}` is not a document or heading of {edition}. */
  HX0104: { href: Value; edition: Value; text: Value };
  /** unknown-calculator: `::calculator` names procedure `{name}`, which is not a procedure of {edition}. */
  HX0105: { name: Value; edition: Value; known: Value };
  /** chart-without-table: Chart `{id}` contains no table. */
  HX0106: { id: Value };
  /** duplicate-chart: Chart id `{id}` is used twice. */
  HX0107: { id: Value };
  /** erratum-without-reference: The erratum for “{printed}” matches no reference of paragraph {paragraph}. */
  HX0109: { printed: Value; paragraph: Value };
  /** lead-in-off-numbering: The lead-in {text} looks like a paragraph number but fits no numbering pattern of {edition}; it is read as part of {paragraph}. */
  HX0110: { text: Value; edition: Value; paragraph: Value };
  /** outside-is-inside: `outside` names {id} ({title}), but chapter {chapter} is in the corpus. */
  HX0111: { id: Value; title: Value; chapter: Value };
  /** amendment-unknown-paragraph: The amendment names {paragraph}, which {edition} (the edition it amends) does not have. */
  HX0112: { paragraph: Value; edition: Value };
  /** amendment-printed-not-found: The amendment of {paragraph} replaces “{printed}”, but {reason}. */
  HX0113: { paragraph: Value; printed: Value; reason: Value };
  /** bad-amendment: This amendment cannot be applied: {problem}. */
  HX0114: { problem: Value };
  /** bad-erratum: This erratum is incomplete: {problem}. */
  HX0115: { problem: Value };
  /** chart-for-unknown-paragraph: Chart `{chart}` is for `{id}`, which is not a paragraph of {edition}. */
  HX0116: { chart: Value; id: Value; edition: Value };
  /** syntax-error: Syntax error in rules block: expected {expected}, found {found}. */
  HX0201: { expected: Value; found: Value; hint: Value };
  /** duplicate-name: `{name}` is defined twice in {edition}. */
  HX0202: { name: Value; edition: Value };
  /** unknown-name: Unknown name `{name}`. */
  HX0203: { name: Value; hint: Value };
  /** unknown-paragraph: `@{id}` cites a paragraph that does not exist in {edition}. */
  HX0204: { id: Value; edition: Value; example: Value };
  /** unknown-chart: Table `{name}` is bound to chart `{chart}`, which is not in {edition}. */
  HX0205: { name: Value; chart: Value; edition: Value; known: Value };
  /** unknown-field: `{type}` has no field `{field}`. */
  HX0206: { type: Value; field: Value; known: Value };
  /** unknown-grammar: Notation `{name}` uses grammar `{grammar}`, but grammar/{grammar}.peggy does not exist or does not compile: {reason}. */
  HX0207: { name: Value; grammar: Value; reason: Value };
  /** block-without-paragraph: This rules block does not follow a numbered paragraph, and no statement in it cites one. */
  HX0208: Record<string, never>;
  /** unknown-function: Unknown function `{name}`. */
  HX0209: { name: Value; known: Value };
  /** bad-loop-list: `for {variable} in {list}` must name an input that is a list of records. */
  HX0210: { variable: Value; list: Value };
  /** shadowed-variable: `{name}` is already the variable of an enclosing `for`. */
  HX0211: { name: Value };
  /** ambiguous-name: `{name}` is defined in {chapters}, and not in this chapter. */
  HX0212: { name: Value; chapters: Value; forms: Value };
  /** bad-notation: Notation `{name}`: {reason}. */
  HX0214: { name: Value; reason: Value; hint: Value };
  /** type-mismatch: {what} must be {expected}, but it is {actual}. */
  HX0301: { what: Value; expected: Value; actual: Value; hint: Value };
  /** bad-operands: `{op}` cannot combine {left} and {right}. */
  HX0302: { op: Value; left: Value; right: Value; hint: Value };
  /** maybe-none: `{expr}` may be none here. */
  HX0303: { expr: Value };
  /** ambiguous-member: `{name}` is a member of more than one enum here ({enums}). */
  HX0304: { name: Value; enums: Value; hint: Value };
  /** ambiguous-member-or-value: `{name}` is both a member of {enum} and a value of that enum. */
  HX0307: { name: Value; enum: Value; hint: Value };
  /** cycle: `{name}` depends on itself: {path}. */
  HX0305: { name: Value; path: Value };
  /** bad-argument-count: `{name}` takes {expected} argument(s), not {actual}. */
  HX0306: { name: Value; expected: Value; actual: Value; hint: Value };
  /** bad-range: `{name}` has an empty range ({range}). */
  HX0308: { name: Value; range: Value };
  /** exception-without-definition: `{name}` has no definition to make an exception to. */
  HX0310: { name: Value; hint: Value };
  /** unknown-exception-label: No exception to `{name}` is labelled `{label}`. */
  HX0311: { name: Value; label: Value; hint: Value };
  /** exceptions-overlap: Two exceptions to `{name}` can both apply. */
  HX0312: { name: Value; hint: Value };
  /** exception-circle: The exceptions to `{name}` are exceptions to each other in a circle: {path}. */
  HX0313: { name: Value; path: Value };
  /** unknown-not-input: `{name}` cannot be `| unknown`: only an input may be left out. */
  HX0309: { name: Value };
  /** bad-chart-key: Chart `{chart}`: {axis} header `{header}` is not {expected}. */
  HX0401: { chart: Value; axis: Value; header: Value; expected: Value; hint: Value };
  /** bad-chart-cell: Chart `{chart}`, row `{row}`, column `{column}`: `{cell}` is not {expected}: {reason}. */
  HX0402: { chart: Value; row: Value; column: Value; cell: Value; expected: Value; reason: Value };
  /** missing-chart-key: Chart `{chart}` has no {axis} for `{member}` of {enum}. */
  HX0403: { chart: Value; axis: Value; member: Value; enum: Value };
  /** overlapping-chart-keys: Chart `{chart}`: {axis} header `{header}` covers values that `{other}` already covers. */
  HX0405: { chart: Value; axis: Value; header: Value; other: Value };
  /** chart-row-width: Chart `{chart}`: {problem}. */
  HX0406: { chart: Value; problem: Value };
  /** duplicate-chart-key: Chart `{chart}`: {axis} header `{header}` is written twice. */
  HX0407: { chart: Value; axis: Value; header: Value };
  /** chart-key-gap: Chart `{chart}`: no {axis} covers {missing}, between `{before}` and `{after}`. */
  HX0408: { chart: Value; axis: Value; missing: Value; before: Value; after: Value };
  /** mapping-not-enum: Table `{table}` maps printed labels of its {what}, which are {type}, not members of an enum. */
  HX0420: { table: Value; what: Value; type: Value };
  /** missing-chart-key-pair: Chart `{chart}` has no row for `{first}` and `{second}` together. */
  HX0409: { chart: Value; first: Value; second: Value };
  /** pair-key-not-enum: Table `{table}` keys its rows by two columns, but {which} is {type}, not an enum. */
  HX0422: { table: Value; which: Value; type: Value };
  /** counted-key-not-integer: Table `{table}` says its {what} count "{noun}", but its {what} are {type}, not whole numbers. */
  HX0421: { table: Value; what: Value; noun: Value; type: Value };
  /** bad-procedure-name: `{name}` in procedure `{procedure}` is not {expected}. */
  HX0501: { name: Value; procedure: Value; expected: Value; hint: Value };
  /** dice-in-requirement: Requirement `{name}` depends on dice ({dice}). */
  HX0502: { name: Value; dice: Value };
  /** unused-requirement: Requirement `{name}` is not checked by any procedure. */
  HX0503: { name: Value };
  /** example-unknown-procedure: Example uses procedure `{name}`, which is not a procedure of {edition}. */
  HX0504: { name: Value; edition: Value; known: Value };
  /** example-bad-binding: Example `{title}`: `{name}` is not {expected} of procedure `{procedure}`. */
  HX0505: { title: Value; name: Value; expected: Value; procedure: Value; hint: Value };
  /** example-fails: Example `{title}` does not hold: the rules give {name} = {actual}, the example says {expected}. */
  HX0506: { title: Value; name: Value; actual: Value; expected: Value };
  /** disputed-example-holds: Example `{title}` is marked disputed, but the rules produce what it says. */
  HX0507: { title: Value };
  /** example-stops: Example `{title}`: {name} could not be computed: {reason}. */
  HX0508: { title: Value; name: Value; reason: Value };
  /** quote-not-found: Quote not found in {paragraph}: "{quote}". */
  HX0509: { paragraph: Value; quote: Value };
  /** example-missing-input: Example `{title}` gives no value for input `{name}`, which has no default. */
  HX0510: { title: Value; name: Value };
  /** summary-signed-not-number: `signed({name})` in the summary of procedure `{procedure}` needs a number, but `{name}` is {actual}. */
  HX0511: { name: Value; procedure: Value; actual: Value };
  /** duplicate-summary: Procedure `{procedure}` has more than one `summary`. */
  HX0512: { procedure: Value };
  /** missing-quote: {what} has no quote of its own from {paragraph}. */
  HX0513: { what: Value; paragraph: Value };
  /** quoted-text-not-in-source: {what} puts “{text}” in quotation marks, but {paragraph} does not say it. */
  HX0514: { what: Value; text: Value; paragraph: Value };
  /** duplicate-label: `{name}` is labelled “{label}”, like `{other}`. */
  HX0515: { name: Value; label: Value; other: Value };
  /** import-conflict: Paragraph {id} changed upstream and in this document since the last import; the document keeps its own text. */
  HX0701: { id: Value };
  /** import-orphaned-annotations: Upstream no longer has paragraph {id}, but annotations of this document hang on it; it is kept. */
  HX0702: { id: Value };
  /** import-without-base: Paragraph {id} differs from upstream, and it is not known which upstream this document was imported from; the document keeps its own text. */
  HX0703: { id: Value };
  /** import-removed-here: Paragraph {id} was removed from this document but changed upstream; the upstream text is added back. */
  HX0704: { id: Value };
  /** internal-error: Internal compiler error: {reason}. */
  HX0901: { reason: Value };
  /** stale-generated: generated/ is out of date: {files}. */
  HX0902: { files: Value };
}

/** A code of the catalog. */
export type Code = keyof Placeholders;
