import type { Code, Node, Parent } from "mdast";
import type { Session } from "../diagnostics/session.ts";
import { parseRulesBlock, type Origin, type ParseResult } from "../language/parse.ts";
import { walkFlow } from "../markdown/flow.ts";
import type { SourcePlaces } from "./source-places.ts";
import type { RulesBlock } from "./types.ts";

/**
 * Finds the ```rules blocks of a document, wherever they are: at the top level a
 * block formalizes the paragraph before it; inside a list item, that item (such
 * as 9.5(A)). Each is parsed with the rules grammar, positions in the file's terms.
 */
export function findBlocks(
  tree: Parent,
  owner: Map<Node, string>,
  places: SourcePlaces,
  session: Session,
  parse: (text: string, origin: Origin) => ParseResult = parseRulesBlock,
): RulesBlock[] {
  const blocks: RulesBlock[] = [];
  const read = (code: Code, paragraph: string | null): void => {
    const fenceOffset = code.position?.start.offset ?? 0;
    const indent = (code.position?.start.column ?? 1) - 1;
    const contentOffset = places.nextLine(fenceOffset) + indent;
    const origin = places.point(contentOffset);
    const place = places.span(fenceOffset, code.position?.end.offset ?? fenceOffset);
    const parsed = parse(code.value, origin);
    if (parsed.ok) {
      blocks.push({ paragraph, ast: parsed.block, file: places.file, place, source: code.value });
    } else {
      const { loc } = parsed.problem;
      session.report(parsed.problem.code, parsed.problem.values, { file: places.file, start: loc.start, end: loc.end });
      blocks.push({ paragraph, ast: null, file: places.file, place, source: code.value });
    }
  };
  // Code blocks are flow content; each belongs to the innermost paragraph around it.
  walkFlow(tree, owner.get(tree) ?? null, (node, paragraph) => {
    const own = owner.get(node) ?? paragraph;
    if (node.type === "code" && (node as Code).lang === "rules") read(node as Code, own);
    return own;
  });
  return blocks;
}
