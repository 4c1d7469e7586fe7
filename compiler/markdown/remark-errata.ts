import type { Parent, Root } from "mdast";
import type { LeafDirective } from "mdast-util-directive";
import { toString } from "mdast-util-to-string";
import type { VFile } from "vfile";
import { AMENDMENT_NOTE } from "../1-read/amendments.ts";
import { h, mdastElement } from "./hast.ts";
import { CURIOUS, documentContext, encodeFragment, type DocumentContext, type RulebookOptions } from "./rulebook-context.ts";

/**
 * The notes of errata, under the paragraph they are about:
 * - `::erratum[note]{printed=… reads=…}`: the source prints a wrong number or link; the
 *   editors' transcription note says what it prints, how it is read here, and why (the
 *   reference itself is corrected by remark-references; the source's text is never changed).
 * - `::amendment` (inserted by amendTree in a chapter an errata edition takes from the edition
 *   it extends): the erratum applied here, with the printed and the corrected words and a link
 *   to the erratum in the errata document.
 * - `::amend` (in the errata document): where the erratum is applied, with a link there.
 */
export default function remarkErrata(options?: RulebookOptions) {
  return (tree: Root, file: VFile) => {
    const context = options ? documentContext(tree, file, options) : null;
    const visit = (parent: Parent) => {
      parent.children = parent.children.map((node) => {
        if (node.type === "list" || node.type === "listItem") visit(node);
        if (node.type !== "leafDirective") return node;
        const aside = node.name === "erratum" ? erratum(node) : node.name === AMENDMENT_NOTE ? applied(node, context) : node.name === "amend" ? appliedTo(node, context) : null;
        return aside ? mdastElement(aside) : node;
      });
    };
    visit(tree);
  };
}

/**
 * A note of this site's editors on the transcription, worded and styled so that no
 * reader takes it for the publisher's errata (those are `amendment` notes, below), and
 * for the curious only: the reference it is about is already corrected in the text.
 */
function erratum(directive: LeafDirective) {
  const printed = directive.attributes?.printed ?? "";
  const reads = directive.attributes?.reads ?? "";
  const said = printed === reads ? `This site links “${printed}” to ${reads}.` : `“${printed}” is read here as ${reads}.`;
  return h("aside", { className: ["editor-note", CURIOUS], role: "note", ariaLabel: "Transcription note" }, [
    h("p", { className: ["editor-note-title"] }, [h("span", { className: ["label"] }, ["Transcription note"]), " ", h("span", { className: ["editor-note-by"] }, ["by this site’s editors, not an erratum of the publisher"])]),
    h("p", {}, [`${said} `, toString(directive)]),
  ]);
}

/** Printed and corrected words side by side, or nothing for a clarification. */
function printedBeside(printed: string | null | undefined, corrected: string | null | undefined) {
  if (printed == null || corrected == null) return null;
  return h("span", { className: ["amendment-words"] }, [
    "Printed: “",
    h("del", {}, [printed]),
    "”; corrected: “",
    h("ins", {}, [corrected]),
    "”. ",
  ]);
}

function applied(directive: LeafDirective, context: DocumentContext | null) {
  const { from, source, printed, corrected } = directive.attributes ?? {};
  const where = from && context ? context.href(from) : null;
  const cited = source ?? "Errata";
  return h("aside", { className: ["erratum", "amendment"], role: "note" }, [
    h("p", {}, [
      h("span", { className: ["label"] }, [printed == null ? "Clarification, " : "Erratum, ", where ? h("a", { href: where }, [cited]) : cited, ": "]),
      printedBeside(printed, corrected),
      toString(directive),
    ]),
  ]);
}

function appliedTo(directive: LeafDirective, context: DocumentContext | null) {
  const { paragraph, printed, corrected } = directive.attributes ?? {};
  const target = context?.document.amends.find((a) => a.paragraph === paragraph && a.printed === (printed ?? undefined));
  const href = target?.document && context ? `${context.page(target.document)}#${encodeFragment(paragraph ?? "")}` : null;
  const label = target?.label ?? paragraph ?? "";
  return h("aside", { className: ["erratum", "applied"], role: "note" }, [
    h("p", {}, [
      h("span", { className: ["label"] }, [printed == null ? "Applied as a clarification of " : "Applied to ", href ? h("a", { href }, [label]) : label, ": "]),
      printedBeside(printed, corrected),
      toString(directive),
    ]),
  ]);
}
