import type { Parent, Root, Table, TableCell } from "mdast";
import type { ContainerDirective } from "mdast-util-directive";
import { toString } from "mdast-util-to-string";
import { h, mdastElement } from "./hast.ts";

/**
 * `:::chart[Caption]{#id}` becomes a captioned figure holding its table, with
 * row headers, a scroll box for phones, and `?` cells read as "unknown".
 */
export default function remarkCharts() {
  return (tree: Root) => {
    const visit = (parent: Parent) => {
      for (const node of parent.children) {
        if (node.type === "containerDirective" && node.name === "chart") renderChart(node);
        else if ("children" in node) visit(node as Parent);
      }
    };
    visit(tree);
  };
}

function renderChart(directive: ContainerDirective): void {
  const id = directive.attributes?.id ?? undefined;
  const labelNode = directive.children.find((c) => (c.data as { directiveLabel?: boolean } | undefined)?.directiveLabel);
  const caption = labelNode ? toString(labelNode) : (id ?? "Chart");
  directive.data = { hName: "figure", hProperties: { className: ["chart"], ...(id ? { id } : {}) } } as ContainerDirective["data"];
  directive.children = directive.children.flatMap((child) => {
    if (child === labelNode) {
      child.data = { ...child.data, hName: "figcaption" } as typeof child.data;
      return [child];
    }
    if (child.type !== "table") return [child];
    markCells(child);
    const scroller = { type: "hexlawScroll", data: { hName: "div", hProperties: { className: ["table-scroll"], role: "region", tabIndex: 0, ariaLabel: caption } }, children: [child] };
    return [scroller as unknown as typeof child];
  });
}

function markCells(table: Table): void {
  table.children.forEach((row, r) => {
    row.children.forEach((cell: TableCell, c) => {
      if (r > 0 && c === 0) cell.data = { ...cell.data, hName: "th", hProperties: { scope: "row" } } as TableCell["data"];
      if (r === 0) cell.data = { ...cell.data, hProperties: { scope: "col" } } as TableCell["data"];
      if (toString(cell).trim() === "?") {
        cell.children = [mdastElement(h("em", { className: ["unknown"], title: "Not known: consult the printed chart" }, ["unknown"])) as unknown as TableCell["children"][number]];
      }
    });
  });
}
