// One switch for the formal rules and calculator links of every chapter: hidden
// while reading, shown for the curious, and remembered (the page applies the
// choice before it paints, in Base.astro's head).

const root = document.documentElement;

function show(shown: boolean): void {
  if (shown) root.dataset.formal = "shown";
  else delete root.dataset.formal;
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-formal-toggle]")) button.setAttribute("aria-pressed", String(shown));
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
