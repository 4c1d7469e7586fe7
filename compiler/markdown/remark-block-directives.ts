import { directiveFromMarkdown, directiveToMarkdown } from "mdast-util-directive";
import { directive } from "micromark-extension-directive";
import type { Processor } from "unified";

/**
 * Leaf and container directives (`::calculator{…}`, `:::chart[…]{#id}`), and no text
 * directives: rule prose is full of colons (`1:4`, `12:30`) that remark-directive would
 * read as `:4` and `:30` directives. Charts, calculators and figures all start a line,
 * so prose is never scanned for directives at all. The compiler and the site both read
 * documents this way.
 */
export default function remarkBlockDirectives(this: Processor) {
  const data = this.data() as {
    micromarkExtensions?: unknown[];
    fromMarkdownExtensions?: unknown[];
    toMarkdownExtensions?: unknown[];
  };
  (data.micromarkExtensions ??= []).push({ flow: directive().flow });
  (data.fromMarkdownExtensions ??= []).push(directiveFromMarkdown());
  (data.toMarkdownExtensions ??= []).push(directiveToMarkdown());
}
