import { editions, root, type IndexDocument, type RuleIndex } from "../../../../lib/corpus.ts";
import { picture } from "../../../../lib/figures.ts";
import { previewsFor } from "../../../../lib/previews.ts";
import { renderChapter } from "../../../../lib/render-chapter.ts";

/**
 * The previews of what a chapter links to (<chapter>/previews.json): fetched by the
 * chapter's reading aids when the page is idle or a reference is first pointed at
 * (scripts/reading.ts), so they are not part of the page a reader waits for. The
 * chapter's own rendering (cached) tells which references it has.
 */
export function getStaticPaths() {
  return editions().flatMap((index) =>
    index.documents.map((document) => ({ params: { ruleset: index.ruleset.id, edition: index.edition.id, chapter: document.slug }, props: { index, document } })),
  );
}

export async function GET({ props }: { props: { index: RuleIndex; document: IndexDocument } }) {
  const { html, notes } = await renderChapter(props.document.file, root, picture, props.index.edition.id, "apart");
  // The references of the chapter and of its notes, which the reader's switch puts back.
  return new Response(JSON.stringify(previewsFor(html + notes.map((n) => n.html).join(""), props.index)), { headers: { "content-type": "application/json" } });
}
