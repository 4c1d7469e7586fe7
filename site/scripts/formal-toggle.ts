// One switch for what every chapter holds for the curious (formal rules, calculator
// links, what refers to a paragraph, constructed examples, the editors' notes: what
// the compiler marks `curious`): hidden while reading, shown for the curious, and
// remembered (the page applies the choice before it paints, in Base.astro's head).

// The paragraphs' notes for the curious are not in the chapter (rehype-notes-apart.ts):
// shown, they are put back from the chapter's formal-rules page, once.
import { formalPage } from "./formal-page.ts";

const root = document.documentElement;
const source = document.querySelector<HTMLElement>("[data-formal-page]")?.dataset.formalPage;
let filled = false;

async function fillNotes(): Promise<void> {
  if (filled || !source) return;
  filled = true;
  try {
    const page = await formalPage(source);
    for (const notes of document.querySelectorAll<HTMLElement>(".rule-text .notes[data-for]")) {
      const apart = page.getElementById(`notes-${notes.dataset.for}`);
      if (apart) notes.append(...[...apart.children].map((child) => document.importNode(child, true)));
    }
  } catch {
    // Offline before the first visit: the chapter's formal-rules page has them once it can be reached.
    filled = false;
  }
}

function show(shown: boolean): void {
  if (shown) root.dataset.formal = "shown";
  else delete root.dataset.formal;
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-formal-toggle]")) button.setAttribute("aria-pressed", String(shown));
  if (shown) void fillNotes();
}

show(root.dataset.formal === "shown");
for (const button of document.querySelectorAll<HTMLButtonElement>("[data-formal-toggle]")) {
  button.addEventListener("click", () => {
    const shown = root.dataset.formal !== "shown";
    show(shown);
    try {
      localStorage.setItem("hexlaw-formal", shown ? "shown" : "hidden");
    } catch {
      // Private browsing: the choice lasts for this page.
    }
  });
}
