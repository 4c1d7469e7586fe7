// The service worker (built into dist/sw.js by build-sw.ts): Workbox's precaching of
// the whole built site. `self.__WB_MANIFEST` is replaced by the list of files and
// their revisions when the site is built. Every page works offline after one visit:
// a page's URL ("/ocs/4.3/charts/") is served from its index.html, whatever its query
// (a calculator link's ?assume.…); a new build's worker takes over at once and drops
// the caches of the old one.
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";

declare const self: { __WB_MANIFEST: PrecacheEntry[]; skipWaiting(): Promise<void> };

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: "index.html", ignoreURLParametersMatching: [/.*/] });
