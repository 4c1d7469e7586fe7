// The page's one toast ("Copied the link to 9.14b"): shown briefly, read by screen readers.
let timer = 0;

/** Shows a short message in the page's toast. */
export function say(message: string): void {
  const toast = document.querySelector<HTMLElement>("[data-toast]");
  if (!toast) return;
  toast.textContent = message;
  toast.classList.add("show");
  clearTimeout(timer);
  timer = window.setTimeout(() => toast.classList.remove("show"), 2200);
}
