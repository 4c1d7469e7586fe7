// Offline at the table: registers the service worker (sw.js, built by Workbox after the
// site) once the page is idle, and says in the footer whether the rules are kept on this device: "Saving for
// offline use…", then "Available offline" once every page, calculator and the search
// index are stored, and "Offline: reading from this device" without a network.

const env = (import.meta as { env?: { BASE_URL?: string; MODE?: string } }).env;
const BASE_URL = env?.BASE_URL ?? "/";
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

/** Once the page has loaded and the reader's device is idle: the worker then stores the site in its own thread, not while the page is being read in. */
function whenIdle(run: () => void): void {
  const idle = () => ("requestIdleCallback" in window ? requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1000));
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}

// `npm run dev` has no worker (sw.js is made by the build) and must not serve a stored site. Its
// mode, not `DEV`: Vite sets `DEV` from NODE_ENV, which a build started by the tests has as "test".
if ("serviceWorker" in navigator && location.protocol !== "file:" && env?.MODE !== "development") {
  whenIdle(() => {
    if (!navigator.serviceWorker.controller) say("Saving the rules for offline use…", "saving");
    navigator.serviceWorker.register(`${BASE}sw.js`, { scope: BASE }).catch(() => say("Offline use is not available in this browser", "none"));
  });
  // Active means installed, and installing is precaching everything: the whole site is stored.
  navigator.serviceWorker.ready.then(() => say(navigator.onLine ? "Available offline" : "Offline: reading from this device", navigator.onLine ? "ready" : "offline"));
  window.addEventListener("online", connection);
  window.addEventListener("offline", connection);
}
