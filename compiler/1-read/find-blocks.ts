import type { Code, Node, Parent } from "mdast";
import type { Session } from "../diagnostics/session.ts";
import { parseRulesBlock } from "../language/parse.ts";
import type { SourcePlaces } from "./source-places.ts";
import type { RulesBlock } from "./types.ts";

/** Finds the ```rules blocks of a document and parses each with the rules grammar. */
export function findBlocks(tree: Parent, owner: Map<Node, string>, places: SourcePlaces, session: Session): RulesBlock[] {
  const blocks: RulesBlock[] = [];
  for (const node of tree.children) {
    if (node.type !== "code" || (node as Code).lang !== "rules") continue;
    const code = node as Code;
    const fenceOffset = code.position?.start.offset ?? 0;
    const contentOffset = places.nextLine(fenceOffset);
    const origin = places.point(contentOffset);
    const place = places.span(fenceOffset, code.position?.end.offset ?? fenceOffset);
    const paragraph = owner.get(node) ?? null;
    const parsed = parseRulesBlock(code.value, origin);
    if (parsed.ok) {
      blocks.push({ paragraph, ast: parsed.block, file: places.file, place, source: code.value });
    } else {
      const { expected, found, hint, loc } = parsed.problem;
      session.report("HX0201", { expected, found, hint }, { file: places.file, start: loc.start, end: loc.end });
      blocks.push({ paragraph, ast: null, file: places.file, place, source: code.value });
    }
  }
  return blocks;
}
