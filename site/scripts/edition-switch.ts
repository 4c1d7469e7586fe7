// The edition switcher follows the reader: its links go to the paragraph in view
// (the one the address names while it is on screen, else the last one that starts
// in the top third of the screen), in the other edition, or to the note saying it
// is not there. Without this script they go to the chapter.
import { lastInView, onScroll } from "./in-view.ts";

interface Target {
  edition: string;
  chapter: string;
  changes: string | null;
  paragraphs: Record<string, string>;
  found: Record<string, boolean>;
  /** The changes page's entry for each paragraph that changed. */
  changed: Record<string, string>;
}

const targets: Target[] = JSON.parse(document.getElementById("hexlaw-edition-switch")?.textContent || "[]");
const links = [...document.querySelectorAll<HTMLAnchorElement>("a[data-switch]")];
const numbered = [...document.querySelectorAll<HTMLElement>(".rule-text .numbered[id]")];
const chapter = numbered[0]?.id;

function paragraphInView(): string | undefined {
  const named = document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (named?.matches(".numbered")) {
    const r = named.getBoundingClientRect();
    if (r.bottom > 0 && r.top < innerHeight) return named.id;
  }
  // At the top of the page the reader is at the chapter.
  if (scrollY < 1) return undefined;
  return lastInView(numbered)?.id;
}

function update(): void {
  const id = paragraphInView();
  for (const link of links) {
    const target = targets.find((t) => t.edition === link.dataset.switch);
    if (!target) continue;
    const href = id !== undefined && id !== chapter ? target.paragraphs[id] : undefined;
    link.href = href ?? target.chapter;
    const at = link.querySelector("[data-switch-at]");
    if (at) at.textContent = href ? (target.found[id!] ? `, at ${id}` : ` (${id} is not there)`) : "";
    const changes = link.parentElement?.querySelector<HTMLAnchorElement>("a.switch-changes");
    const entry = id !== undefined ? target.changed[id] : undefined;
    if (changes && target.changes) {
      changes.href = entry ?? target.changes;
      changes.textContent = entry ? `What changed in ${id}` : "What changed";
    }
  }
}

addEventListener("hashchange", update);
onScroll(update);
