// The edition's contents follow the reader: on a wide screen the list is open
// beside the page, the section in view is marked in it (and named in the phone's
// collapsed list), and "back to the top" appears once the top is out of sight.
import { lastInView, onScroll } from "./in-view.ts";

const nav = document.querySelector<HTMLDetailsElement>("[data-edition-nav]");
const here = nav?.querySelector<HTMLElement>("[data-nav-here]");
const chapter = here?.textContent ?? "";
const links = [...(nav?.querySelectorAll<HTMLAnchorElement>("a[data-spy]") ?? [])];
const sections = links.map((link) => document.getElementById(link.dataset.spy ?? "")).filter((h): h is HTMLElement => h !== null);
const toTop = document.querySelector<HTMLElement>("[data-to-top]");
const wide = matchMedia("(min-width: 64rem)");

function fit(): void {
  if (nav) nav.open = wide.matches;
}

function update(): void {
  const current = lastInView(sections);
  for (const link of links) {
    if (link.dataset.spy === current?.id) link.setAttribute("aria-current", "location");
    else link.removeAttribute("aria-current");
  }
  if (here) here.textContent = current ? `${chapter} › ${current.textContent?.trim() ?? ""}` : chapter;
  toTop?.classList.toggle("shown", scrollY > innerHeight);
}

fit();
wide.addEventListener("change", fit);
onScroll(update);
