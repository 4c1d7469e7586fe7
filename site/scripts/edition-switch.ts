// The edition switcher follows the reader: its links go to the paragraph the reader
// is at, in the other edition, or to the note saying it is not there; a calculator's
// situation in the address goes along. Where the reader is: the paragraph the address
// names, else the one they read down to. Scrolling up does not move it — on a phone
// the switcher is at the top of the chapter, and scrolling up to it passes every
// paragraph above — until the reader stays somewhere the switcher is not. Without
// this script the links go to the chapter.
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

/** How long the reader stays at a place, after scrolling up, before it is where they are (ms). */
const STAY = 800;
/** The query key naming the edition a calculator's situation came from (as calculators read it). */
const FROM_EDITION = "from-edition";

const switcher = document.querySelector<HTMLElement>("[data-edition-switch]");
const targets: Target[] = JSON.parse(document.getElementById("hexlaw-edition-switch")?.textContent || "[]");
const links = [...document.querySelectorAll<HTMLAnchorElement>("a[data-switch]")];
const numbered = [...document.querySelectorAll<HTMLElement>(".rule-text .numbered[id]")];
const chapter = numbered[0]?.id;

/** The paragraph the reader is at, if they have gone past the chapter's start. */
let reading: string | undefined;
let lastY = scrollY;
let stayTimer = 0;
/** Whether the reader has scrolled up and not yet stayed anywhere. */
let goingUp = false;

/** The paragraph the address names. */
function named(): HTMLElement | undefined {
  const element = document.getElementById(decodeURIComponent(location.hash.slice(1)));
  return element?.matches(".numbered") ? element : undefined;
}

/** The paragraph the address names while it is on screen. */
function namedInView(): string | undefined {
  const element = named();
  if (!element) return undefined;
  const r = element.getBoundingClientRect();
  return r.bottom > 0 && r.top < innerHeight ? element.id : undefined;
}

/** Whether the reader is looking at the switcher because they scrolled to it (not one that stays on screen). */
function atTheSwitcher(): boolean {
  if (!switcher) return false;
  for (let e: HTMLElement | null = switcher; e; e = e.parentElement) {
    const position = getComputedStyle(e).position;
    if (position === "sticky" || position === "fixed") return false;
  }
  // In the chapter's contents (folded on a phone), the switcher is reached by their summary.
  const summary = switcher.closest("details")?.querySelector<HTMLElement>(":scope > summary");
  return [switcher, summary].some((e) => {
    const r = e?.getBoundingClientRect();
    return r !== undefined && r.height > 0 && r.bottom > 0 && r.top < innerHeight;
  });
}

/** Takes where the reader is now as their place, unless they are at the switcher. */
function settle(): void {
  if (atTheSwitcher()) return;
  reading = namedInView() ?? (scrollY < 1 ? undefined : lastInView(numbered)?.id);
  update();
}

/** An address in the other edition with the calculators' situation of this page's address, saying where it came from. */
function carrying(address: string): string {
  const carried = new URLSearchParams(location.search);
  carried.delete(FROM_EDITION);
  if (carried.size === 0 || !switcher?.dataset.editionSwitch) return address;
  carried.set(FROM_EDITION, switcher.dataset.editionSwitch);
  const [path, fragment] = address.split("#");
  return `${path}?${carried}${fragment === undefined ? "" : `#${fragment}`}`;
}

function update(): void {
  const id = reading;
  for (const link of links) {
    const target = targets.find((t) => t.edition === link.dataset.switch);
    if (!target) continue;
    const href = id !== undefined && id !== chapter ? target.paragraphs[id] : undefined;
    link.setAttribute("href", carrying(href ?? target.chapter));
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

/**
 * Reading down moves the place at once. Once the reader scrolls up, nothing moves it until they
 * stay: a move down on the way (the browser keeping the text in place while paragraphs above
 * are laid out, or a thumb's bounce) waits with the rest.
 */
function scrolled(): void {
  const down = scrollY > lastY;
  lastY = scrollY;
  clearTimeout(stayTimer);
  if (!down) goingUp = true;
  if (down && !goingUp) settle();
  else
    stayTimer = window.setTimeout(() => {
      goingUp = false;
      settle();
    }, STAY);
}

// The reader came to the paragraph the address names, whether or not the browser has scrolled to it yet.
reading = named()?.id;
// A calculator may have changed the address since: the link is made again as it is followed.
for (const link of links) link.addEventListener("click", update);
addEventListener("hashchange", settle);
onScroll(scrolled);
update();
