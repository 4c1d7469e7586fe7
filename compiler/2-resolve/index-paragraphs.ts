import type { Session } from "../diagnostics/session.ts";
import type { Edition, Paragraph } from "../1-read/types.ts";

/** Indexes an edition's paragraphs by id; a number used twice is an error pointing at both. */
export function indexParagraphs(edition: Edition, session: Session): Map<string, Paragraph> {
  const paragraphs = new Map<string, Paragraph>();
  for (const document of edition.documents) {
    for (const paragraph of document.paragraphs) {
      const first = paragraphs.get(paragraph.id);
      if (first) {
        session.report("HX0101", { id: paragraph.id }, paragraph.place, [{ message: `${paragraph.id} is first numbered here`, place: first.place }]);
        continue;
      }
      paragraphs.set(paragraph.id, paragraph);
    }
  }
  return paragraphs;
}
