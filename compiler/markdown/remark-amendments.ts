import type { Root } from "mdast";
import type { VFile } from "vfile";
import { amendTree, type AmendmentText } from "../1-read/amendments.ts";
import { documentContext, type RulebookOptions } from "./rulebook-context.ts";

/**
 * A chapter an edition takes from the edition it extends is rendered from the base's file
 * with the edition's errata applied, by the compiler's own amendTree (the rule index lists
 * them with the chapter), before any other rulebook plugin: the page then shows the
 * corrected words (and the printed ones struck through beside them) under the same ids as
 * the compiler's. The paragraphs are found again afterwards, on the amended tree.
 */
export default function remarkAmendments(options: RulebookOptions) {
  return (tree: Root, file: VFile) => {
    const context = documentContext(tree, file, options);
    const amendments: AmendmentText[] = context?.document.inherited?.amendments ?? [];
    if (!context || amendments.length === 0) return;
    amendTree(tree, amendments, context.layout);
    file.data.hexlawContext = undefined;
  };
}
