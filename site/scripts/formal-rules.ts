// A chapter's rules blocks carry a link to their listing on the chapter's
// formal-rules page (compiler/markdown/rehype-formal-apart.ts). When a reader opens
// one, the page's listings are fetched once (the offline worker has them too) and
// the listing takes the link's place; if the fetch fails, the link stays.
import { formalPage } from "./formal-page.ts";

async function fill(block: HTMLDetailsElement): Promise<void> {
  const link = block.querySelector<HTMLAnchorElement>(".rules-apart a");
  if (!link) return;
  const target = new URL(link.href);
  try {
    const listing = (await formalPage(target.pathname)).getElementById(decodeURIComponent(target.hash.slice(1)))?.querySelector("pre");
    if (listing && link.isConnected) link.closest(".rules-apart")!.replaceWith(document.importNode(listing, true));
  } catch {
    // Offline before the first visit, or the server is gone: the link leads to the listing.
  }
}

// `toggle` does not bubble; it is caught on its way down.
document.addEventListener("toggle", (event) => {
  const block = event.target;
  if (block instanceof HTMLDetailsElement && block.open && block.classList.contains("rules-block")) void fill(block);
}, true);
for (const block of document.querySelectorAll<HTMLDetailsElement>("details.rules-block[open]")) void fill(block);
