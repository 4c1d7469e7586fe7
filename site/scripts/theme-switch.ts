// Light or dark: the system's until the reader chooses on the page's switch, then the
// reader's, remembered on this device (Base.astro applies it in the head, before the
// first paint; frame.css picks every colour by the page's color-scheme).

const root = document.documentElement;
const KEY = "hexlaw-theme";
const system = matchMedia("(prefers-color-scheme: dark)");

const dark = () => (root.dataset.theme ? root.dataset.theme === "dark" : system.matches);

function show(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-theme-switch]")) button.setAttribute("aria-pressed", String(dark()));
}

show();
// Until the reader chooses, the switch says what the system shows.
system.addEventListener("change", show);
for (const button of document.querySelectorAll<HTMLButtonElement>("[data-theme-switch]")) {
  button.addEventListener("click", () => {
    root.dataset.theme = dark() ? "light" : "dark";
    show();
    try {
      localStorage.setItem(KEY, root.dataset.theme);
    } catch {
      // Private browsing: the choice lasts for this page.
    }
  });
}
