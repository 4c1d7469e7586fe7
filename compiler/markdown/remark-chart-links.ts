import type { Link, Node, Parent, PhrasingContent, Root, Text } from "mdast";
import type { VFile } from "vfile";
import { chartMentionsIn, chartNames, type ChartNames } from "../2-resolve/chart-names.ts";
import { h, mdastElement } from "./hast.ts";
import { chartHref, documentContext, type DocumentContext, type RuleIndex, type RulebookOptions } from "./rulebook-context.ts";

/** Nodes whose words are not linked to a chart: links already, code, and headings (a title is not a mention). */
const UNLINKED = new Set(["link", "linkReference", "inlineCode", "code", "heading", "html"]);

const namesOf = new WeakMap<RuleIndex, ChartNames>();

/**
 * Links each chart from the paragraphs that refer to it, as the compiler resolved them
 * (resolve-chart-references.ts): the words that name it ("use the Barrage Table") become a
 * link to it, matched by the compiler's own matcher, outside the chapter that holds it; and
 * a paragraph it serves (`for="14.3e"`) shows a link to it beside its number — one link for
 * each chart title, such as "Air Combat Table (14.3e)", to the first chart of that title.
 */
export default function remarkChartLinks(options: RulebookOptions) {
  return (tree: Root, file: VFile) => {
    const context = documentContext(tree, file, options);
    if (!context || context.index.charts.length === 0) return;
    const here = new Set(context.index.charts.filter((c) => c.document === context.document.slug).map((c) => c.id));
    let names = namesOf.get(context.index);
    if (!names) namesOf.set(context.index, (names = chartNames(context.index.charts)));
    linkMentions(tree, names, here, context, options.base);
    linkServed(tree, context, here, options.base);
  };
}

function linkMentions(parent: Parent, names: ChartNames, here: Set<string>, context: DocumentContext, base: string | undefined): void {
  const children: Parent["children"] = [];
  for (const child of parent.children) {
    if (child.type === "text") children.push(...(mentions(child, names, here, context, base) as Parent["children"]));
    else {
      if ("children" in child && !UNLINKED.has(child.type)) linkMentions(child as Parent, names, here, context, base);
      children.push(child);
    }
  }
  parent.children = children;
}

function mentions(node: Text, names: ChartNames, here: Set<string>, context: DocumentContext, base: string | undefined): PhrasingContent[] {
  const found = chartMentionsIn(node.value, names).filter((m) => !here.has(m.chart));
  if (found.length === 0) return [node];
  const out: PhrasingContent[] = [];
  let at = 0;
  for (const m of found) {
    const href = chartHref(context.index, m.chart, base);
    if (!href) continue;
    if (m.start > at) out.push({ type: "text", value: node.value.slice(at, m.start) });
    out.push({ type: "link", url: href, children: [{ type: "text", value: node.value.slice(m.start, m.end) }], data: { hProperties: { className: ["chart-ref"], dataChart: m.chart } } } as Link);
    at = m.end;
  }
  if (at < node.value.length) out.push({ type: "text", value: node.value.slice(at) });
  return out;
}

/** "Air Combat Table (14.3e)" of "Air Combat Table (14.3e): loss die of aborting aircraft". */
export const chartTitle = (caption: string) => caption.split(":")[0].trim();

function linkServed(tree: Root, context: DocumentContext, here: Set<string>, base: string | undefined): void {
  const served = new Map<string, Map<string, string>>();
  for (const chart of context.index.charts) {
    if (here.has(chart.id)) continue;
    for (const id of chart.serves) {
      const titles = served.get(id) ?? new Map<string, string>();
      if (!titles.has(chartTitle(chart.caption))) titles.set(chartTitle(chart.caption), chart.id);
      served.set(id, titles);
    }
  }
  const underHeading = new Map<Node, PhrasingContent>();
  for (const [node, id] of context.anchors) {
    const titles = served.get(id);
    if (!titles) continue;
    const links = [...titles].flatMap(([title, chart]) => {
      const href = chartHref(context.index, chart, base);
      return href ? [" ", h("a", { href, className: ["chart-link"], dataChart: chart }, [h("span", { className: ["chart-link-label"] }, ["Chart"]), " ", title])] : [];
    });
    if (links.length === 0) continue;
    const element = mdastElement(h("span", { className: ["chart-links"] }, links));
    if (node.type === "heading") underHeading.set(node, element);
    else {
      // At the end of a lead-in paragraph, or of an item's first paragraph.
      const block = node.type === "listItem" ? (node as Parent).children.find((c) => c.type === "paragraph") : node;
      if (block?.type === "paragraph") (block as Parent).children.push(element);
    }
  }
  if (underHeading.size === 0) return;
  tree.children = tree.children.flatMap((node) => {
    const links = underHeading.get(node);
    return links ? [node, { type: "paragraph", children: [links] } as Root["children"][number]] : [node];
  });
}
