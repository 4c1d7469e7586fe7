// The rulebook site, built by Hexlaw's own Astro integration as any rulebook
// repository builds its site (README: "Your own rulebook repository"): the pages, the
// compile, the search index, the figures and the offline worker are the integration's
// (site/astro.ts). Where the site is served comes from the environment: HEXLAW_SITE
// (its public URL), HEXLAW_BASE (a sub-path such as /hexlaw/) and HEXLAW_OUT.
import hexlaw from "hexlaw/astro";

// A plain object, typed for editors: `defineConfig` (astro/config) only returns it, and
// importing it loads Astro's SVG optimizer and its CSS tools (~280 modules) before the build.
/** @type {import("astro").AstroUserConfig} */
export default {
  integrations: [hexlaw()],
  server: { host: "127.0.0.1", port: 4321 },
};
