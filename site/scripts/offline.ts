// Offline at the table: registers the service worker (sw.js, built by Workbox after the
// site) and says in the footer whether the rules are kept on this device: "Saving for
// offline use…", then "Available offline" once every page, calculator and the search
// index are stored, and "Offline: reading from this device" without a network.

const BASE_URL = (import.meta as { env?: { BASE_URL?: string } }).env?.BASE_URL ?? "/";
const BASE = BASE_URL.endsWith("/") ? BASE_URL : `${BASE_URL}/`;

function say(text: string, state: string): void {
  const status = document.querySelector<HTMLElement>("[data-offline-status]");
  if (!status) return;
  status.textContent = text;
  status.dataset.state = state;
  status.hidden = false;
}

function connection(): void {
  if (!navigator.onLine) say("Offline: reading from this device", "offline");
  else if (navigator.serviceWorker?.controller) say("Available offline", "ready");
}

if ("serviceWorker" in navigator && location.protocol !== "file:") {
  window.addEventListener("load", () => {
    if (!navigator.serviceWorker.controller) say("Saving the rules for offline use…", "saving");
    navigator.serviceWorker.register(`${BASE}sw.js`, { scope: BASE }).catch(() => say("Offline use is not available in this browser", "none"));
  });
  // Active means installed, and installing is precaching everything: the whole site is stored.
  navigator.serviceWorker.ready.then(() => say(navigator.onLine ? "Available offline" : "Offline: reading from this device", navigator.onLine ? "ready" : "offline"));
  window.addEventListener("online", connection);
  window.addEventListener("offline", connection);
}
