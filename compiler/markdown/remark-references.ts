import type { Link, Parent, PhrasingContent, Root, Text } from "mdast";
import { toString } from "mdast-util-to-string";
import type { VFile } from "vfile";
import { linkTarget, mentionsIn } from "../1-read/find-references.ts";
import { h, mdastElement, text } from "./hast.ts";
import { indexLookups } from "./index-lookups.ts";
import { CURIOUS, documentContext, type DocumentContext, type RulebookOptions } from "./rulebook-context.ts";

type Status = "resolved" | "outside" | "broken";

/**
 * Renders every reference the compiler found as one of its three kinds: a link
 * to the paragraph (with `data-ref` for previews), a mention of a part of the
 * rulebook that is not in the corpus, or (never in a built corpus) a broken one.
 * Statuses come from the rule index; the matching is the compiler's numbering.
 */
export default function remarkReferences(options: RulebookOptions) {
  return (tree: Root, file: VFile) => {
    const context = documentContext(tree, file, options);
    if (!context) return;
    const visit = (parent: Parent, paragraph: string) => {
      const children: Parent["children"] = [];
      for (const child of parent.children) {
        const own = context.layout.owner.get(child) ?? paragraph;
        if (child.type === "link" && !child.data?.hexlawPermalink) {
          children.push(...renderLink(child, own, context));
        } else if (child.type === "text") {
          children.push(...plainReferences(child, own, context));
        } else {
          if ("children" in child && child.type !== "link") visit(child, own);
          children.push(child);
        }
      }
      parent.children = children;
    };
    visit(tree, context.document.section);
  };
}

function statusOf(context: DocumentContext, from: string, id: string, href?: string): { status: Status; title?: string; missing?: boolean; anchor?: string } {
  const known = indexLookups(context.index).reference(from, id, href);
  if (known) return { status: known.status as Status, title: known.outsideTitle, missing: known.missing, anchor: known.anchor };
  return { status: context.index.paragraphs[id] ? "resolved" : "outside" };
}

/** The erratum the compiler applied to a reference of `from` printed as `words` (and linked to `href`), if any. */
function erratumOf(context: DocumentContext, from: string, words: string, href?: string) {
  return indexLookups(context.index).erratum(from, words, href);
}

/**
 * A reference the source prints wrongly: the printed words, linked to the paragraph
 * the erratum says it should be, then the editors' correction in brackets. A number
 * printed wrongly is corrected for every reader; a link that only went to the wrong
 * place in the source needs no word while reading, so that one is for the curious
 * (see remark-errata.ts for the note itself).
 */
function corrected(known: NonNullable<ReturnType<typeof erratumOf>>, children: PhrasingContent[], context: DocumentContext): PhrasingContent[] {
  const { printed, reads, note } = known.erratum!;
  const shown = reference(known.status as Status, reads, children, context, known.outsideTitle);
  const [correction, className] = printed === reads ? [`editors: link to ${reads}`, ["editor-correction", CURIOUS]] : [`editors: read ${reads}`, ["editor-correction"]];
  return [shown, mdastElement(h("span", { className, title: note }, [` [${correction}]`]))];
}

function renderLink(link: Link, from: string, context: DocumentContext): PhrasingContent[] {
  const erratum = erratumOf(context, from, toString(link).trim(), link.url);
  if (erratum) return corrected(erratum, link.children, context);
  const id = linkTarget(toString(link), context.numbering, context.document.section)?.id;
  if (!id) {
    // Not a reference: keep links that leave the site; a relative link would point at the source's own site.
    if (/^(?:https?:\/\/|mailto:)/i.test(link.url)) return [link];
    if (link.url.startsWith("#") && context.index.paragraphs[decodeURIComponent(link.url.slice(1))]) return [link];
    return link.children.flatMap((c) => (c.type === "text" ? plainReferences(c, from, context) : [c]));
  }
  const { status, title, missing, anchor } = statusOf(context, from, id, link.url);
  return [reference(status, id, link.children, context, title, missing, anchor)];
}

/** A link to paragraph `id`, or to the unnumbered heading `anchor` inside it. */
function reference(status: Status, id: string, children: PhrasingContent[], context: DocumentContext, outsideTitle?: string, missing?: boolean, anchor?: string): PhrasingContent {
  const paragraph = status === "resolved" ? context.href(id) : null;
  const href = paragraph && anchor ? `${paragraph.replace(/#.*$/, "")}#${encodeURIComponent(anchor)}` : paragraph;
  if (href) {
    return { type: "link", url: href, children, data: { hProperties: { className: ["ref"], dataRef: id } } };
  }
  const words = children.map((c) => toString(c)).join("");
  const note = missing
    ? "the source leaves this rule number blank"
    : status === "broken"
      ? "this paragraph is missing from the corpus"
      : `not in this corpus${outsideTitle ? `: ${outsideTitle}` : ""}`;
  return mdastElement(
    h("span", { className: [status === "broken" ? "ref-broken" : "ref-outside"], title: `${words.trim()}: ${note}`, dataOutside: note }, [
      ...children.map((c) => (c.type === "text" ? text(c.value) : text(toString(c)))),
      h("span", { className: ["visually-hidden"] }, [` (${note})`]),
    ]),
  );
}

/** "see 9.1f", "Rule 9I": the mentions the compiler finds, with the compiler's matcher. */
function plainReferences(node: Text, from: string, context: DocumentContext): PhrasingContent[] {
  const found = mentionsIn(node.value, context.numbering, context.document.section);
  if (found.length === 0) return [node];
  const out: PhrasingContent[] = [];
  let at = 0;
  for (const f of found) {
    const erratum = erratumOf(context, from, node.value.slice(f.start, f.end));
    if (erratum) {
      if (f.numberStart > at) out.push({ type: "text", value: node.value.slice(at, f.numberStart) });
      out.push(...corrected(erratum, [{ type: "text", value: node.value.slice(f.numberStart, f.numberEnd) }], context));
      at = f.numberEnd;
      continue;
    }
    const { status, title, missing } = f.missing ? { status: "outside" as Status, title: undefined, missing: true } : statusOf(context, from, f.id);
    const [linkStart, linkEnd] = status === "resolved" ? [f.numberStart, f.numberEnd] : [f.start, f.end];
    if (linkStart > at) out.push({ type: "text", value: node.value.slice(at, linkStart) });
    out.push(reference(status, f.id, [{ type: "text", value: node.value.slice(linkStart, linkEnd) }], context, title, missing));
    at = linkEnd;
  }
  if (at < node.value.length) out.push({ type: "text", value: node.value.slice(at) });
  return out;
}

