// A chapter's formal-rules page (<chapter>/formal/), fetched once for the page and
// parsed: the rules blocks' listings and what the paragraphs' notes hold for the
// curious come from there (compiler/markdown/rehype-formal-apart.ts and
// rehype-notes-apart.ts). The offline worker has it too. A failed fetch is tried
// again on the next call.
let page: Promise<Document> | undefined;

export function formalPage(url: string): Promise<Document> {
  page ??= fetch(url)
    .then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status)))))
    .then((html) => new DOMParser().parseFromString(html, "text/html"));
  page.catch(() => (page = undefined));
  return page;
}
