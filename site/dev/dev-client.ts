/// <reference types="vite/client" />
// In `npm run dev` only (injected by site/integration.ts): reloads this page when a build of
// rules/ changed what it shows, and shows the build's errors over it, each with its code,
// place, code frame and hint, until a build succeeds (site/dev/dev-compile.ts).
import { ASK, BUILT, type BuildNews, type ShownDiagnostic } from "./messages.ts";

const OVERLAY = "hexlaw-errors";

function affected(pages: string[]): boolean {
  return pages.some((page) => page === "*" || location.pathname.startsWith(page));
}

function show(errors: ShownDiagnostic[]): void {
  document.getElementById(OVERLAY)?.remove();
  if (errors.length === 0) return;
  const overlay = document.createElement("section");
  overlay.id = OVERLAY;
  overlay.setAttribute("role", "alert");
  overlay.setAttribute("aria-labelledby", `${OVERLAY}-title`);
  overlay.style.cssText =
    "position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:1rem;background:#18181b;color:#f4f4f5;font:14px/1.45 ui-monospace,monospace";
  const title = document.createElement("h2");
  title.id = `${OVERLAY}-title`;
  title.textContent = `hexlaw build: ${errors.length} error${errors.length === 1 ? "" : "s"} — generated/ was not changed; fix and save`;
  title.style.cssText = "margin:0 0 1rem;padding-right:4.5rem;font-size:1rem;color:#fca5a5";
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = "Hide";
  close.style.cssText = "position:absolute;top:1rem;right:1rem";
  close.addEventListener("click", () => overlay.remove());
  overlay.append(title, close);
  for (const error of errors) {
    const text = document.createElement("pre");
    text.dataset.code = error.code;
    text.textContent = error.text;
    // Lines as the terminal prints them, scrolled sideways on a narrow screen: wrapped, the carets would no longer point at the mistake.
    text.style.cssText = "margin:0 0 1rem;white-space:pre;overflow-x:auto";
    overlay.append(text);
  }
  document.body.append(overlay);
}

if (import.meta.hot) {
  import.meta.hot.on(BUILT, ({ pages, errors }: BuildNews) => {
    show(errors);
    if (affected(pages)) location.reload();
  });
  import.meta.hot.send(ASK);
}
