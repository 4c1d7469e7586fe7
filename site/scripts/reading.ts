// Reading aids on chapter pages: a preview of a referenced paragraph on hover,
// keyboard focus and tap, and a copied permalink when a paragraph number is clicked.
// The page reads fine without this script; it only adds. The previews are the
// chapter's previews.json, fetched once the page is idle (or when a reference is
// first pointed at or focused), not carried in the page the reader waits for.
import type { Preview } from "../lib/previews.ts";
import { say } from "./toast.ts";

const source = document.querySelector<HTMLElement>("[data-previews]")?.dataset.previews;
let previews: Record<string, Preview> = {};
let loading: Promise<void> | null = null;

function loadPreviews(): Promise<void> {
  loading ??= source
    ? fetch(source).then((r) => (r.ok ? r.json() : {})).then((data: Record<string, Preview>) => void (previews = data), () => undefined)
    : Promise.resolve();
  return loading;
}
if ("requestIdleCallback" in window) requestIdleCallback(() => void loadPreviews());
else addEventListener("load", () => void loadPreviews());

const tip = document.createElement("div");
tip.id = "ref-preview";
tip.className = "ref-preview";
tip.setAttribute("role", "tooltip");
tip.hidden = true;
document.body.append(tip);

let current: HTMLAnchorElement | null = null;
let showTimer = 0;
/** The reference the mouse is on, whose preview shows once loaded. */
let pointed: HTMLAnchorElement | null = null;
let hideTimer = 0;
let lastPointer = "mouse";

function show(link: HTMLAnchorElement, touch = false): void {
  const preview = previews[link.dataset.ref ?? ""];
  if (!preview) return;
  clearTimeout(hideTimer);
  if (current && current !== link) current.removeAttribute("aria-describedby");
  current = link;
  tip.replaceChildren();
  const title = document.createElement("p");
  title.className = "ref-preview-title";
  title.textContent = preview.t;
  const chapter = document.createElement("p");
  chapter.className = "ref-preview-chapter";
  chapter.textContent = preview.c;
  const body = document.createElement("p");
  body.className = "ref-preview-text";
  body.textContent = preview.x;
  tip.append(title, chapter, body);
  if (touch) {
    const hint = document.createElement("p");
    hint.className = "ref-preview-hint";
    hint.textContent = `Tap ${link.textContent} again to go there.`;
    tip.append(hint);
  }
  tip.hidden = false;
  link.setAttribute("aria-describedby", tip.id);
  place(link);
}

function place(link: HTMLElement): void {
  const r = link.getBoundingClientRect();
  const width = Math.min(384, document.documentElement.clientWidth - 16);
  tip.style.width = `${width}px`;
  const left = Math.max(8, Math.min(r.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - width - 8));
  const below = r.bottom + 8 + tip.offsetHeight < window.innerHeight || r.top < tip.offsetHeight + 8;
  tip.style.left = `${left}px`;
  tip.style.top = `${below ? r.bottom + window.scrollY + 6 : r.top + window.scrollY - tip.offsetHeight - 6}px`;
}

function hide(): void {
  clearTimeout(showTimer);
  tip.hidden = true;
  current?.removeAttribute("aria-describedby");
  current = null;
}

const refOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLAnchorElement>("a[data-ref]") : null);

document.addEventListener("pointerover", (event) => {
  lastPointer = event.pointerType;
  const link = refOf(event.target);
  if (link && event.pointerType === "mouse") {
    clearTimeout(showTimer);
    clearTimeout(hideTimer);
    pointed = link;
    const loaded = loadPreviews();
    showTimer = window.setTimeout(() => void loaded.then(() => pointed === link && show(link)), 120);
  } else if (event.target instanceof Node && tip.contains(event.target)) {
    clearTimeout(hideTimer);
  }
});
document.addEventListener("pointerout", (event) => {
  if (event.pointerType !== "mouse") return;
  if (refOf(event.target) || (event.target instanceof Node && tip.contains(event.target))) {
    pointed = null;
    clearTimeout(showTimer);
    hideTimer = window.setTimeout(hide, 200);
  }
});
document.addEventListener("pointerdown", (event) => {
  lastPointer = event.pointerType;
});
document.addEventListener("focusin", (event) => {
  const link = refOf(event.target);
  if (link && lastPointer !== "touch") void loadPreviews().then(() => document.activeElement === link && show(link));
});
document.addEventListener("focusout", (event) => {
  if (refOf(event.target)) hideTimer = window.setTimeout(hide, 100);
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && !tip.hidden) hide();
});
window.addEventListener("scroll", () => current && place(current), { passive: true });

document.addEventListener("click", (event) => {
  const link = refOf(event.target);
  if (link && lastPointer === "touch" && current !== link && previews[link.dataset.ref ?? ""]) {
    // First tap shows the preview; a second tap on the same reference follows it.
    event.preventDefault();
    show(link, true);
    return;
  }
  if (!link && !(event.target instanceof Node && tip.contains(event.target))) hide();
  const permalink = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a.pnum") : null;
  if (permalink) copyLink(permalink);
});

function copyLink(link: HTMLAnchorElement): void {
  const url = new URL(link.getAttribute("href") ?? "", location.href).href;
  navigator.clipboard?.writeText(url).then(
    () => say(`Copied the link to ${link.textContent}`),
    () => undefined,
  );
}

