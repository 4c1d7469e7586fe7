import { remarkSyntax } from "./parse-markdown.ts";
import rehypeFormalApart from "./rehype-formal-apart.ts";
import rehypeNotesApart from "./rehype-notes-apart.ts";
import rehypeSafeLinks from "./rehype-safe-links.ts";
import remarkAmendments from "./remark-amendments.ts";
import remarkCalculatorEmbeds from "./remark-calculator-embeds.ts";
import remarkChartLinks from "./remark-chart-links.ts";
import remarkCharts from "./remark-charts.ts";
import remarkErrata from "./remark-errata.ts";
import remarkFigures from "./remark-figures.ts";
import remarkGlossaryTerms from "./remark-glossary-terms.ts";
import remarkInertHtml from "./remark-inert-html.ts";
import remarkMarkMeanings from "./remark-mark-meanings.ts";
import remarkParagraphAnchors from "./remark-paragraph-anchors.ts";
import remarkParagraphNotes from "./remark-paragraph-notes.ts";
import remarkReferences from "./remark-references.ts";
import remarkRulesBlocks from "./remark-rules-blocks.ts";
import type { PluggableList } from "unified";
import type { RulebookOptions } from "./rulebook-context.ts";

export type { RulebookOptions };

/**
 * The plugins that render a rule document for the site, in order: the compiler's
 * syntax (front matter, directives, `1:4` kept as text), then the rulebook's own
 * transforms. Of GFM only tables, as in parse-markdown.ts (so `gfm: false`).
 */
export function rulebookPlugins(options: RulebookOptions): { gfm: false; remarkPlugins: PluggableList; rehypePlugins: PluggableList } {
  return {
    gfm: false,
    remarkPlugins: [
      ...remarkSyntax,
      remarkInertHtml,
      [remarkAmendments, options],
      [remarkParagraphAnchors, options],
      [remarkParagraphNotes, options],
      [remarkReferences, options],
      [remarkChartLinks, options],
      [remarkMarkMeanings, options],
      [remarkRulesBlocks, options],
      remarkCharts,
      [remarkFigures, options],
      [remarkErrata, options],
      [remarkGlossaryTerms, options],
      [remarkCalculatorEmbeds, options],
    ],
    rehypePlugins: [rehypeSafeLinks, [rehypeFormalApart, options], [rehypeNotesApart, options]],
  };
}
