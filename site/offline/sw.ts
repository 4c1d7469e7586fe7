// The service worker (built into dist/sw.js by build-sw.ts): Workbox's precaching of
// the whole built site. `self.__WB_MANIFEST` is replaced by the list of files and
// their revisions when the site is built. Every page works offline after one visit:
// a page's URL ("/ocs/4.3/charts/") is served from its index.html, whatever its query
// (a calculator link's ?assume.…); a new build's worker takes over at once and drops
// the caches of the old one. An address the site does not store, opened without a
// network, gets the site's own offline page (offline/index.html, precached with the
// rest) instead of the browser's error.
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import { registerRoute } from "workbox-routing";

declare const self: { __WB_MANIFEST: PrecacheEntry[]; skipWaiting(): Promise<void>; registration: { scope: string } };

/** The site's page for an address that is not stored, without a network: under the worker's scope, the site's base. */
const OFFLINE_PAGE = new URL("offline/", self.registration.scope).pathname;

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: "index.html", ignoreURLParametersMatching: [/.*/] });
// Routes are tried in order: only a page the precache does not hold comes here.
registerRoute(
  ({ request }) => request.mode === "navigate",
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache(`${OFFLINE_PAGE}index.html`)) ?? Response.error();
    }
  },
);
